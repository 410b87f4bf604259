import { siteConfig } from '../config/site';
import { publicPaths } from '../app/routes-list';
import { expect, gotoHydrated, test } from './fixtures';

const paths = publicPaths();

test('every page has a unique title and description, a canonical URL and social tags', async ({
  request,
}) => {
  const titles = new Set<string>();
  const descriptions = new Set<string>();
  for (const path of paths) {
    const html = await (await request.get(path)).text();
    const title = html.match(/<title>([^<]+)<\/title>/)?.[1];
    const description = html.match(/<meta name="description" content="([^"]+)"/)?.[1];
    expect(title, path).toBeTruthy();
    expect(description, path).toBeTruthy();
    titles.add(title!);
    descriptions.add(description!);
    const decoded = description!.replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, '&');
    expect(decoded.length, `${path} description length`).toBeGreaterThanOrEqual(50);
    expect(decoded.length, `${path} description length`).toBeLessThanOrEqual(160);
    const canonical = `${siteConfig.siteUrl}${path}`;
    expect(html, path).toContain(`<link rel="canonical" href="${canonical}"/>`);
    expect(html, path).toContain(`<meta property="og:url" content="${canonical}"/>`);
    for (const tag of ['og:title', 'og:description', 'og:type', 'og:locale']) {
      expect(html, `${path} ${tag}`).toContain(`<meta property="${tag}"`);
    }
    expect(html, path).toContain('<meta name="twitter:card" content="summary"/>');
    expect(html.match(/<h1[\s>]/g), `${path} h1 count`).toHaveLength(1);
  }
  expect(titles.size).toBe(paths.length);
  expect(descriptions.size).toBe(paths.length);
});

test('every page publishes the business as JSON-LD, with no review markup', async ({ request }) => {
  for (const path of paths) {
    const html = await (await request.get(path)).text();
    const blocks = [
      ...html.matchAll(/<script type="application\/ld\+json">([^<]+)<\/script>/g),
    ].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
    const business = blocks.find((block) => block['@type'] === 'HomeAndConstructionBusiness');
    expect(business, path).toMatchObject({
      name: siteConfig.companyName,
      email: siteConfig.email,
      address: { addressLocality: siteConfig.registeredOffice.city },
    });
    expect(html, path).not.toContain('aggregateRating');
    expect(html, path).not.toContain('"Review"');
  }
});

test('sitemap.xml lists every public route and robots.txt points to it', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
  expect(locs).toEqual(paths.map((path) => `${siteConfig.siteUrl}${path}`));
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${siteConfig.siteUrl}/sitemap.xml`);
});

test('the 404 screen is not indexed', async ({ request }) => {
  const html = await (await request.get('/nulle-part')).text();
  expect(html).toContain('<meta name="robots" content="noindex"/>');
  expect(html).not.toContain('rel="canonical"');
});

test('security headers are sent on pages, assets, the 404 and JSON answers', async ({
  request,
}) => {
  const html = await (await request.get('/')).text();
  const asset = html.match(/\/assets\/[\w.-]+\.js/)?.[0] ?? '';
  for (const path of ['/', '/contact', '/nulle-part', '/healthz', asset]) {
    const response = await request.get(path);
    const headers = response.headers();
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    expect(headers['cross-origin-opener-policy'], path).toBe('same-origin');
    expect(headers['permissions-policy'], path).toContain('camera=()');
    const csp = headers['content-security-policy'] ?? '';
    expect(csp, path).toContain("frame-ancestors 'none'");
    expect(csp, path).toContain("base-uri 'none'");
    expect(csp, path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  }
  const pageCsp = (await request.get('/')).headers()['content-security-policy'] ?? '';
  expect(pageCsp).toContain("default-src 'self'");
  expect(pageCsp).toContain("form-action 'self'");
  expect(pageCsp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+/);
});

for (const path of [...paths, '/nulle-part']) {
  test(`${path} runs without any Content-Security-Policy violation`, async ({ page, problems }) => {
    if (path === '/nulle-part') problems.allowConsoleError(/nulle-part|status of 404/);
    const violations: string[] = [];
    await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation(
          `${event.violatedDirective} ${event.blockedURI}`,
        );
      });
    });
    await gotoHydrated(page, path);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForTimeout(150);
    expect(violations).toEqual([]);
  });
}

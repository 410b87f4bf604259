import { afterAll, beforeAll, expect, it } from 'vitest';

import { siteConfig } from '#config/site.ts';
import { publicPaths } from '#app/routes-list.ts';
import { startBuiltSite, type BuiltSite } from '#test-support/built-site.ts';

/**
 * What search engines and browsers read in the built site's answers, without a browser (moved
 * from e2e/seo-security.spec.ts; the Content-Security-Policy run of each page stays there).
 */
const paths = publicPaths();

let site: BuiltSite;
beforeAll(async () => {
  site = await startBuiltSite();
});
afterAll(async () => {
  await site?.stop();
});

it('every page has a unique title and description, a canonical URL and social tags', async () => {
  const titles = new Set<string>();
  const descriptions = new Set<string>();
  for (const path of paths) {
    const html = await (await site.get(path)).text();
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

it('every page publishes the business as JSON-LD, with no review markup', async () => {
  for (const path of paths) {
    const html = await (await site.get(path)).text();
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

it('sitemap.xml lists every public route and robots.txt points to it', async () => {
  const sitemap = await (await site.get('/sitemap.xml')).text();
  const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
  expect(locs).toEqual(paths.map((path) => `${siteConfig.siteUrl}${path}`));
  const robots = await (await site.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${siteConfig.siteUrl}/sitemap.xml`);
});

it('the 404 screen is not indexed', async () => {
  const html = await (await site.get('/nulle-part')).text();
  expect(html).toContain('<meta name="robots" content="noindex"/>');
  expect(html).not.toContain('rel="canonical"');
});

it('security headers are sent on pages, assets, the 404 and JSON answers', async () => {
  const html = await (await site.get('/')).text();
  const asset = html.match(/\/assets\/[\w.-]+\.js/)?.[0] ?? '';
  for (const path of ['/', '/contact', '/nulle-part', '/healthz', asset]) {
    const response = await site.get(path);
    const headers = Object.fromEntries(response.headers);
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    expect(headers['cross-origin-opener-policy'], path).toBe('same-origin');
    expect(headers['permissions-policy'], path).toContain('camera=()');
    const csp = headers['content-security-policy'] ?? '';
    expect(csp, path).toContain("frame-ancestors 'none'");
    expect(csp, path).toContain("base-uri 'none'");
    expect(csp, path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  }
  const pageCsp = (await site.get('/')).headers.get('content-security-policy') ?? '';
  expect(pageCsp).toContain("default-src 'self'");
  expect(pageCsp).toContain("form-action 'self'");
  expect(pageCsp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+/);
});

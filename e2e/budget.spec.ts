import { expect, test } from './fixtures';

/** Byte budgets of the home page's first load (quality bar; bytes, not time). */
const JS_BUDGET_BYTES = 130 * 1024;
/** The HTML with its inlined critical CSS: what the first round trip can carry. */
const HTML_BUDGET_BYTES = 14_000;

test('the home page first load stays within its JavaScript and HTML budgets', async ({ page }) => {
  const transferred = new Map<string, number>();
  page.on('response', (response) => {
    transferred.set(response.url(), Number(response.headers()['content-length'] ?? 0));
  });
  await page.goto('/', { waitUntil: 'networkidle' });

  const all = [...transferred.entries()];
  const js = all.filter(([url]) => url.endsWith('.js')).reduce((sum, [, bytes]) => sum + bytes, 0);
  const html = all.find(([url]) => new URL(url).pathname === '/')?.[1] ?? 0;
  console.log(
    `home first load: JS ${js} B compressed, HTML with critical CSS ${html} B compressed`,
  );
  expect(js).toBeGreaterThan(0);
  expect(js).toBeLessThanOrEqual(JS_BUDGET_BYTES);
  expect(html).toBeGreaterThan(0);
  expect(html).toBeLessThanOrEqual(HTML_BUDGET_BYTES);
  // Fonts: at most two WOFF2 files, all self-hosted; no request to any other host.
  expect(all.filter(([url]) => url.endsWith('.woff2')).length).toBeLessThanOrEqual(2);
  for (const [url] of all) expect(new URL(url).hostname).toBe('127.0.0.1');
});

test('pages carry their critical CSS inline and no render-blocking stylesheet', async ({
  request,
}) => {
  for (const path of ['/', '/contact', '/mentions-legales']) {
    const html = await (await request.get(path)).text();
    const inline = html.match(/<style data-inline-css="[^"]+">([\s\S]*?)<\/style>/)?.[1] ?? '';
    expect(inline.length, path).toBeGreaterThan(1000);
    expect(html, path).not.toMatch(/<link rel="stylesheet"/);
  }
});

test('the full stylesheet arrives without waiting for the scripts and brings hover styles', async ({
  browser,
}) => {
  // JavaScript modules never load here: the stylesheet must not depend on hydration.
  const context = await browser.newContext();
  await context.route(/\.js$/, (route) => route.abort());
  const page = await context.newPage();
  await page.goto('/');
  const stylesheet = page.locator('link[rel="stylesheet"]');
  await expect(stylesheet).toHaveCount(1);
  await expect
    .poll(() => stylesheet.evaluate((link: HTMLLinkElement) => link.sheet?.cssRules.length ?? 0))
    .toBeGreaterThan(0);
  const quote = page.getByRole('banner').getByRole('link', { name: 'Devis gratuit' });
  const before = await quote.evaluate((element) => getComputedStyle(element).backgroundColor);
  await quote.hover();
  await expect
    .poll(() => quote.evaluate((element) => getComputedStyle(element).backgroundColor))
    .not.toBe(before);
  await context.close();
});

test('no image above the fold lacks explicit dimensions', async ({ page }) => {
  await page.goto('/');
  const offenders = await page.evaluate(() =>
    [...document.images]
      .filter((image) => image.getBoundingClientRect().top < window.innerHeight)
      .filter((image) => !image.getAttribute('width') || !image.getAttribute('height'))
      .map((image) => image.src),
  );
  expect(offenders).toEqual([]);
});

import { expect, test } from './fixtures';

/** Byte budgets of the home page's first load (DESIGN/product quality bar; bytes, not time). */
const JS_BUDGET_BYTES = 130 * 1024;
const HTML_BUDGET_BYTES = 14 * 1024;

test('the home page first load stays within its byte budgets', async ({ page }) => {
  const transferred = new Map<string, number>();
  page.on('response', async (response) => {
    const length = Number(response.headers()['content-length'] ?? 0);
    transferred.set(response.url(), length);
  });
  await page.goto('/', { waitUntil: 'networkidle' });

  const all = [...transferred.entries()];
  const js = all.filter(([url]) => url.endsWith('.js')).reduce((sum, [, bytes]) => sum + bytes, 0);
  const html = all.find(([url]) => new URL(url).pathname === '/')?.[1] ?? Infinity;
  const css = all.filter(([url]) => url.endsWith('.css'));

  console.log(`home first load: JS ${js} B compressed, HTML+inlined CSS ${html} B compressed`);
  expect(js).toBeGreaterThan(0);
  expect(js).toBeLessThanOrEqual(JS_BUDGET_BYTES);
  expect(html).toBeLessThanOrEqual(HTML_BUDGET_BYTES);
  // The stylesheet is inlined: no render-blocking CSS request.
  expect(css).toEqual([]);
  // Fonts: at most two WOFF2 files, self-hosted.
  const fonts = all.filter(([url]) => url.endsWith('.woff2'));
  expect(fonts.length).toBeLessThanOrEqual(2);
  for (const [url] of all) expect(new URL(url).hostname).toBe('127.0.0.1');
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

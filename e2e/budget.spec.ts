import { expect, test } from './fixtures';

/** Byte budget of the home page's first load (quality bar; bytes, not time). */
const JS_BUDGET_BYTES = 130 * 1024;

test('the home page first load stays within its JavaScript budget', async ({ page }) => {
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

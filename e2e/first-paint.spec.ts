import { expect, gotoHydrated, test } from './fixtures.ts';

/** One page of every route kind. */
const PAGES = [
  '/',
  '/contact',
  '/professionnels/hp-flottante',
  '/particuliers/pompe-a-chaleur',
  '/mentions-legales',
];

for (const path of PAGES) {
  test(`${path}: scripts and the stylesheet are requested after the first paint, then it hydrates`, async ({
    page,
  }) => {
    // Hydration has run (the app marks <html> once its effects ran).
    await gotoHydrated(page, path);
    const { firstContentfulPaint, requests } = await page.evaluate(() => ({
      firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      requests: performance
        .getEntriesByType('resource')
        .filter((entry) => /\.(js|css)$/.test(new URL(entry.name).pathname))
        .map((entry) => ({ url: new URL(entry.name).pathname, start: entry.startTime })),
    }));
    expect(firstContentfulPaint).toBeGreaterThan(0);
    expect(requests.some((request) => request.url.endsWith('.css'))).toBe(true);
    expect(requests.filter((request) => request.url.endsWith('.js')).length).toBeGreaterThan(3);
    for (const request of requests) {
      expect(request.start, request.url).toBeGreaterThan(firstContentfulPaint ?? Infinity);
    }
  });
}

test('the page HTML announces no script module before the first paint', async ({ request }) => {
  for (const path of PAGES) {
    const html = await (await request.get(path)).text();
    expect(html, path).not.toContain('<link rel="modulepreload"');
    expect(html, path).not.toContain('<script type="module"');
  }
});

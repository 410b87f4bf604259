import type { Page } from '@playwright/test';

import { expect, test, waitForHydration } from './fixtures.ts';

/**
 * Byte budgets of each route kind's first load (quality bar; bytes, not time): JavaScript
 * transferred (brotli) until the page is hydrated and idle. The contact page's validation loads on
 * the first focus in the form, so it is not part of this.
 */
const ROUTE_KINDS = [
  { kind: 'home', path: '/', jsBudget: 130 * 1024 },
  { kind: 'contact', path: '/contact', jsBudget: 130 * 1024 },
  { kind: 'business solution', path: '/professionnels/hp-flottante', jsBudget: 120 * 1024 },
  { kind: 'individual solution', path: '/particuliers/pompe-a-chaleur', jsBudget: 120 * 1024 },
  { kind: 'legal', path: '/mentions-legales', jsBudget: 122 * 1024 },
] as const;
/** The HTML with its inlined critical CSS: what the first round trip can carry. */
const HTML_BUDGET_BYTES = 14_000;
/** The first paint needs one font file: Inter, latin subset (the only one preloaded). */
const FIRST_PAINT_FONTS = 1;

interface FirstLoad {
  js: number;
  html: number;
  fonts: string[];
  urls: string[];
}

async function firstLoad(page: Page, path: string): Promise<FirstLoad> {
  const transferred = new Map<string, number>();
  page.on('response', (response) => {
    transferred.set(response.url(), Number(response.headers()['content-length'] ?? 0));
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  await waitForHydration(page);
  const all = [...transferred.entries()];
  return {
    js: all.filter(([url]) => url.endsWith('.js')).reduce((sum, [, bytes]) => sum + bytes, 0),
    html: all.find(([url]) => new URL(url).pathname === path)?.[1] ?? 0,
    fonts: all.filter(([url]) => url.endsWith('.woff2')).map(([url]) => url),
    urls: all.map(([url]) => url),
  };
}

for (const { kind, path, jsBudget } of ROUTE_KINDS) {
  test(`${kind} page (${path}): first load within its JavaScript, HTML and font budgets`, async ({
    page,
  }) => {
    const load = await firstLoad(page, path);
    console.log(`${path} first load: JS ${load.js} B, HTML with critical CSS ${load.html} B`);
    expect(load.js).toBeGreaterThan(0);
    expect(load.js).toBeLessThanOrEqual(jsBudget);
    expect(load.html).toBeGreaterThan(0);
    expect(load.html).toBeLessThanOrEqual(HTML_BUDGET_BYTES);
    expect(load.fonts.length).toBeLessThanOrEqual(FIRST_PAINT_FONTS);
    // Fonts and everything else self-hosted: no request to any other host.
    for (const url of load.urls) expect(new URL(url).hostname).toBe('127.0.0.1');
  });
}

test('the contact page loads no more JavaScript than the home page', async ({ browser }) => {
  const measure = async (path: string) => {
    const context = await browser.newContext();
    const load = await firstLoad(await context.newPage(), path);
    await context.close();
    return load.js;
  };
  const home = await measure('/');
  const contact = await measure('/contact');
  console.log(`first-load JS: home ${home} B, contact ${contact} B`);
  expect(contact).toBeLessThanOrEqual(home);
});

/**
 * Whether a page ran any of a script's code: V8's coverage of the script's functions (the module
 * body itself aside). A chunk of data only (no function) is used by being evaluated.
 */
function ranAnyFunction(entry: {
  source?: string;
  functions: { ranges: { startOffset: number; endOffset: number; count: number }[] }[];
}): boolean {
  const length = entry.source?.length ?? 0;
  const functions = entry.functions.filter(({ ranges: [whole] }) => {
    const isModuleBody = whole?.startOffset === 0 && (whole?.endOffset ?? 0) >= length - 1;
    return !isModuleBody;
  });
  return functions.length === 0 || functions.some(({ ranges: [whole] }) => (whole?.count ?? 0) > 0);
}

/**
 * The one chunk a page may load without running it: the 404 screen, which the root's error
 * boundary must show at once when a client-side navigation meets a 404 (444 B brotli). Loading it
 * on demand would add Vite's preload helper to every page instead (759 B), which is worse.
 */
const ERROR_SCREEN_CHUNK = /\/assets\/not-found-screen-[\w-]+\.js$/;

for (const { kind, path } of ROUTE_KINDS) {
  test(`${kind} page (${path}) loads no chunk it does not use`, async ({ page }) => {
    await page.coverage.startJSCoverage({ resetOnNavigation: false });
    await page.goto(path, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    const entries = (await page.coverage.stopJSCoverage()).filter((entry) =>
      new URL(entry.url).pathname.startsWith('/assets/'),
    );
    expect(entries.length).toBeGreaterThan(5);
    const unused = entries
      .filter((entry) => !ranAnyFunction(entry) && !ERROR_SCREEN_CHUNK.test(entry.url))
      .map((entry) => entry.url);
    expect(unused).toEqual([]);
  });
}

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

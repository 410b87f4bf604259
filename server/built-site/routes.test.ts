import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import { afterAll, beforeAll, expect, it } from 'vitest';

import { siteConfig } from '#config/site.ts';
import { PRIVATE_PAGE_PATHS, publicPaths } from '#app/routes-list.ts';
import { VISITOR_PAGE_PATH } from '#contracts/contact/visitor-page.ts';
import { BUILT_CLIENT, startBuiltSite, type BuiltSite } from '#test-support/built-site.ts';

/**
 * The built site's routes as the server serves them, without a browser (moved from
 * e2e/routes.spec.ts; what needs a page stays there).
 */
const company = siteConfig.companyName;

let site: BuiltSite;
beforeAll(async () => {
  site = await startBuiltSite();
});
afterAll(async () => {
  await site?.stop();
});

/** The pages the build prerendered: one `index.html` per path. */
function prerenderedPaths(folder = BUILT_CLIENT): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return prerenderedPaths(join(folder, entry.name));
    if (entry.name !== 'index.html') return [];
    return [`/${relative(BUILT_CLIENT, folder).split('\\').join('/')}`];
  });
}

it('the site has the 26 routes of the reference: each prerendered and served, no other page', async () => {
  const paths = publicPaths();
  expect(paths).toHaveLength(26);
  // The build wrote a page for each of them, for the native form's outcomes and the 404 screen
  // (served with its status), and no other.
  expect(prerenderedPaths().sort()).toEqual([...paths, ...PRIVATE_PAGE_PATHS, '/404'].sort());
  expect((await site.get('/404')).status).toBe(404);
  for (const path of paths) {
    const response = await site.get(path);
    expect(response.status, path).toBe(200);
    expect(await response.text(), path).toMatch(/<h1[^>]*>[^<]+/);
  }
});

it('no page but /ma-demande loads or preloads its chunk, and none links to it', () => {
  const pageOf = (path: string) =>
    readFileSync(join(BUILT_CLIENT, path === '/' ? '' : path, 'index.html'), 'utf8');
  const chunk = /assets\/visitor-[\w-]+\.js/;
  expect(pageOf(VISITOR_PAGE_PATH)).toMatch(chunk);
  expect(pageOf(VISITOR_PAGE_PATH)).toContain('<meta name="robots" content="noindex"');
  for (const path of prerenderedPaths().filter((known) => known !== VISITOR_PAGE_PATH)) {
    expect(pageOf(path), path).not.toMatch(chunk);
    expect(pageOf(path), path).not.toContain(`href="${VISITOR_PAGE_PATH}`);
  }
  expect(readFileSync(join(BUILT_CLIENT, 'sitemap.xml'), 'utf8')).not.toContain(VISITOR_PAGE_PATH);
});

it('solution pages carry the product name in the served HTML title', async () => {
  const html = await (await site.get('/professionnels/hp-flottante')).text();
  expect(html).toContain(`<title>HP flottante | ${company}</title>`);
});

it('the server answers /healthz and serves precompressed, cached assets', async () => {
  const health = await site.get('/healthz');
  expect(health.status).toBe(200);
  expect(await health.json()).toMatchObject({ status: 'ok' });

  const page = await site.get('/contact', { headers: { 'accept-encoding': 'br' } });
  expect(page.headers.get('content-encoding')).toBe('br');
  expect(page.headers.get('cache-control')).toContain('max-age=300');

  const html = await page.text();
  const asset = html.match(/\/assets\/[\w.-]+\.js/)?.[0];
  expect(asset).toBeDefined();
  const js = await site.get(asset ?? '', { headers: { 'accept-encoding': 'gzip' } });
  expect(js.headers.get('content-encoding')).toBe('gzip');
  expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
});

it('paths with a trailing slash are served without redirect', async () => {
  const response = await site.get('/contact/');
  expect(response.status).toBe(200);
  expect(await response.text()).toContain('Renseignez-vous gratuitement');
});

import { publicPaths } from '#app/routes-list.ts';
import { expect, test, VIEWPORTS, waitForHydration } from './fixtures.ts';
import { countsWhere, newPage, row, serveAudience } from './support/audience.ts';

/**
 * The audience count in a real browser, against a server of its own: views and entries (a direct
 * visit, another site's referrer, client-side navigation), no cookie and no storage on any
 * public page, identical bytes for identical visits.
 */
// Each test waits for beacons (sent when idle, within 5 s) and for the server's 5-second writes.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

serveAudience();

test('counts views and entries: a direct visit, another site’s referrer, client-side navigation', async ({
  browser,
}) => {
  const { context, page, beacons } = await newPage(browser);
  await page.goto('/', { referer: 'https://www.moteur.example/recherche?q=terme-secret' });
  await waitForHydration(page);
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await expect.poll(() => beacons.length, { timeout: 6_000 }).toBe(1);
  // A client-side navigation (same document): a view, not an entry, no referrer.
  await page.locator('footer a[href="/mentions-legales"]').first().click();
  await expect(page).toHaveURL(/\/mentions-legales$/);
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  await expect.poll(() => beacons.length, { timeout: 6_000 }).toBe(2);
  // A direct visit in a new tab: an entry without referrer.
  const direct = await context.newPage();
  await direct.goto('/contact');
  await waitForHydration(direct);

  const rows = await countsWhere((all) => row(all, '/contact').entries === 1);
  expect(row(rows, '/', 'www.moteur.example')).toEqual({ views: 1, entries: 1 });
  expect(row(rows, '/mentions-legales')).toEqual({ views: 1, entries: 0 });
  expect(row(rows, '/contact')).toEqual({ views: 1, entries: 1 });
  expect(JSON.stringify(beacons)).not.toContain('terme-secret');
  expect(JSON.stringify(rows)).not.toContain('terme-secret');
  await context.close();
});

test('no cookie and no storage on any public page; identical visits send identical bytes', async ({
  browser,
}) => {
  const { context, page, beacons } = await newPage(browser, { viewport: VIEWPORTS.phone });
  const loaded: string[] = [];
  page.on('request', (request) => loaded.push(new URL(request.url()).pathname));
  for (const [index, path] of publicPaths().entries()) {
    await page.goto(path);
    await waitForHydration(page);
    // Each page's beacon leaves within 5 s of the page being shown.
    await expect.poll(() => beacons.length, { timeout: 5_000 }).toBe(index + 1);
    expect(await context.cookies(), path).toEqual([]);
    expect(await page.evaluate(() => localStorage.length + sessionStorage.length), path).toBe(0);
  }
  // The chart library is the audience page's alone.
  expect(loaded.filter((path) => /chart/i.test(path))).toEqual([]);
  await expect.poll(() => beacons.length, { timeout: 6_000 }).toBe(publicPaths().length);
  expect(beacons.every((body) => new TextEncoder().encode(body).length <= 1024)).toBe(true);
  await context.close();

  const visit = async () => {
    const other = await newPage(browser, { viewport: VIEWPORTS.phone });
    await other.page.goto('/professionnels/hp-flottante', {
      referer: 'https://annuaire.example/liste?page=2',
    });
    await expect.poll(() => other.beacons.length, { timeout: 6_000 }).toBe(1);
    await other.context.close();
    return other.beacons[0];
  };
  const first = await visit();
  expect(first).toBe(await visit());
  expect(first).toBe(
    '{"p":"/professionnels/hp-flottante","e":1,"d":"mobile","r":"annuaire.example"}',
  );
});

import { readFileSync } from 'node:fs';

import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';

import { publicPaths } from '#app/routes-list.ts';
import { AUDIENCE_BEACON_PATH, AUDIENCE_OBJECTION_KEY } from '#contracts/audience/contract.ts';
import { CONTACT_ENDPOINT_PATH } from '#contracts/contact/lead-contract.ts';
import { parisDay } from '#server/audience/calendar.ts';
import type { AudienceCount } from '#server/audience/store.ts';
import { expect, test, VIEWPORTS, waitForHydration } from './fixtures.ts';
import { fillContactForm } from './support/contact-form.ts';
import { signInAs } from './support/sign-in.ts';
import { startServerProcess, type ServerProcess } from '#test-support/process.ts';
import { openStores } from '#server/compose/stores.ts';

/**
 * The audience count in a real browser, against a server of its own (so that no other test's
 * visits mix with its counts): views and entries, what is never counted, no cookie and no
 * storage, the staff page (requests beside views, the CSV, axe).
 */
// Each test waits for beacons (sent when idle, within 5 s) and for the server's 5-second writes.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const STAFF = 'audience@calora-energies.example';
const ROBOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

let server: ServerProcess;

test.beforeAll(async () => {
  server = await startServerProcess({ STAFF_EMAILS: STAFF, LOG_LEVEL: 'debug' }, { from: 'build' });
});
test.afterAll(async () => server?.stop());

async function counts(): Promise<AudienceCount[]> {
  const store = await openStores({ dataDir: server.dataDir });
  try {
    const today = parisDay(Date.now());
    return await store.audience.counts(today, today);
  } finally {
    await store.close();
  }
}

/** Waits (the server writes its counts every 5 s) until `check` holds for the stored counts. */
async function countsWhere(check: (rows: AudienceCount[]) => boolean): Promise<AudienceCount[]> {
  let rows: AudienceCount[] = [];
  await expect
    .poll(
      async () => {
        rows = await counts();
        return check(rows);
      },
      { timeout: 20_000, intervals: [500] },
    )
    .toBe(true);
  return rows;
}

function row(rows: AudienceCount[], page: string, referrer = '') {
  const found = rows.filter((entry) => entry.page === page && entry.referrer === referrer);
  return {
    views: found.reduce((sum, entry) => sum + entry.views, 0),
    entries: found.reduce((sum, entry) => sum + entry.entries, 0),
  };
}

async function newPage(browser: Browser, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ baseURL: server.url, locale: 'fr-FR', ...options });
  const page = await context.newPage();
  const beacons: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === AUDIENCE_BEACON_PATH) {
      beacons.push(request.postData() ?? '');
    }
  });
  return { context, page, beacons };
}

/** Until the page's script has sent its beacon (idle, within 5 s), or 6 s without one. */
async function settle(page: Page) {
  await waitForHydration(page);
  await page.waitForTimeout(5_000);
}

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

test('GPC, Do Not Track, the objection control and a robot are not counted', async ({
  browser,
}) => {
  // Global Privacy Control: the header and the script's signal.
  const gpc = await newPage(browser, { extraHTTPHeaders: { 'Sec-GPC': '1' } });
  await gpc.page.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
  );
  await gpc.page.goto('/cgv');
  await settle(gpc.page);
  expect(gpc.beacons).toEqual([]);

  const dnt = await newPage(browser, { extraHTTPHeaders: { DNT: '1' } });
  await dnt.page.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' }),
  );
  await dnt.page.goto('/cgv');
  await settle(dnt.page);
  expect(dnt.beacons).toEqual([]);

  // The objection control: nothing stored until the visitor objects, then nothing sent.
  const objecting = await newPage(browser);
  await objecting.page.goto('/politique-confidentialite');
  await waitForHydration(objecting.page);
  expect(await objecting.page.evaluate(() => localStorage.length)).toBe(0);
  await objecting.page.getByRole('button', { name: 'Je m’oppose à la mesure d’audience' }).click();
  await expect(objecting.page.getByRole('status')).toContainText(
    'Votre opposition est enregistrée',
  );
  expect(
    await objecting.page.evaluate((key) => localStorage.getItem(key), AUDIENCE_OBJECTION_KEY),
  ).toBe('1');
  await objecting.page.waitForTimeout(5_000);
  const before = objecting.beacons.length;
  await objecting.page.locator('footer a[href="/cgv"]').first().click();
  await expect(objecting.page).toHaveURL(/\/cgv$/);
  await objecting.page.goto('/cgv');
  await settle(objecting.page);
  expect(objecting.beacons.length).toBe(before);

  // A robot's page sends its beacon; the server does not count it.
  const robot = await newPage(browser, { userAgent: ROBOT_UA });
  const sent = robot.page.waitForRequest((request) => request.url().endsWith(AUDIENCE_BEACON_PATH));
  await robot.page.goto('/cgv');
  expect((await (await sent).response())?.status()).toBe(204);

  // A visit counted after all of them: once it is stored, theirs would be too.
  const control = await newPage(browser);
  await control.page.goto('/particuliers/isolation-thermique');
  const rows = await countsWhere((all) => row(all, '/particuliers/isolation-thermique').views >= 1);
  expect(rows.filter((entry) => entry.page === '/cgv')).toEqual([]);
  for (const { context } of [gpc, dnt, objecting, robot, control]) await context.close();
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

test('the staff audience page: requests beside views, the CSV, axe clean at 375 and 1280 px', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser);
  // A view of the page and a request sent from it (its source page).
  await page.goto('/particuliers/pompe-a-chaleur');
  await waitForHydration(page);
  const response = await page.request.post(CONTACT_ENDPOINT_PATH, {
    data: {
      clientType: 'professionnel',
      nom: 'Martin',
      prenom: 'Léa',
      adresse: '5 rue des Lilas, 69003 Lyon',
      telephone: '06 11 22 33 44',
      email: 'lea@entreprise.example',
      produit: 'Audit énergétique',
      message: 'Bonjour',
      rgpdConsent: true,
      website: '',
      pageOrigine: '/particuliers/pompe-a-chaleur',
    },
  });
  expect(response.status()).toBe(200);
  await countsWhere((all) => row(all, '/particuliers/pompe-a-chaleur').views >= 1);

  // A request sent from the contact page itself, the visit starting there: counted for it.
  const direct = await browser.newContext({ baseURL: server.url, locale: 'fr-FR' });
  const contactPage = await direct.newPage();
  await contactPage.goto('/contact');
  await waitForHydration(contactPage);
  const sent = contactPage.waitForRequest((request) =>
    request.url().endsWith(CONTACT_ENDPOINT_PATH),
  );
  await fillContactForm(contactPage, { nom: 'Direct', email: 'direct@entreprise.example' });
  await contactPage.getByRole('button', { name: 'Envoyer ma demande' }).click();
  await expect(contactPage.getByRole('status')).toContainText('Demande envoyée');
  expect(JSON.parse((await sent).postData() ?? '{}')).toMatchObject({ pageOrigine: '/contact' });
  await direct.close();
  await countsWhere((all) => row(all, '/contact').views >= 1);

  await signInAs(page, STAFF, server.dataDir);
  await page
    .getByRole('navigation', { name: 'Pages de l’espace équipe' })
    .getByRole('link', { name: 'Audience' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audience du site' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Audience' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  const pages = page.getByRole('table', {
    name: 'Pages vues, entrées, demandes et conversion par page',
  });
  // Each page by its title, its path below; its requests beside its views.
  const pump = pages.getByRole('row', { name: /\/particuliers\/pompe-a-chaleur/ });
  await expect(pump.getByRole('rowheader')).toHaveText(
    'Pompe à chaleur — Particuliers/particuliers/pompe-a-chaleur',
  );
  await expect(pump.getByRole('cell').nth(2)).toHaveText('1');
  const contact = pages.getByRole('row', { name: /^Formulaire de demande \(contact\)/ });
  await expect(contact.getByRole('cell').nth(2)).toHaveText('1');
  // No empty row: every page listed was seen or brought a request; every day listed had visits.
  for (const listed of await pages.getByRole('row').all()) {
    const cells = listed.getByRole('cell');
    if ((await cells.count()) === 0) continue;
    const figures = await Promise.all([0, 1, 2].map((index) => cells.nth(index).textContent()));
    expect(figures.some((figure) => figure !== '0')).toBe(true);
  }
  const days = page.getByRole('table', { name: /^Pages vues et entrées par jour/ });
  await expect(days.getByRole('row')).toHaveCount(2);
  await expect(pump.getByRole('cell').nth(3)).toHaveText(/^\d+(,\d)? %$/);
  await expect(page.getByRole('img', { name: /Graphique des pages vues par jour/ })).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Exporter (CSV)' }).click();
  const csv = readFileSync((await (await download).path())!, 'utf8');
  expect(csv.startsWith('\uFEFFjour;page;vues;entrées;demandes\r\n')).toBe(true);
  expect(csv).toMatch(
    new RegExp(`${parisDay(Date.now())};/particuliers/pompe-a-chaleur;\\d+;\\d+;1\\r\\n`),
  );

  for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
    await page.setViewportSize(viewport);
    await page.getByRole('link', { name: '7 derniers jours' }).click();
    await expect(page.getByRole('link', { name: '7 derniers jours' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    expect(results.violations, `axe at ${viewport.width} px`).toEqual([]);
  }

  // Neither the database nor the server's log holds the address or the user agent.
  const browserUa = await page.evaluate(() => navigator.userAgent);
  expect(server.output()).not.toContain(browserUa);
  expect(server.output()).not.toContain('Googlebot');
  await context.close();
});

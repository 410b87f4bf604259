import { readFileSync } from 'node:fs';

import AxeBuilder from '@axe-core/playwright';

import { AUDIENCE_BEACON_PATH, AUDIENCE_OBJECTION_KEY } from '#contracts/audience/contract.ts';
import { CONTACT_ENDPOINT_PATH } from '#contracts/contact/lead-contract.ts';
import { parisDay } from '#server/audience/index.ts';
import { expect, test, VIEWPORTS, waitForHydration } from './fixtures.ts';
import { fillContactForm } from './support/contact-form.ts';
import { signInAs } from './support/sign-in.ts';
import {
  countsWhere,
  newPage,
  ROBOT_UA,
  row,
  serveAudience,
  server,
  settle,
  STAFF,
} from './support/audience.ts';

/**
 * The audience count in a real browser, against a server of its own: what is never counted (GPC,
 * Do Not Track, the objection control, a robot), then the staff page (requests beside views, the
 * CSV, axe), which checks that the robot's user agent never reached the server's log.
 */
// Each test waits for beacons (sent when idle, within 5 s) and for the server's 5-second writes.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

serveAudience();

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

test('the staff audience page: requests beside views, no share above the counted views, the CSV, axe clean at 375 and 1280 px', async ({
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

  // A visitor whose browser blocks the count sends a request from the contact page: stored and
  // put on /contact like any other, while the visit is never counted.
  const blocked = await browser.newContext({ baseURL: server.url, locale: 'fr-FR' });
  const blockedPage = await blocked.newPage();
  await blockedPage.route(`**${AUDIENCE_BEACON_PATH}`, (route) => route.abort('blockedbyclient'));
  await blockedPage.goto('/contact');
  await waitForHydration(blockedPage);
  const blockedSent = blockedPage.waitForRequest((request) =>
    request.url().endsWith(CONTACT_ENDPOINT_PATH),
  );
  await fillContactForm(blockedPage, { nom: 'Bloque', email: 'bloque@entreprise.example' });
  await blockedPage.getByRole('button', { name: 'Envoyer ma demande' }).click();
  await expect(blockedPage.getByRole('status')).toContainText('Demande envoyée');
  expect(JSON.parse((await blockedSent).postData() ?? '{}')).toMatchObject({
    pageOrigine: '/contact',
  });
  await blocked.close();

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
  // Two requests for one counted view: no « 200 % », the two totals side by side, and why.
  await expect(contact.getByRole('cell').nth(0)).toHaveText('1');
  await expect(contact.getByRole('cell').nth(2)).toHaveText('2');
  await expect(contact.getByRole('cell').nth(3)).toHaveText('non mesurable');
  const why = page.getByText(
    /^Toutes les visites ne sont pas comptées\s: ni celles faites sans JavaScript,/,
  );
  await expect(why).toContainText('Les demandes, elles, sont toutes enregistrées.');
  // No empty row: every page listed was seen or brought a request; every day listed had visits.
  for (const listed of await pages.getByRole('row').all()) {
    const cells = listed.getByRole('cell');
    if ((await cells.count()) === 0) continue;
    const figures = await Promise.all([0, 1, 2].map((index) => cells.nth(index).textContent()));
    expect(figures.some((figure) => figure !== '0')).toBe(true);
    // A conversion is a share up to 100 %, or none.
    expect(await cells.nth(3).textContent()).toMatch(
      /^(\d{1,2}(,\d)?\u00a0%|100\u00a0%|non mesurable|—)$/,
    );
  }
  const days = page.getByRole('table', { name: /^Pages vues et entrées par jour/ });
  await expect(days.getByRole('row')).toHaveCount(2);
  await expect(pump.getByRole('cell').nth(3)).toHaveText(/^\d+(,\d)?\u00a0%$/);
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
    // The reason is read at both widths, wherever the table scrolls to.
    await expect(why).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    expect(results.violations, `axe at ${viewport.width} px`).toEqual([]);
  }

  // Neither the database nor the server's log holds the address or the user agent.
  const browserUa = await page.evaluate(() => navigator.userAgent);
  expect(server.output()).not.toContain(browserUa);
  expect(server.output()).not.toContain('Googlebot');
  await context.close();
});

import { readFileSync } from 'node:fs';

import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';

import { siteConfig } from '#config/site.ts';
import { CONTACT_ENDPOINT_PATH } from '#contracts/contact/lead-contract.ts';
import { hashSecret, SIGN_IN_TOKEN_TTL_MS } from '#server/staff/auth.ts';
import { publicPaths } from '#app/routes-list.ts';
import { expect, gotoHydrated, test, VIEWPORTS } from './fixtures.ts';
import { fillContactForm } from './support/contact-form.ts';
import { waitForMail } from './support/mailbox.ts';
import {
  mailCount,
  onServer,
  requestLink,
  signInLinkFor,
  STAFF_E2E_EMAILS,
} from './support/staff.ts';
import { openStores } from '#server/compose/stores.ts';

/**
 * The staff inbox in a real browser against the production build, with the real SMTP peer:
 * sign-in by the link received, the cookie, the list, filters, status and notes, the audit trail,
 * the CSV export, erasure, sign-out; axe at 375 and 1280 px; the public pages load none of it.
 */
const [FLOW, LINK, AXE] = STAFF_E2E_EMAILS;
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Submits a request like the form's script does; returns its id. */
async function submitLead(
  request: APIRequestContext,
  fields: Record<string, string>,
): Promise<string> {
  const response = await request.post(CONTACT_ENDPOINT_PATH, {
    data: {
      clientType: 'professionnel',
      nom: 'Durand',
      prenom: 'Élise',
      adresse: '12 rue Anatole France, 92300 Levallois-Perret',
      telephone: '06 12 34 56 78',
      email: 'elise@entreprise.example',
      produit: 'Audit énergétique',
      message: 'Bonjour',
      rgpdConsent: true,
      website: '',
      ...fields,
    },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

/** Signs in through the page and the e-mail, as a staff member does. */
async function signIn(from: Page, baseURL: string, email: string): Promise<Page> {
  let page = from;
  const before = mailCount(email);
  await requestLink(page, baseURL, email);
  const link = onServer(await signInLinkFor(email, before), baseURL);
  // As from a mail client: the link opens in a new tab.
  page = await page.context().newPage();
  await page.goto(link);
  await page.getByRole('button', { name: 'Me connecter' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Demandes reçues' })).toBeVisible();
  return page;
}

/**
 * The staff chrome, not the public one: the staff bar (the company, "Demandes" marked as
 * `current`, the signed-in address, sign-out), and none of the public header's links, footer or
 * floating buttons.
 */
async function expectStaffChrome(page: Page, email: string, current: 'page' | 'true') {
  const bar = page.getByRole('banner');
  await expect(bar).toContainText(siteConfig.companyName);
  const nav = bar.getByRole('navigation', { name: 'Pages de l’espace équipe' });
  await expect(nav.getByRole('link', { name: 'Demandes' })).toHaveAttribute(
    'aria-current',
    current,
  );
  await expect(bar).toContainText(email);
  await expect(bar.getByRole('button', { name: 'Se déconnecter' })).toBeVisible();
  await expectNoPublicChrome(page);
}

async function expectNoPublicChrome(page: Page) {
  await expect(page.getByRole('banner')).toHaveCount(1);
  await expect(page.getByRole('main')).toHaveCount(1);
  // The public header's client area and quote, its solution menus, the floating buttons.
  for (const name of ['Espace Client', 'Devis gratuit', 'Professionnels', 'Contactez-nous']) {
    await expect(page.getByText(name)).toHaveCount(0);
    await expect(page.getByRole('link', { name })).toHaveCount(0);
    await expect(page.getByRole('button', { name })).toHaveCount(0);
  }
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByText(siteConfig.phone.display)).toHaveCount(0);
}

async function sessionCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === 'equipe');
}

test.describe('staff inbox', () => {
  test.use({ viewport: VIEWPORTS.desktop });

  test('an unlisted address sees the same answer and receives nothing', async ({
    page,
    baseURL,
  }) => {
    const stranger = `intrus.${Date.now()}@example.fr`;
    await requestLink(page, baseURL!, stranger);
    await expect(page.getByRole('status')).toHaveText(
      'Si cette adresse fait partie de l’équipe, un lien de connexion vient de lui être envoyé. Il est valable 15 minutes.',
    );
    // A listed address's link arrives well within this; the stranger's never does.
    const before = mailCount(LINK);
    await requestLink(page, baseURL!, LINK);
    await signInLinkFor(LINK, before);
    expect(mailCount(stranger)).toBe(0);
  });

  test('a link works once, not twice, and not after expiry', async ({
    page,
    baseURL,
    context,
    problems,
  }) => {
    problems.allowConsoleError(/status of 400/);
    const before = mailCount(LINK);
    await requestLink(page, baseURL!, LINK);
    const link = onServer(await signInLinkFor(LINK, before), baseURL!);
    // Pasted into the tab that shows the sign-in page: only the fragment changes.
    await page.goto(link);
    // The token leaves the address bar at once.
    await expect(page).toHaveURL(`${baseURL}/equipe/connexion`);
    await page.getByRole('button', { name: 'Me connecter' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Demandes reçues' })).toBeVisible();

    // The same link again, in another browser (a stolen link after the staff member used it).
    const other = await context.browser()!.newContext();
    const thief = await other.newPage();
    await thief.goto(link);
    await thief.getByRole('button', { name: 'Me connecter' }).click();
    await expect(thief.getByRole('alert')).toHaveText(/n’est plus valable/);
    expect(await other.cookies()).toEqual([]);

    // An expired token, written into the server's database as the server would have.
    const store = await openStores({ dataDir: process.env.E2E_DATA_DIR! });
    const expired = 'X'.repeat(43);
    try {
      await store.sessions.insertSignInToken(
        hashSecret(expired),
        LINK,
        Date.now() - SIGN_IN_TOKEN_TTL_MS - 1_000,
        SIGN_IN_TOKEN_TTL_MS,
      );
    } finally {
      await store.close();
    }
    await thief.goto(`${baseURL}/equipe/connexion#jeton=${expired}`);
    await thief.getByRole('button', { name: 'Me connecter' }).click();
    await expect(thief.getByRole('alert')).toHaveText(/n’est plus valable/);
    await other.close();
  });

  test('sign in, search, filter, change a status with a note, export, erase, sign out', async ({
    page: start,
    baseURL,
    context,
    request,
  }) => {
    const tag = `Tag${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
    const first = await submitLead(request, {
      nom: `${tag}-Martin`,
      email: `${tag.toLowerCase()}.martin@example.fr`,
      telephone: '07 98 76 54 32',
      produit: 'Climatisation',
    });
    await submitLead(request, {
      nom: `${tag}-Martin`,
      email: `${tag.toLowerCase()}.martin@example.fr`,
      produit: 'Éclairage LED',
    });
    await submitLead(request, { nom: `${tag}-Durand`, email: `${tag.toLowerCase()}@example.fr` });

    const page = await signIn(start, baseURL!, FLOW);
    const cookie = await sessionCookie(context);
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/equipe',
      secure: false,
    });
    expect(cookie!.value).toMatch(/^[\w-]{43}$/);

    await expect(page.getByRole('heading', { name: 'Compteurs' })).toBeVisible();
    await expectStaffChrome(page, FLOW, 'page');

    // Search by name (a new search runs in « Toutes les demandes »), then narrow by product.
    await page.getByLabel('Recherche (nom, e-mail, téléphone, adresse)').fill(tag);
    await page.getByRole('button', { name: 'Filtrer' }).click();
    await expect(page.getByRole('heading', { name: '3 demandes' })).toBeVisible();
    await expect(
      page
        .getByRole('group', { name: 'Afficher' })
        .getByRole('button', { name: 'Toutes les demandes' }),
    ).toHaveAttribute('aria-pressed', 'true');
    // The filters beyond the search box are folded until asked for.
    await expect(page.getByLabel('Produit')).toBeHidden();
    await page.getByText('Plus de filtres').click();
    await page.getByLabel('Produit').selectOption('Climatisation');
    await page.getByRole('button', { name: 'Filtrer' }).click();
    await expect(page.getByRole('heading', { name: '1 demande' })).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(`${tag}-Martin`) });
    await expect(row).toContainText('Notification à l’équipe');

    // The request's page: fields, consent, the other request of the same person.
    await page.getByRole('link', { name: `Ouvrir la demande de Élise ${tag}-Martin` }).click();
    await expect(page).toHaveURL(`${baseURL}/equipe/demandes/${first}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Élise ${tag}-Martin`);
    await expect(page.getByRole('region', { name: 'Consentement' })).toContainText('Version');
    const related = page.getByRole('region', { name: /Autres demandes de cette personne/ });
    await expect(related.getByRole('link')).toHaveCount(1);
    await expectStaffChrome(page, FLOW, 'true');

    // Status change with a note, shown in the notes and the audit trail.
    await page.getByLabel('Statut', { exact: true }).selectOption('en_cours');
    await page.getByLabel('Note (facultative)').fill('Rappel prévu jeudi 10 h');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    const work = page.getByRole('region', { name: 'Statut et notes' });
    // The confirmation is beside the form that was saved.
    await expect(work.getByRole('status')).toHaveText('Modification enregistrée.');
    await expect(work).toContainText('Rappel prévu jeudi 10 h');
    await expect(work.getByRole('listitem').filter({ hasText: 'Statut changé' })).toContainText(
      `${FLOW} · Statut changé Nouveau → En cours`,
    );

    // Back to the list: the filter is remembered (the filters unfolded, since one is in use);
    // the status filter finds the change.
    await page.getByRole('link', { name: 'Retour aux demandes' }).click();
    await expect(page.getByRole('heading', { name: '1 demande' })).toBeVisible();
    await expect(page.getByLabel('Produit')).toHaveValue('Climatisation');
    await page.getByLabel('Produit').selectOption('');
    await page.getByLabel('Statut').selectOption('en_cours');
    await page.getByRole('button', { name: 'Filtrer' }).click();
    await expect(page.getByRole('heading', { name: '1 demande' })).toBeVisible();

    // CSV export of the list shown (its view and filters), chosen below the list: UTF-8 with BOM,
    // ';' separator, French words, named after what it holds.
    const exportBox = page.getByRole('region', { name: 'Exporter pour un tableur' });
    await expect(
      exportBox.getByRole('radio', {
        name: 'La liste affichée : « Toutes les demandes », avec la recherche et les filtres (1 demande)',
      }),
    ).toBeChecked();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      exportBox.getByRole('button', { name: 'Télécharger le fichier CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^demandes-toutes-filtrees-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const bytes = readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^"Reçue le";"Statut";"À rappeler avant";"Nom";"Prénom";"E-mail";/);
    expect(lines[1]).toMatch(/^"\d\d\/\d\d\/\d{4} \d\d:\d\d";"En cours";/);
    expect(lines[1]).toContain(`"${tag}-Martin";"Élise"`);
    expect(lines[1]).not.toContain('en_cours');

    // Erase the person (both requests), after a confirmation.
    await page.getByRole('link', { name: `Ouvrir la demande de Élise ${tag}-Martin` }).click();
    await page.getByRole('button', { name: 'Effacer cette personne…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirmer l’effacement' });
    await expect(dialog).toContainText('les 2 demandes');
    await dialog.getByRole('button', { name: 'Effacer définitivement' }).click();
    await expect(page.getByRole('status')).toHaveText('La personne a été effacée (2 demandes).');
    await page.getByLabel('Statut').selectOption('');
    await page.getByLabel('Recherche (nom, e-mail, téléphone, adresse)').fill(tag);
    await page.getByRole('button', { name: 'Filtrer' }).click();
    await expect(page.getByRole('heading', { name: '1 demande' })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(`${tag}-Durand`) })).toBeVisible();

    // The erased request's page: said inside the staff chrome, with the API's message.
    await page.goto(`${baseURL}/equipe/demandes/${first}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
    await expect(page.getByRole('main')).toContainText(
      'Cette demande n’existe pas ou a été effacée.',
    );
    await expectNoPublicChrome(page);
    await page.getByRole('link', { name: 'Retour aux demandes' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Demandes reçues' })).toBeVisible();

    // Sign out: the session is over on the server, the inbox sends back to the sign-in page.
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await expect(page).toHaveURL(`${baseURL}/equipe/connexion`);
    const stale = await request.get('/api/equipe/session', {
      headers: { Cookie: `equipe=${cookie!.value}` },
    });
    expect(stale.status()).toBe(401);
    await page.goto(`${baseURL}/equipe`);
    await expect(page).toHaveURL(`${baseURL}/equipe/connexion`);
  });

  test('the sign-in page and the staff 404 have the staff chrome; public 404s keep the site’s', async ({
    page,
    problems,
  }) => {
    await page.goto('/equipe/connexion');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Connexion à l’espace équipe');
    // Only the company's name: no navigation, no account.
    await expect(page.getByRole('banner')).toContainText(siteConfig.companyName);
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Se déconnecter' })).toHaveCount(0);
    await expectNoPublicChrome(page);
    // The skip link leads to the main content.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Aller au contenu principal' });
    await expect(skip).toBeFocused();
    await skip.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();

    // An unknown staff path: the staff chrome and its own 404, with the way back.
    await page.goto('/equipe/nulle-part');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
    await expect(
      page
        .getByRole('navigation', { name: 'Pages de l’espace équipe' })
        .getByRole('link', { name: 'Demandes' }),
    ).toBeVisible();
    await expect(page.getByRole('main').getByRole('link')).toHaveText('Retour aux demandes');
    await expectNoPublicChrome(page);

    // An unknown public path still has the site's header, footer and 404 screen.
    problems.allowConsoleError(/nulle-part|status of 404/);
    await gotoHydrated(page, '/nulle-part');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Devis gratuit' }),
    ).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.getByRole('main')).toHaveCount(1);
  });

  test('staff pages are no-store and noindex', async ({ request }) => {
    for (const path of ['/equipe', '/equipe/connexion', '/equipe/demandes/abc']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()['cache-control']).toBe('no-store');
      expect(response.headers()['x-robots-tag']).toBe('noindex, nofollow');
      const scripts = /script-src [^;]*/.exec(response.headers()['content-security-policy'] ?? '');
      expect(scripts?.[0]).toMatch(/^script-src 'self'/);
      expect(scripts?.[0]).not.toContain('unsafe-inline');
    }
    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap).not.toContain('/equipe');
  });
});

test.describe('staff pages have no WCAG violation', () => {
  // Several pages and five axe runs per test (and a sign-in before them): more than the default
  // 30 s when the machine is busy.
  // Serial: one sign-in for both viewports (sign-ins count against the per-client limit, 10 per
  // 15 minutes, which the whole file shares).
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  let storage: Awaited<ReturnType<BrowserContext['storageState']>>;
  let leadId: string;

  test.beforeAll(async ({ browser, request, baseURL }) => {
    leadId = await submitLead(request, { nom: 'Axe', email: `axe.${Date.now()}@example.fr` });
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, baseURL!, AXE);
    storage = await context.storageState();
    await context.close();
  });

  for (const [name, viewport] of [
    ['phone', VIEWPORTS.phone],
    ['desktop', VIEWPORTS.desktop],
  ] as const) {
    test(`at ${viewport.width} px (${name})`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ viewport, storageState: storage });
      const page = await context.newPage();
      const check = async () => {
        const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
        expect(
          results.violations.map(
            (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join()}`,
          ),
        ).toEqual([]);
      };
      await page.goto(`${baseURL}/equipe`);
      await expect(page.getByRole('heading', { level: 1, name: 'Demandes reçues' })).toBeVisible();
      await check();
      await page.goto(`${baseURL}/equipe/demandes/${leadId}`);
      await expect(page.getByRole('heading', { level: 1, name: /Axe/ })).toBeVisible();
      await check();
      await page.getByRole('button', { name: 'Effacer cette personne…' }).click();
      await check();
      const signedOut = await browser.newContext({ viewport });
      const signInPage = await signedOut.newPage();
      await signInPage.goto(`${baseURL}/equipe/connexion`);
      await expect(signInPage.getByRole('heading', { level: 1 })).toBeVisible();
      const results = await new AxeBuilder({ page: signInPage }).withTags(WCAG_TAGS).analyze();
      expect(results.violations.map((violation) => violation.id)).toEqual([]);
      await signInPage.goto(`${baseURL}/equipe/nulle-part`);
      await expect(signInPage.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
      const notFound = await new AxeBuilder({ page: signInPage }).withTags(WCAG_TAGS).analyze();
      expect(notFound.violations.map((violation) => violation.id)).toEqual([]);
      await signedOut.close();
      await context.close();
    });
  }
});

test('the page the form was opened from reaches the notification e-mail, in memory only', async ({
  page,
  baseURL,
}) => {
  const email = `origine.${Date.now().toString(36)}@entreprise.example`;
  await gotoHydrated(page, '/professionnels/climatisation?utm_source=lettre');
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(CONTACT_ENDPOINT_PATH)) sent.push(request.postData() ?? '');
  });
  await page.getByRole('link', { name: 'Demande en ligne' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Renseignez-vous gratuitement');
  await fillContactForm(page, { nom: 'Origine', email });
  await page.getByRole('button', { name: 'Envoyer ma demande' }).click();
  await expect(page.getByRole('status')).toContainText('Demande envoyée');
  const body = JSON.parse(sent[0]!) as Record<string, unknown>;
  expect(body).toMatchObject({ pageOrigine: '/professionnels/climatisation', utmSource: 'lettre' });
  const mail = await waitForMail(
    (message) =>
      message.text.includes(email) &&
      message.headers['message-id']?.includes('.notification@') === true,
  );
  expect(mail.text).toContain('Page d’origine\u00a0: /professionnels/climatisation');
  // A link to the request's staff page, built from SITE_URL and the request's id only.
  const reference = /Référence\u00a0: ([\w-]+)/.exec(mail.text)?.[1];
  expect(reference).toBeDefined();
  expect(mail.text).toContain(`${baseURL}/equipe/demandes/${reference}\n`);
  expect(mail.html).toContain(`href="${baseURL}/equipe/demandes/${reference}"`);
  // Nothing of it was written in the browser.
  expect(await page.context().cookies()).toEqual([]);
  expect(await page.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);
});

test('public pages load none of the staff code', async ({ page }) => {
  // Every public page, one after the other.
  test.setTimeout(180_000);
  await gotoHydrated(page, '/');
  // The staff route's module and the modules only it imports, from the app's own manifest.
  const staffOnly = await page.evaluate(() => {
    type Route = { module: string; imports?: string[] };
    const manifest = (
      window as unknown as { __reactRouterManifest: { routes: Record<string, Route> } }
    ).__reactRouterManifest;
    const staff = manifest.routes['routes/staff']!;
    const others = Object.entries(manifest.routes)
      .filter(([id]) => id !== 'routes/staff')
      .flatMap(([, route]) => [route.module, ...(route.imports ?? [])]);
    return [staff.module, ...(staff.imports ?? [])].filter((file) => !others.includes(file));
  });
  expect(staffOnly.length).toBeGreaterThan(0);
  expect(staffOnly[0]).toMatch(/^\/assets\/staff-[\w-]+\.js$/);

  const loaded: string[] = [];
  page.on('request', (request) => loaded.push(new URL(request.url()).pathname));
  for (const path of publicPaths()) {
    await gotoHydrated(page, path);
  }
  expect(loaded.filter((path) => path.endsWith('.js')).length).toBeGreaterThan(0);
  expect(loaded.filter((path) => staffOnly.includes(path))).toEqual([]);
});

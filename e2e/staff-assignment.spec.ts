import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';

import { CONTACT_ENDPOINT_PATH } from '#contracts/contact/lead-contract.ts';
import { openStores } from '#server/compose/stores.ts';
import { TeamService } from '#server/team/index.ts';
import { startServerProcess, type ServerProcess } from '#test-support/process.ts';
import { expect, test, VIEWPORTS } from './fixtures.ts';
import { signInAs } from './support/sign-in.ts';

/**
 * The assignment rule as a sales team lives it (ADR 0045), on a server of its own (the rule and
 * the turns are the team's: no other test's people or requests may take a turn): a responsable
 * and two commerciaux signed in at once, a third commercial away. « Chacun son tour » skips the
 * absent one, who set the absence himself on « Mon compte »; « Par département », set on the team
 * page, gives a 13 address to Léa and a 2A one to Marie, and a département whose person is away
 * falls back to the turns. Requests arrive through the contact endpoint, as a visitor sends them.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const CHEF = 'chef.regle@calora-energies.example';
const LEA = { firstName: 'Léa', lastName: 'Martin', email: 'lea.regle@calora-energies.example' };
const MARIE = {
  firstName: 'Marie',
  lastName: 'Dupont',
  email: 'marie.regle@calora-energies.example',
};
const PAUL = { firstName: 'Paul', lastName: 'Roux', email: 'paul.regle@calora-energies.example' };

let server: ServerProcess;

test.beforeAll(async () => {
  server = await startServerProcess(
    { STAFF_EMAILS: CHEF, LOG_LEVEL: 'warn', RATE_LIMIT_PER_HOUR: '1000' },
    { from: 'build' },
  );
  const stores = await openStores({ dataDir: server.dataDir });
  try {
    const team = new TeamService(stores.database);
    for (const person of [LEA, MARIE, PAUL]) {
      const added = await team.add({ ...person, role: 'commercial' }, CHEF, Date.now());
      if (!added.ok) throw new Error(added.reason);
    }
  } finally {
    await stores.close();
  }
});
test.afterAll(async () => {
  await server?.stop();
});

/** The Paris date `days` after today, as a date field takes it (`YYYY-MM-DD`). */
function parisDate(days = 0): string {
  const at = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(at);
}

async function signedIn(browser: Browser, email: string, width: 'phone' | 'desktop') {
  const context = await browser.newContext({
    baseURL: server.url,
    locale: 'fr-FR',
    viewport: VIEWPORTS[width],
  });
  const page = await context.newPage();
  await signInAs(page, email, server.dataDir);
  return page;
}

/** A visitor's request through the contact endpoint, from `adresse`. */
async function send(page: Page, nom: string, adresse: string): Promise<void> {
  const response = await page.request.post(CONTACT_ENDPOINT_PATH, {
    data: {
      clientType: 'professionnel',
      nom,
      prenom: 'Claire',
      adresse,
      telephone: '06 11 22 33 44',
      email: `${nom.toLowerCase()}@exemple.fr`,
      produit: 'Audit énergétique',
      message: 'Bonjour, un devis.',
      rgpdConsent: true,
      website: '',
    },
  });
  expect(response.status(), `request from ${nom}`).toBe(200);
}

/** Gives the request of `nom` to the person of `email`, as if it had been theirs for a while. */
async function ownTo(nom: string, email: string): Promise<void> {
  const stores = await openStores({ dataDir: server.dataDir });
  try {
    const { db } = stores.database;
    const person = await db
      .selectFrom('staff_people')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    await db.updateTable('leads').set({ owner_id: person.id }).where('nom', '=', nom).execute();
  } finally {
    await stores.close();
  }
}

/** The owner each request of `names` shows in the responsable's list of every request. */
async function ownersIn(page: Page, names: readonly string[]): Promise<Record<string, string>> {
  await page.goto('/equipe');
  await page.getByRole('button', { name: 'Toutes les demandes' }).click();
  const owners: Record<string, string> = {};
  for (const nom of names) {
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: new RegExp(nom) }) });
    await expect(row).toHaveCount(1);
    const text = await row.innerText();
    owners[nom] =
      ['Léa Martin', 'Marie Dupont', 'Paul Roux', 'À attribuer'].find((n) => text.includes(n)) ??
      text;
  }
  return owners;
}

async function expectAxeClean(page: Page, what: string): Promise<void> {
  for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
    await page.setViewportSize(viewport);
    const axe = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    expect(axe.violations, `axe on ${what} at ${viewport.width} px`).toEqual([]);
  }
}

test('« Chacun son tour » skips the commercial who set his absence', async ({ browser }) => {
  const chef = await signedIn(browser, CHEF, 'desktop');
  const lea = await signedIn(browser, LEA.email, 'phone');
  const paul = await signedIn(browser, PAUL.email, 'phone');

  // Paul is away from today for ten days (past any request's due time), and says so himself.
  await paul.goto('/equipe/mon-compte');
  const absence = paul.getByRole('region', { name: 'Mon absence' });
  await absence.getByLabel('Premier jour').fill(parisDate());
  await absence.getByLabel('Dernier jour').fill(parisDate(9));
  await absence.getByRole('button', { name: 'Enregistrer l’absence' }).click();
  await expect(absence).toContainText('Absent(e) du');

  const names = ['Tourun', 'Tourdeux', 'Tourtrois', 'Tourquatre'];
  for (const nom of names) await send(chef, nom, '5 rue des Lilas, 69003 Lyon');
  const owners = await ownersIn(chef, names);
  const counts = Object.values(owners).reduce<Record<string, number>>(
    (all, name) => ({ ...all, [name]: (all[name] ?? 0) + 1 }),
    {},
  );
  expect(counts).toEqual({ 'Léa Martin': 2, 'Marie Dupont': 2 });

  // Léa, on her phone, opens on « Mes demandes »: her two, by due time.
  await lea.goto('/equipe');
  for (const nom of names.filter((n) => owners[n] === 'Léa Martin')) {
    await expect(lea.getByRole('link', { name: new RegExp(nom) })).toBeVisible();
  }
  for (const nom of names.filter((n) => owners[n] === 'Marie Dupont')) {
    await expect(lea.getByRole('link', { name: new RegExp(nom) })).toHaveCount(0);
  }
  await expectAxeClean(lea, 'Mes demandes');

  // A request Paul had before leaving falls due while he is away: Léa sees it marked, and takes it.
  const [held] = names.filter((n) => owners[n] === 'Marie Dupont');
  await ownTo(held!, PAUL.email);
  await lea.setViewportSize(VIEWPORTS.phone);
  await lea.goto('/equipe');
  const row = lea
    .getByRole('row')
    .filter({ has: lea.getByRole('link', { name: new RegExp(held!) }) });
  await expect(row).toContainText('Absent(e)\u00a0: Paul Roux');
  await row.getByRole('link', { name: new RegExp(held!) }).click();
  // On the request's page (a phone's list row has no buttons): take it there.
  await expect(lea.getByRole('heading', { level: 1, name: `Claire ${held}` })).toBeVisible();
  const owner = lea.getByRole('group', { name: 'Qui s’en occupe' });
  await owner.getByRole('button', { name: /Je la prends/ }).click();
  await expect(owner.getByRole('status')).toHaveText('La demande est à vous.');
  await expect(owner).toContainText('Léa Martin');
  await expectAxeClean(chef, 'the list with owners');
  for (const page of [chef, lea, paul]) await page.context().close();
});

test('« Par département »: 13 to Léa, 2A to Marie, an absent person’s département to the turns', async ({
  browser,
}) => {
  const chef = await signedIn(browser, CHEF, 'desktop');
  await chef.goto('/equipe/equipe');
  const settings = chef.getByRole('region', { name: 'Règle d’attribution' });
  await settings.getByRole('radio', { name: 'Par département' }).check();
  for (const [departement, person] of [
    ['13', 'Léa Martin'],
    ['2A', 'Marie Dupont'],
    ['69', 'Paul Roux'],
  ] as const) {
    await settings.getByRole('button', { name: 'Ajouter un département' }).click();
    await settings.getByLabel('Département', { exact: true }).last().fill(departement);
    await settings
      .getByRole('combobox', { name: 'Personne' })
      .last()
      .selectOption({ label: person });
  }
  await settings.getByRole('button', { name: 'Enregistrer les réglages' }).click();
  await expect(chef.getByRole('status')).toHaveText('Les réglages de l’équipe sont enregistrés.');
  await expectAxeClean(chef, 'the team settings');

  await send(chef, 'Depmarseille', '12 La Canebière, 13001 Marseille');
  await send(chef, 'Depajaccio', '3 cours Napoléon, 20000 Ajaccio');
  await send(chef, 'Deplyon', '5 rue des Lilas, 69003 Lyon');
  const owners = await ownersIn(chef, ['Depmarseille', 'Depajaccio', 'Deplyon']);
  expect(owners.Depmarseille).toBe('Léa Martin');
  expect(owners.Depajaccio).toBe('Marie Dupont');
  // Paul covers the 69 but is away: the turns give it to Léa or Marie.
  expect(['Léa Martin', 'Marie Dupont']).toContain(owners.Deplyon);
  await chef.context().close();
});

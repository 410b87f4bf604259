import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';

import { sampleConsent, sampleLead } from '#test-support/lead-input.ts';
import { openStores } from '#server/compose/stores.ts';
import { startServerProcess, type ServerProcess } from '#test-support/process.ts';
import { TEAM_API } from '#contracts/staff/team.ts';
import { expect, test, VIEWPORTS } from './fixtures.ts';
import { signInAs } from './support/sign-in.ts';

/**
 * The team page's additions and « Mon compte » (ADR 0044) in real browsers, a responsable and
 * two commerciaux signed in at once: add, change a role, set an absence (seen by the person on
 * « Mon compte »), the digest switch, deactivate with the open requests handed to a colleague,
 * the deactivated person's next action answered 401; the history; axe at 375 and 1280 px.
 */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const RESPONSABLE = 'chef.equipe@calora-energies.example';

/**
 * A server of its own: the rule and the people are the team's, and the sign-ins of three people
 * would spend the shared server's sign-in budget of 127.0.0.1 that e2e/staff.sign-in.spec.ts needs.
 */
let server: ServerProcess;
test.beforeAll(async () => {
  server = await startServerProcess(
    { STAFF_EMAILS: RESPONSABLE, LOG_LEVEL: 'warn' },
    { from: 'build' },
  );
});
test.afterAll(async () => {
  await server?.stop();
});

async function expectAxeClean(page: Page, name: string): Promise<void> {
  for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
    await page.setViewportSize(viewport);
    const axe = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    expect(axe.violations, `axe on ${name} at ${viewport.width} px`).toEqual([]);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `no sideways scrolling on ${name} at ${viewport.width} px`).toBe(viewport.width);
    await page.screenshot({
      path: test.info().outputPath(`${name}-${viewport.width}.png`),
      fullPage: true,
    });
  }
}

async function personPage(
  browser: Browser,
  email: string,
  viewport: { width: number; height: number } = VIEWPORTS.phone,
) {
  const context = await browser.newContext({ baseURL: server.url, viewport, locale: 'fr-FR' });
  const page = await context.newPage();
  await signInAs(page, email, server.dataDir);
  return { context, page };
}

/** A request received now, owned by `ownerEmail`'s person, written into the server's database. */
async function seedOwnedLead(id: string, ownerEmail: string): Promise<void> {
  const store = await openStores({ dataDir: server.dataDir });
  try {
    const now = Date.now();
    await store.leads.insertLead(
      id,
      sampleLead({ email: `${id}@example.fr` }),
      sampleConsent(now),
      [],
      now,
    );
    const owner = await store.database.db
      .selectFrom('staff_people')
      .select('id')
      .where('email_key', '=', ownerEmail)
      .executeTakeFirstOrThrow();
    await store.database.db
      .updateTable('leads')
      .set({ owner_id: owner.id })
      .where('id', '=', id)
      .execute();
  } finally {
    await store.close();
  }
}

async function ownerOf(id: string): Promise<string | null> {
  const store = await openStores({ dataDir: server.dataDir });
  try {
    const row = await store.database.db
      .selectFrom('leads')
      .leftJoin('staff_people', 'staff_people.id', 'leads.owner_id')
      .select('staff_people.email_key')
      .where('leads.id', '=', id)
      .executeTakeFirstOrThrow();
    return row.email_key;
  } finally {
    await store.close();
  }
}

async function addCommercial(page: Page, firstName: string, email: string): Promise<void> {
  const form = page.getByRole('region', { name: 'Ajouter une personne' });
  await form.getByLabel('Prénom').fill(firstName);
  await form.getByLabel('Nom', { exact: true }).fill('Essai');
  await form.getByLabel('Adresse e-mail').fill(email);
  await form.getByRole('button', { name: 'Ajouter' }).click();
  await expect(page.getByRole('status')).toContainText(`${firstName} Essai fait partie`);
}

test('a responsable runs the team with two commerciaux signed in at once', async ({ browser }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const lea = `lea.${stamp}@calora-energies.example`;
  const paul = `paul.${stamp}@calora-energies.example`;
  const { page } = await personPage(browser, RESPONSABLE, VIEWPORTS.desktop);
  await page.goto('/equipe/equipe');
  await addCommercial(page, 'Léa', lea);
  await addCommercial(page, 'Paul', paul);
  const people = page.getByRole('region', { name: 'Les personnes' });
  const leaItem = people.getByRole('listitem').filter({ hasText: lea });
  const paulItem = people.getByRole('listitem').filter({ hasText: paul });

  const leaBrowser = await personPage(browser, lea);
  const paulBrowser = await personPage(browser, paul);

  // A role changed there and back.
  await paulItem.getByRole('button', { name: 'Nommer responsable' }).click();
  await expect(paulItem).toContainText('Responsable · Accès actif');
  await paulItem.getByRole('button', { name: 'Passer commercial' }).click();
  await expect(paulItem).toContainText('Commercial · Accès actif');

  // Léa's absence, set by the responsable, read by Léa on « Mon compte ».
  await leaItem.getByText('Absence', { exact: true }).click();
  await leaItem.getByLabel('Premier jour').fill('2099-07-01');
  await leaItem.getByLabel('Dernier jour').fill('2099-07-14');
  await leaItem.getByRole('button', { name: 'Enregistrer l’absence' }).click();
  await expect(leaItem).toContainText('Absent(e) du 1er juillet 2099 au 14 juillet 2099');
  await leaBrowser.page
    .getByRole('navigation', { name: 'Pages de l’espace équipe' })
    .getByRole('link', { name: 'Mon compte' })
    .click();
  const mine = leaBrowser.page.getByRole('region', { name: 'Mon absence' });
  await expect(mine).toContainText('Absent(e) du 1er juillet 2099 au 14 juillet 2099');
  await leaBrowser.page
    .getByRole('button', { name: 'Ne plus recevoir le résumé du matin' })
    .click();
  await expect(leaBrowser.page.getByRole('status')).toHaveText(
    'Le résumé du matin ne vous sera plus envoyé.',
  );
  await expectAxeClean(leaBrowser.page, 'mon-compte');

  // « Par département »: 13 to Léa, saved through the settings API, then the default again.
  const settings = page.getByRole('region', { name: 'Règle d’attribution' });
  await settings.getByRole('radio', { name: 'Par département' }).check();
  await settings.getByRole('button', { name: 'Ajouter un département' }).click();
  await settings.getByLabel('Département', { exact: true }).fill('13');
  await settings.getByRole('combobox', { name: 'Personne' }).selectOption({ label: 'Léa Essai' });
  await settings.getByRole('button', { name: 'Enregistrer les réglages' }).click();
  await expect(page.getByRole('status')).toHaveText('Les réglages de l’équipe sont enregistrés.');
  await page.reload();
  await expect(settings.getByRole('radio', { name: 'Par département' })).toBeChecked();
  await expect(settings.getByLabel('Département', { exact: true })).toHaveValue('13');
  await settings.getByRole('radio', { name: 'Chacun son tour' }).check();
  await settings.getByRole('button', { name: 'Enregistrer les réglages' }).click();
  await expect(page.getByRole('status')).toHaveText('Les réglages de l’équipe sont enregistrés.');

  // Paul leaves: his open request goes to Léa; his next action answers 401.
  const leadId = `equipe-reprise-${stamp}`;
  await seedOwnedLead(leadId, paul);
  await paulBrowser.page.goto('/equipe/mon-compte');
  await paulItem.getByRole('button', { name: 'Désactiver' }).click();
  const dialog = paulItem.getByRole('dialog', { name: 'Désactiver Paul Essai' });
  await dialog.getByRole('radio', { name: 'À une personne de l’équipe' }).check();
  await dialog.getByLabel('Personne qui les reprend').selectOption({ label: 'Léa Essai' });
  await expectAxeClean(page, 'equipe-desactivation');
  await dialog.getByRole('button', { name: 'Confirmer la désactivation' }).click();
  await expect(paulItem).toContainText('Commercial · Accès désactivé');
  expect(await ownerOf(leadId)).toBe(lea);
  const refused = paulBrowser.page.waitForResponse((r) => r.url().endsWith(TEAM_API.digest));
  await paulBrowser.page
    .getByRole('button', { name: 'Ne plus recevoir le résumé du matin' })
    .click();
  expect((await refused).status()).toBe(401);
  await paulBrowser.page.goto('/equipe');
  await expect(paulBrowser.page).toHaveURL(/\/equipe\/connexion$/);

  // The history names who did what.
  const history = page.getByRole('region', { name: 'Historique de l’équipe' });
  await page.reload();
  await expect(history).toContainText(`Personne désactivée : ${paul}`);
  await expect(history).toContainText('Réglages de l’équipe changés : Par département');
  await expect(history).toContainText(`Résumé du matin changé : ${lea}, résumé du matin arrêté`);
  await expect(history).toContainText(
    `Absence changée : ${lea}, absent(e) du 1er juillet 2099 au 14 juillet 2099`,
  );
  await expect(page.getByRole('region', { name: 'Par personne, sur 30 jours' })).toContainText(
    'Léa Essai',
  );
  await people.getByText('Absence', { exact: true }).first().click();
  await expectAxeClean(page, 'equipe');
  await leaBrowser.context.close();
  await paulBrowser.context.close();
  await page.context().close();
});

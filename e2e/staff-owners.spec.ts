import { randomUUID } from 'node:crypto';

import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';

import { emailKey } from '#server/db/records/lead.ts';
import { openStores } from '#server/compose/stores.ts';
import { sampleLead } from '#test-support/lead-input.ts';
import { startServerProcess, type ServerProcess } from '#test-support/process.ts';
import { expect, test, VIEWPORTS } from './fixtures.ts';
import { signInAs } from './support/sign-in.ts';

/**
 * Owners in the inbox (ADR 0046) with a responsable and two commerciaux signed in at once, each in
 * their own browser: a commercial opens on « Mes demandes » (hers, then the unassigned), every
 * row names its owner, « Je la prends », « Confier à … » from a request's page, the owner
 * filter; with « Les commerciaux voient toutes les demandes » off, a colleague's request opened
 * by its id reads exactly as one that does not exist. Axe at 375 and 1280 px.
 */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const RESPONSABLE = 'chef.owners@calora-energies.example';
const SHOTS = process.env.E2E_SHOTS_DIR;
const run = Date.now();

/**
 * A server of its own: turning « Les commerciaux voient toutes les demandes » off is the team's
 * setting, and would hide requests from the commerciaux of tests running beside this one.
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

interface Person {
  id: string;
  email: string;
  name: string;
}

/** A commercial added straight into the team's table (the team page is e2e/staff-team.spec.ts). */
async function seed(): Promise<{ lea: Person; paul: Person; leads: Record<string, string> }> {
  const store = await openStores({ dataDir: server.dataDir });
  const { db } = store.database;
  const person = async (firstName: string): Promise<Person> => {
    const email = `${firstName.toLowerCase()}.${run}@calora-energies.example`;
    const id = randomUUID();
    await db
      .insertInto('staff_people')
      .values({
        id,
        first_name: firstName,
        last_name: 'Owner',
        email,
        email_key: emailKey(email),
        role: 'commercial',
        active: 1,
        created_at: run,
        changed_at: run,
      })
      .execute();
    return { id, email, name: `${firstName} Owner` };
  };
  try {
    const lea = await person('Lea');
    const paul = await person('Paul');
    const leads: Record<string, string> = {};
    for (const [nom, owner] of [
      ['Alpha', lea.id],
      ['Bravo', null],
      ['Charlie', paul.id],
      ['Delta', paul.id],
    ] as const) {
      const id = `owners-${nom.toLowerCase()}-${run}`;
      await store.leads.insertLead(
        id,
        sampleLead({ nom: `${nom}${run}`, prenom: 'Claire', email: `${id}@example.fr` }),
        { text: 'J’accepte…', version: '2026-11-01', givenAt: Date.now() },
        [],
        Date.now(),
      );
      await db.updateTable('leads').set({ owner_id: owner }).where('id', '=', id).execute();
      leads[nom] = id;
    }
    return { lea, paul, leads };
  } finally {
    await store.close();
  }
}

async function seeAll(on: boolean): Promise<void> {
  const store = await openStores({ dataDir: server.dataDir });
  try {
    await store.database.db
      .updateTable('team_settings')
      .set({ commerciaux_see_all: on ? 1 : 0 })
      .where('id', '=', 1)
      .execute();
  } finally {
    await store.close();
  }
}

async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: VIEWPORTS.desktop,
    locale: 'fr-FR',
  });
  const page = await context.newPage();
  await signInAs(page, email, server.dataDir);
  return page;
}

async function checkAxe(page: Page, name: string): Promise<void> {
  for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
    await page.setViewportSize(viewport);
    const axe = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    expect(axe.violations, `axe on ${name} at ${viewport.width} px`).toEqual([]);
    if (SHOTS)
      await page.screenshot({ path: `${SHOTS}/${name}-${viewport.width}.png`, fullPage: true });
  }
}

const rowOf = (page: Page, nom: string) =>
  page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: new RegExp(`${nom}${run}`) }) });

test('three people at once: « Mes demandes », the owner, taking, handing over, visibility off', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { lea, paul, leads } = await seed();
  const boss = await signedInPage(browser, RESPONSABLE);
  const asLea = await signedInPage(browser, lea.email);
  const asPaul = await signedInPage(browser, paul.email);

  // Léa opens on « Mes demandes »: hers first, then the unassigned; not Paul's.
  await expect(asLea.getByRole('button', { name: 'Mes demandes' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const names = asLea.getByRole('row').getByRole('link', { name: /Ouvrir la demande/ });
  await expect(names.first()).toContainText(`Alpha${run}`);
  await expect(rowOf(asLea, 'Bravo')).toContainText('À attribuer');
  await expect(rowOf(asLea, 'Charlie')).toHaveCount(0);
  // The responsable opens on « À traiter », where every row names its owner.
  await expect(boss.getByRole('button', { name: 'À traiter' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(rowOf(boss, 'Charlie')).toContainText('Paul Owner');
  await checkAxe(asLea, 'inbox-commercial');

  // Paul takes the unassigned request from his list.
  await rowOf(asPaul, 'Bravo')
    .getByRole('button', { name: /Je la prends/ })
    .click();
  await expect(rowOf(asPaul, 'Bravo')).toContainText('Paul Owner');
  await expect(rowOf(asPaul, 'Bravo').getByRole('button', { name: /Je la prends/ })).toHaveCount(0);

  // The responsable hands Paul's request over to Léa from its page.
  await boss.goto(`/equipe/demandes/${leads.Charlie}`);
  const owner = boss.getByRole('group', { name: 'Qui s’en occupe' });
  await expect(owner).toContainText('Paul Owner');
  await owner.getByText('Confier à…').click();
  await owner.getByLabel('Confier la demande à').selectOption({ label: lea.name });
  await owner.getByRole('button', { name: 'Confier', exact: true }).click();
  await expect(owner.getByRole('status')).toHaveText(`Demande confiée à ${lea.name}.`);
  await expect(owner).toContainText(lea.name);
  await checkAxe(boss, 'lead-page-responsable');

  // The owner filter: the responsable lists Léa's requests only.
  await boss.goto('/equipe');
  await boss.getByText('Plus de filtres').click();
  await boss.getByLabel('Attribuée à').selectOption({ label: lea.name });
  await boss.getByRole('button', { name: 'Toutes les demandes' }).click();
  await expect(rowOf(boss, 'Alpha')).toHaveCount(1);
  await expect(rowOf(boss, 'Charlie')).toHaveCount(1);
  await expect(rowOf(boss, 'Delta')).toHaveCount(0);

  // Visibility off: Paul's request, opened by its id, reads as one that does not exist.
  await seeAll(false);
  try {
    await asLea.goto(`/equipe/demandes/owners-unknown-${run}`);
    const missing = await asLea.getByRole('main').innerText();
    await asLea.goto(`/equipe/demandes/${leads.Delta}`);
    await expect(asLea.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await asLea.getByRole('main').innerText()).toBe(missing);
    await asLea.goto(`/equipe/demandes/${leads.Charlie}`);
    await expect(asLea.getByRole('group', { name: 'Qui s’en occupe' })).toContainText(lea.name);
  } finally {
    await seeAll(true);
  }
  await asLea.context().close();
  await asPaul.context().close();
  await boss.context().close();
});

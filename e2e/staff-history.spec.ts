import type { Locator, Page } from '@playwright/test';

import { appendAudit } from '#server/db/records/audit.ts';
import { openStores } from '#server/compose/stores.ts';
import { expect, test, VIEWPORTS } from './fixtures.ts';
import { expectNoViolation, idOf, seedCallbackRequests } from './support/callback.ts';
import { STAFF_E2E_EMAILS } from './support/staff.ts';

/**
 * A request's one history (docs/staff.md), at 375 and 1280 px, axe clean: a call with its note
 * is one entry (its note shown once, as a note of the history), « Aucune note. » is never beside
 * it, the person's own change reads « Le demandeur », newest first; the confirmation of a saved
 * call is in the viewport. `HISTORY_SHOTS=<dir>` also writes the page's screenshots there.
 */
const STAFF = STAFF_E2E_EMAILS[4];
const MINUTE = 60_000;

/** A call with a note and the person's slot change, written before the page is opened. */
async function seedHistory(id: string, now: number) {
  const stores = await openStores({ dataDir: process.env.E2E_DATA_DIR! });
  try {
    await appendAudit(stores.database.db, {
      at: now - 60 * MINUTE,
      actor: 'demandeur',
      action: 'visitor_slots',
      leadId: id,
      detail: '1',
    });
    await stores.callback.recordCall({
      leadId: id,
      outcome: 'messagerie',
      note: 'Message laissé sur le répondeur',
      staff: STAFF,
      now: now - 30 * MINUTE,
    });
  } finally {
    await stores.close();
  }
}

async function shoot(page: Page, name: string) {
  const dir = process.env.HISTORY_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/** The element's box lies inside the viewport. */
async function expectInViewport(page: Page, element: Locator) {
  const box = await element.boundingBox();
  const viewport = page.viewportSize();
  expect(box).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport!.height);
}

for (const [name, viewport] of [
  ['phone', VIEWPORTS.phone],
  ['desktop', VIEWPORTS.desktop],
] as const) {
  test(`one history of calls, notes and changes, at ${viewport.width} px (${name})`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const nom = `Histoire${name}${Date.now().toString(36)}`;
    const context = await browser.newContext({ viewport });
    const now = Date.now();
    await seedCallbackRequests(context, baseURL!, STAFF, [[nom, now - 2 * 60 * MINUTE]]);
    await seedHistory(idOf(nom), now);
    const page = await context.newPage();
    await page.goto(`${baseURL}/equipe/demandes/${idOf(nom)}`);
    await expect(page.getByRole('heading', { level: 1, name: `Claire ${nom}` })).toBeVisible();
    await shoot(page, `${name}-opened`);

    const history = page.getByRole('region', { name: 'Historique' });
    const entries = history.getByRole('listitem');
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(0)).toContainText('Appel : Messagerie');
    await expect(entries.nth(0)).toContainText('Note : Message laissé sur le répondeur');
    await expect(entries.nth(0)).toContainText(STAFF);
    await expect(entries.nth(1)).toHaveText(/ · Le demandeurCréneau modifié par le demandeur$/);
    await expect(page.getByText('Message laissé sur le répondeur')).toHaveCount(1);
    await expect(page.getByText('Aucune note.')).toHaveCount(0);
    await expectNoViolation(page);

    // What is left before the due time never wraps inside its value (one line box).
    const left = page.getByRole('region', { name: 'Rappel' }).getByText(/^reste \d+ (j|h|min)\b/);
    expect(await left.evaluate((element) => element.getClientRects().length)).toBe(1);

    // A call saved from the form: its confirmation is where the eye is, announced.
    const panel = page.getByRole('region', { name: 'Rappel' });
    await panel.getByRole('radio', { name: 'Joint' }).check();
    await panel.getByLabel('Note sur l’appel (facultative)').fill('Visite fixée à mardi');
    await panel.getByRole('button', { name: 'Enregistrer l’appel' }).click();
    const saved = panel.getByRole('status');
    await expect(saved).toHaveText('Appel enregistré.');
    await expectInViewport(page, saved);

    // A status change with its note: one entry, the newest first.
    await page.getByLabel('Statut', { exact: true }).selectOption('converti');
    await page.getByLabel('Note (facultative)').fill('Devis signé');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect(
      page.getByRole('region', { name: 'Statut et notes' }).getByRole('status'),
    ).toBeVisible();
    await expect(entries).toHaveCount(5);
    await expect(entries.nth(0)).toContainText('Statut changé En cours → Converti');
    await expect(entries.nth(0)).toContainText('Note : Devis signé');
    await expect(entries.nth(1)).toContainText('Appel : Joint');
    await expect(entries.nth(1)).toContainText('Note : Visite fixée à mardi');
    await expect(entries.nth(2)).toContainText('Statut changé Nouveau → En cours');
    await expect(entries.nth(3)).toContainText('Appel : Messagerie');
    await expect(page.getByText('Visite fixée à mardi')).toHaveCount(1);
    await expect(page.getByText('Aucune note.')).toHaveCount(0);
    await expectNoViolation(page);
    await shoot(page, `${name}-after`);
    await context.close();
  });
}

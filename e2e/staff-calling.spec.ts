import type { BrowserContext, Page } from '@playwright/test';

import { openStores } from '#server/compose/stores.ts';
import { expect, test, VIEWPORTS } from './fixtures.ts';
import { expectNoViolation, idOf, search, seedCallbackRequests } from './support/callback.ts';

/**
 * « Marie Dupont appelle… » in real browsers (ADR 0047), Marie and Paul signed in at once, each
 * in their own context: Marie taps the number on a phone; within 15 s, without a reload, Paul's
 * open page of the request and his open list say so, as does a page he opens next; Marie sees no
 * warning about herself; Paul's call log is asked to confirm, and recorded once he does. Axe at
 * 375 and 1280 px.
 */
const MARIE = 'marie.dupont@calora-energies.example';
const PAUL = 'paul.martin@calora-energies.example';
const NOM = 'Appelmark';

async function addPeople(): Promise<void> {
  const store = await openStores({ dataDir: process.env.E2E_DATA_DIR! });
  const now = Date.now();
  try {
    for (const [id, first, last, email] of [
      ['00000000-0000-4000-8000-0000000000a1', 'Marie', 'Dupont', MARIE],
      ['00000000-0000-4000-8000-0000000000a2', 'Paul', 'Martin', PAUL],
    ] as const) {
      await store.database.db
        .insertInto('staff_people')
        .values({
          id,
          first_name: first,
          last_name: last,
          email,
          email_key: email,
          role: 'commercial',
          active: 1,
          created_at: now,
          changed_at: now,
        })
        .execute();
    }
  } finally {
    await store.close();
  }
}

async function openRequest(page: Page): Promise<void> {
  await page.goto('/equipe');
  await search(page, NOM);
  await page.getByRole('link', { name: `Ouvrir la demande de Claire ${NOM}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Claire ${NOM}` })).toBeVisible();
}

test('a colleague’s open page and list show the mark, and a call log asks to confirm', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await addPeople();
  const contexts: BrowserContext[] = [];
  const context = async (viewport: { width: number; height: number }) => {
    const made = await browser.newContext({ baseURL, viewport, locale: 'fr-FR' });
    contexts.push(made);
    return made;
  };
  const marieContext = await context(VIEWPORTS.phone);
  const paulContext = await context(VIEWPORTS.desktop);
  await seedCallbackRequests(marieContext, baseURL!, MARIE, [[NOM, Date.now() - 3_600_000]]);
  await seedCallbackRequests(paulContext, baseURL!, PAUL, []);

  // Paul has the request's page open, and the list in another tab.
  const paulPage = await paulContext.newPage();
  await openRequest(paulPage);
  const paulList = await paulContext.newPage();
  await paulList.goto('/equipe');
  await search(paulList, NOM);
  await expect(paulPage.getByText('appelle cette personne')).toHaveCount(0);

  const marie = await marieContext.newPage();
  await openRequest(marie);
  const tapped = marie.waitForRequest(
    (request) => request.method() === 'POST' && request.url().endsWith('/appel-en-cours'),
  );
  await marie.getByRole('link', { name: '06 12 34 56 78' }).click({ noWaitAfter: true });
  const startedAt = Date.now();
  await tapped;

  const notice = paulPage.getByText(/^Marie Dupont appelle cette personne/);
  await expect(notice).toHaveText(/^Marie Dupont appelle cette personne depuis \d{1,2}\u00a0h/, {
    timeout: 15_000,
  });
  const row = paulList.getByRole('row').filter({ hasText: NOM });
  await expect(row).toContainText('Marie Dupont appelle…', { timeout: 15_000 });
  expect(Date.now() - startedAt).toBeLessThan(15_000);
  // Whoever opens the request next sees it at once.
  const next = await paulContext.newPage();
  await openRequest(next);
  await expect(next.getByText(/^Marie Dupont appelle cette personne/)).toBeVisible();
  await next.close();
  // Marie is not warned about herself.
  await expect(marie.getByText('appelle cette personne')).toHaveCount(0);
  await expect(marie).toHaveURL(new RegExp(`/equipe/demandes/${idOf(NOM)}$`));

  for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
    await paulPage.setViewportSize(viewport);
    await expectNoViolation(paulPage);
    await paulList.setViewportSize(viewport);
    await expectNoViolation(paulList);
    await paulList.screenshot({ path: test.info().outputPath(`list-${viewport.width}.png`) });
  }

  // Paul logs a call anyway: asked first, with Marie's name and the time she started.
  await paulPage.getByRole('radio', { name: 'Pas de réponse' }).check();
  await paulPage.getByRole('button', { name: 'Enregistrer l’appel' }).click();
  const dialog = paulPage.getByRole('dialog', { name: 'Un appel est déjà en cours' });
  await expect(dialog).toContainText(
    /Marie Dupont appelle cette personne depuis \d{1,2}\u00a0h(\u00a0\d{2})?\. Enregistrer quand même\u00a0\?/,
  );
  for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
    await paulPage.setViewportSize(viewport);
    await expectNoViolation(paulPage);
    await paulPage.screenshot({ path: test.info().outputPath(`dialog-${viewport.width}.png`) });
  }
  await dialog.getByRole('button', { name: 'Enregistrer quand même' }).click();
  await expect(dialog).toBeHidden();
  await expect(paulPage.getByText('Appel enregistré.')).toBeVisible();
  await expect(paulPage.getByText('1 appel ces 30 derniers jours.')).toBeVisible();

  await expectNoViolation(marie);
  await marie.setViewportSize(VIEWPORTS.desktop);
  await expectNoViolation(marie);
  for (const made of contexts) await made.close();
});

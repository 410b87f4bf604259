import type { BrowserContext } from '@playwright/test';

import { callWindow, DEFAULT_CALENDAR } from '#server/callback/index.ts';
import { expect, test, VIEWPORTS } from './fixtures.ts';
import {
  expectNoViolation,
  idOf,
  listed,
  search,
  seedCallbackRequests,
} from './support/callback.ts';
import { STAFF_E2E_EMAILS } from './support/staff.ts';

/**
 * The call-back clock in a real browser against the production build: the inbox opens on the
 * requests to call back, soonest due first; the « En retard » view and its count; an unanswered
 * call keeps the request listed, « Joint » stops the clock and moves the status; the call-window
 * notice; the counters; axe at 375 and 1280 px. The server runs on the system clock, so the
 * requests are written with reception times relative to it, and the expected call window is
 * computed from it too. The rest of the rule, at both widths: staff-callback-reach.spec.ts.
 */
const STAFF = STAFF_E2E_EMAILS[4];
const DAY = 24 * 60 * 60 * 1000;

/** A unique word per run, in every name, so the search isolates this test's requests. */
const stamp = `Horloge${Date.now().toString(36)}`;
const people = {
  oldest: `Ancienne${stamp}`,
  older: `Moyenne${stamp}`,
  recent: `Recente${stamp}`,
};

/** Three requests, received 10 days, 9 days and a minute ago. */
async function prepare(context: BrowserContext, baseURL: string): Promise<void> {
  const now = Date.now();
  await seedCallbackRequests(context, baseURL, STAFF, [
    [people.oldest, now - 10 * DAY],
    [people.older, now - 9 * DAY],
    [people.recent, now - 60_000],
  ]);
}

test.describe('the call-back clock in the staff inbox', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  let storage: Awaited<ReturnType<BrowserContext['storageState']>>;

  test.beforeAll(async ({ browser, baseURL }) => {
    const context = await browser.newContext();
    await prepare(context, baseURL!);
    storage = await context.storageState();
    await context.close();
  });

  test('lists the requests to call back soonest due first; a call stops the clock', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({
      viewport: VIEWPORTS.desktop,
      storageState: storage,
    });
    const page = await context.newPage();
    await page.goto(`${baseURL}/equipe`);
    await expect(page.getByRole('heading', { level: 1, name: 'Demandes reçues' })).toBeVisible();
    const views = page.getByRole('group', { name: 'Afficher' });
    await expect(views.getByRole('button', { name: 'À traiter' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // A new search runs in « Toutes les demandes »; « À traiter » then narrows it: not yet
    // called, the soonest due (the oldest) first.
    await search(page, stamp);
    await expect(views.getByRole('button', { name: 'Toutes les demandes' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await views.getByRole('button', { name: 'À traiter' }).click();
    await expect(views.getByRole('button', { name: 'À traiter' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByRole('heading', { level: 2, name: '3 demandes' })).toBeVisible();
    expect(await listed(page)).toEqual([
      `Claire ${people.oldest}`,
      `Claire ${people.older}`,
      `Claire ${people.recent}`,
    ]);
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows.filter({ hasText: people.oldest })).toContainText(/en retard de \d+ j/);
    await expect(rows.filter({ hasText: people.recent })).toContainText(/reste \d/);
    await expect(rows.filter({ hasText: people.recent })).toContainText(
      /À rappeler avant \S+ \d+(er)?\s\S+( à|, fin de journée)/,
    );

    // « En retard » with its count: the two old ones, not the recent one.
    const overdueButton = views.getByRole('button', { name: /^En retard \(\d+\)$/ });
    const overdueBefore = Number(/\((\d+)\)/.exec((await overdueButton.innerText()) ?? '')?.[1]);
    expect(overdueBefore).toBeGreaterThanOrEqual(2);
    await overdueButton.click();
    await expect(overdueButton).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('heading', { level: 2, name: '2 demandes' })).toBeVisible();
    expect(await listed(page)).toEqual([`Claire ${people.oldest}`, `Claire ${people.older}`]);

    // The request's page: due time, call window, then a call.
    await page.getByRole('link', { name: `Ouvrir la demande de Claire ${people.oldest}` }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: `Claire ${people.oldest}` }),
    ).toBeVisible();
    const panel = page.getByRole('region', { name: 'Rappel' });
    await expect(panel).toContainText('À rappeler avant');
    await expect(panel).toContainText(/en retard de/);
    const window = callWindow(Date.now(), DEFAULT_CALENDAR);
    await expect(panel).toContainText(
      window.open ? 'Dans les horaires d’appel' : 'Hors des horaires d’appel',
    );
    if (!window.open) await expect(panel).toContainText(/prochaine plage : \w+ \d+ \w+ à \d\d:00/);
    await expect(panel).toContainText('Aucun appel ces 30 derniers jours.');
    await expect(page.getByText(/^Reçue le .* · Nouveau$/)).toBeVisible();

    // Voicemail: an attempt, the clock runs on, the status stays.
    await panel.getByRole('radio', { name: 'Messagerie' }).check();
    await panel.getByLabel('Note sur l’appel (facultative)').fill('Message laissé à 10 h');
    await panel.getByRole('button', { name: 'Enregistrer l’appel' }).click();
    await expect(panel.getByRole('status')).toHaveText('Appel enregistré.');
    // The call and its note are one entry of the request's history.
    const history = page.getByRole('region', { name: 'Historique' }).getByRole('listitem');
    await expect(history.first()).toContainText('Appel : MessagerieNote : Message laissé à 10 h');
    await expect(panel).toContainText('À rappeler avant');
    await expect(panel).toContainText(/1 tentative, \w+ \d\d:\d\d/);
    await expect(page.getByText(/^Reçue le .* · Nouveau$/)).toBeVisible();

    // Four calls in 30 days, « Joint » among them: the clock stops, the warning.
    for (const outcome of ['Pas de réponse', 'Joint', 'Numéro erroné']) {
      await panel.getByRole('radio', { name: outcome }).check();
      await panel.getByRole('button', { name: 'Enregistrer l’appel' }).click();
      await expect(history.first()).toContainText(`Appel : ${outcome}`);
    }
    await expect(panel).toContainText('Personne jointe');
    await expect(panel).toContainText(/rappelé en \d+ h \d\d/);
    await expect(page.getByText(/^Reçue le .* · En cours$/)).toBeVisible();
    await expect(page.getByText(/Statut changé Nouveau → En cours/)).toBeVisible();
    await expect(panel).toContainText('4 appels ces 30 derniers jours.');
    await expect(panel).toContainText('Quatre appels ou plus en 30 jours');

    // Back to the inbox: no longer to call back, no longer overdue. (The « En retard » count is
    // the whole inbox's, which the tests running beside this one change too: the view, narrowed
    // to this test's requests by the search, is what shows the one less.)
    await page.getByRole('link', { name: 'Retour aux demandes' }).click();
    await expect(page.getByRole('heading', { level: 2, name: '1 demande' })).toBeVisible();
    expect(await listed(page)).toEqual([`Claire ${people.older}`]);
    await overdueButton.click();
    await expect(overdueButton).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('heading', { level: 2, name: '1 demande' })).toBeVisible();
    expect(await listed(page)).toEqual([`Claire ${people.older}`]);
    await views.getByRole('button', { name: 'Toutes les demandes' }).click();
    await expect(page.getByRole('heading', { level: 2, name: '3 demandes' })).toBeVisible();
    await expect(rows.filter({ hasText: people.oldest })).toContainText(/rappelé en/);

    // The counters: the time to reach the person and the share reached within the promise.
    const counters = page.getByRole('region', { name: 'Délai pour joindre la personne' });
    await expect(counters).toContainText('Promesse : rappel sous 24 h ouvrées');
    await expect(counters.getByRole('definition').first()).toHaveText(/^\d+ h \d\d$/);
    await expect(counters).toContainText(/Jointes dans le délai \(30 j\)\s*\d+\s%/);
    await context.close();
  });

  for (const [name, viewport] of [
    ['phone', VIEWPORTS.phone],
    ['desktop', VIEWPORTS.desktop],
  ] as const) {
    test(`has no WCAG violation at ${viewport.width} px (${name})`, async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext({ viewport, storageState: storage });
      const page = await context.newPage();
      await page.goto(`${baseURL}/equipe`);
      await expect(page.getByRole('heading', { level: 1, name: 'Demandes reçues' })).toBeVisible();
      await search(page, stamp);
      await expect(page.getByRole('table')).toBeVisible();
      await expectNoViolation(page);
      await page
        .getByRole('group', { name: 'Afficher' })
        .getByRole('button', { name: /^En retard/ })
        .click();
      await expect(page.getByRole('heading', { level: 2, name: '1 demande' })).toBeVisible();
      await expectNoViolation(page);
      // A request's page with calls, the warning and the call-window notice.
      await page.goto(`${baseURL}/equipe/demandes/${idOf(people.oldest)}`);
      await expect(page.getByRole('region', { name: 'Rappel' })).toContainText('Quatre appels');
      await expectNoViolation(page);
      await page.goto(`${baseURL}/equipe/demandes/${idOf(people.recent)}`);
      await expect(page.getByRole('region', { name: 'Rappel' })).toContainText('reste');
      await expectNoViolation(page);
      await context.close();
    });
  }
});

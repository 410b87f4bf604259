import type { Locator, Page } from '@playwright/test';

import { expect, test, VIEWPORTS } from './fixtures.ts';
import { expectNoViolation, listed, search, seedCallbackRequests } from './support/callback.ts';
import { STAFF_E2E_EMAILS } from './support/staff.ts';

/**
 * The call-back clock stops when the person is reached (ADR 0028), at 375 and 1280 px,
 * axe clean at each step: no outcome is preselected and a save without one is refused by the
 * server in French; « Pas de réponse » keeps the request in « À traiter » with « 2 tentatives,
 * dernière … »; « Numéro erroné » flags it « répondre par e-mail »; « Répondu par e-mail » and
 * « Joint » stop the clock; a request closed as « Perdu » without a call shows no countdown; the
 * counters speak of reaching the person.
 */
const STAFF = STAFF_E2E_EMAILS[4];
const DAY = 24 * 60 * 60 * 1000;
const RECORD = 'Enregistrer l’appel';

async function record(panel: Locator, outcome: string) {
  // The calls are entries of the request's history, newest first.
  const history = panel.page().getByRole('region', { name: 'Historique' }).getByRole('listitem');
  const entries = await history.count();
  await panel.getByRole('radio', { name: outcome }).check();
  await panel.getByRole('button', { name: RECORD }).click();
  await expect.poll(() => history.count()).toBeGreaterThan(entries);
  await expect(history.first()).toContainText(
    outcome === 'Répondu par e-mail' ? 'Réponse par e-mail' : `Appel : ${outcome}`,
  );
  // The form is reset: nothing is preselected for the next call either.
  await expect(panel.getByRole('radio', { checked: true })).toHaveCount(0);
}

async function openLead(page: Page, name: string): Promise<Locator> {
  await page.getByRole('link', { name: `Ouvrir la demande de Claire ${name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Claire ${name}` })).toBeVisible();
  return page.getByRole('region', { name: 'Rappel' });
}

async function backToList(page: Page, count: string) {
  await page.getByRole('link', { name: 'Retour aux demandes' }).click();
  await expect(page.getByRole('heading', { level: 2, name: count })).toBeVisible();
}

for (const [name, viewport] of [
  ['phone', VIEWPORTS.phone],
  ['desktop', VIEWPORTS.desktop],
] as const) {
  test(`only reaching the person stops the clock, at ${viewport.width} px (${name})`, async ({
    browser,
    baseURL,
    problems,
  }) => {
    test.setTimeout(120_000);
    // The refused save is a 400 answer, which Chromium logs.
    problems.allowConsoleError(/status of 400/);
    const stamp = `Joindre${name}${Date.now().toString(36)}`;
    const people = {
      waits: `Attente${stamp}`,
      wrong: `Erreur${stamp}`,
      lost: `Perdue${stamp}`,
    };
    const context = await browser.newContext({ viewport });
    const now = Date.now();
    await seedCallbackRequests(context, baseURL!, STAFF, [
      [people.waits, now - 8 * DAY],
      [people.wrong, now - 7 * DAY],
      [people.lost, now - 60_000],
    ]);
    const page = await context.newPage();
    await page.goto(`${baseURL}/equipe`);
    // A new search runs in « Toutes les demandes »; « À traiter » narrows it to the to-do list.
    await search(page, stamp);
    await page
      .getByRole('group', { name: 'Afficher' })
      .getByRole('button', { name: 'À traiter' })
      .click();
    await expect(page.getByRole('heading', { level: 2, name: '3 demandes' })).toBeVisible();
    const rows = page.getByRole('table').getByRole('row');

    // No outcome preselected; saving without one is refused in words, nothing recorded.
    let panel = await openLead(page, people.waits);
    await expect(panel.getByRole('radio')).toHaveCount(5);
    await expect(panel.getByRole('radio', { checked: true })).toHaveCount(0);
    await panel.getByRole('button', { name: RECORD }).click();
    await expect(panel.getByRole('alert')).toHaveText(
      /^Choisissez le résultat de l’appel \(Joint, Pas de réponse, Messagerie, Numéro erroné ou Répondu par e-mail\)/,
    );
    await expect(panel).toContainText('Aucun appel enregistré.');
    await expectNoViolation(page);

    // Two unanswered calls: the clock runs on, the attempts are shown.
    await record(panel, 'Pas de réponse');
    await record(panel, 'Pas de réponse');
    await expect(panel).toContainText('À rappeler avant');
    await expect(panel).toContainText(/en retard de/);
    await expect(panel).toContainText(/2 tentatives, dernière \w+ \d\d:\d\d/);
    await expect(page.getByText(/^Reçue le .* · Nouveau$/)).toBeVisible();
    await expectNoViolation(page);
    await backToList(page, '3 demandes');
    expect(await listed(page)).toEqual([
      `Claire ${people.waits}`,
      `Claire ${people.wrong}`,
      `Claire ${people.lost}`,
    ]);
    await expect(rows.filter({ hasText: people.waits })).toContainText(
      /en retard de .*2 tentatives, dernière \w+ \d\d:\d\d/,
    );

    // A wrong number: still listed, flagged « répondre par e-mail ».
    panel = await openLead(page, people.wrong);
    await record(panel, 'Numéro erroné');
    await expect(panel).toContainText('Numéro erroné : répondre par e-mail');
    await expect(panel).toContainText('À rappeler avant');
    await backToList(page, '3 demandes');
    await expect(rows.filter({ hasText: people.wrong })).toContainText(
      'Numéro erroné : répondre par e-mail',
    );
    await expectNoViolation(page);

    // The written answer reaches the person: the clock stops, the status moves.
    panel = await openLead(page, people.wrong);
    await record(panel, 'Répondu par e-mail');
    await expect(panel.getByRole('status')).toHaveText('Réponse par e-mail enregistrée.');
    await expect(panel).toContainText('Personne jointe');
    await expect(panel).toContainText(/répondu par e-mail en \d+ h \d\d/);
    await expect(panel).not.toContainText('répondre par e-mail');
    await expect(page.getByText(/^Reçue le .* · En cours$/)).toBeVisible();
    await backToList(page, '2 demandes');

    // « Joint » stops it too.
    panel = await openLead(page, people.waits);
    await record(panel, 'Joint');
    await expect(panel).toContainText(/rappelé en \d+ h \d\d/);
    await expect(panel).toContainText('3 appels ces 30 derniers jours.');
    await backToList(page, '1 demande');
    expect(await listed(page)).toEqual([`Claire ${people.lost}`]);
    await expect(rows.filter({ hasText: people.lost })).toContainText(/reste \d/);

    // Closed as lost without a call: no countdown, on its page nor in the list.
    await openLead(page, people.lost);
    await page.getByLabel('Statut', { exact: true }).selectOption('perdu');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect(page.getByText(/^Reçue le .* · Perdu$/)).toBeVisible();
    panel = page.getByRole('region', { name: 'Rappel' });
    await expect(panel).toContainText('Demande close : plus de délai de rappel.');
    await expect(panel).not.toContainText(/reste \d|en retard de|À rappeler avant/);
    await expectNoViolation(page);
    await backToList(page, 'Aucune demande');
    await page
      .getByRole('group', { name: 'Afficher' })
      .getByRole('button', { name: 'Toutes les demandes' })
      .click();
    await expect(page.getByRole('heading', { level: 2, name: '3 demandes' })).toBeVisible();
    const lost = rows.filter({ hasText: people.lost });
    await expect(lost).toContainText('Demande close');
    await expect(lost).not.toContainText(/reste \d|en retard de|avant/);
    await expect(rows.filter({ hasText: people.waits })).toContainText(/rappelé en \d+ h \d\d/);
    await expect(rows.filter({ hasText: people.wrong })).toContainText(
      /répondu par e-mail en \d+ h \d\d/,
    );

    // The counters measure the time to reach the person.
    const counters = page.getByRole('region', { name: 'Délai pour joindre la personne' });
    await expect(counters).toContainText('un appel sans réponse n’arrête pas le délai');
    await expect(counters).toContainText(/Délai médian \(30 j\)\s*\d+ h \d\d/);
    await expect(counters).toContainText(/Jointes dans le délai \(30 j\)\s*\d+\s%/);
    await expectNoViolation(page);
    await context.close();
  });
}

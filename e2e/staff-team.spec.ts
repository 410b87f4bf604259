import AxeBuilder from '@axe-core/playwright';

import { startServerProcess, type ServerProcess } from '#test-support/process.ts';
import { expect, test, VIEWPORTS } from './fixtures.ts';
import { signInAs } from './support/sign-in.ts';

/**
 * The team page (ADR 0044) in a real browser, a responsable and a commercial signed in at once:
 * the nav link for the responsable only, adding a commercial, axe at 375 and 1280 px, the page
 * closed to the commercial, and the commercial's next request after deactivation answered 401
 * (back to the sign-in page).
 */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const RESPONSABLE = 'chef.personnes@calora-energies.example';

/**
 * A server of its own: the people are the team's, and two sign-ins would spend the shared
 * server's sign-in budget of 127.0.0.1 that e2e/staff.sign-in.spec.ts needs.
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

test('a responsable adds a commercial, who cannot open the team page and is then deactivated', async ({
  browser,
}) => {
  const boss = await browser.newContext({
    baseURL: server.url,
    viewport: VIEWPORTS.desktop,
    locale: 'fr-FR',
  });
  const page = await boss.newPage();
  await signInAs(page, RESPONSABLE, server.dataDir);
  const nav = page.getByRole('navigation', { name: 'Pages de l’espace équipe' });
  await nav.getByRole('link', { name: 'Équipe' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Équipe' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Équipe' })).toHaveAttribute('aria-current', 'page');

  const email = `paul.${Date.now()}@calora-energies.example`;
  const form = page.getByRole('region', { name: 'Ajouter une personne' });
  await form.getByLabel('Prénom').fill('Paul');
  await form.getByLabel('Nom', { exact: true }).fill('Roux');
  await form.getByLabel('Adresse e-mail').fill(email);
  await form.getByRole('button', { name: 'Ajouter' }).click();
  await expect(page.getByRole('status')).toContainText('Paul Roux fait partie de l’équipe');
  const paul = page
    .getByRole('region', { name: 'Les personnes' })
    .getByRole('listitem')
    .filter({ hasText: email });
  await expect(paul).toContainText('Commercial · Accès actif');

  for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
    await page.setViewportSize(viewport);
    const axe = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    expect(axe.violations, `axe at ${viewport.width} px`).toEqual([]);
  }

  const other = await browser.newContext({
    baseURL: server.url,
    viewport: VIEWPORTS.phone,
    locale: 'fr-FR',
  });
  const commercial = await other.newPage();
  await signInAs(commercial, email, server.dataDir);
  await expect(commercial.getByRole('link', { name: 'Équipe', exact: true })).toHaveCount(0);
  await commercial.goto('/equipe/equipe');
  await expect(commercial.getByRole('alert')).toHaveText(
    'Seul un responsable peut gérer l’équipe.',
  );

  await paul.getByRole('button', { name: 'Désactiver' }).click();
  await paul
    .getByRole('dialog', { name: 'Désactiver Paul Roux' })
    .getByRole('button', { name: 'Confirmer la désactivation' })
    .click();
  await expect(page.getByRole('status')).toContainText('Paul Roux est désactivé(e)');
  await expect(paul).toContainText('Commercial · Accès désactivé');
  await commercial.goto('/equipe');
  await expect(commercial).toHaveURL(/\/equipe\/connexion$/);
  await other.close();
  await boss.close();
});

import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Locator, Page } from '@playwright/test';

import { startServerProcess } from '#test-support/process.ts';
import { expect, test } from './fixtures.ts';
import { STAFF_E2E_EMAILS } from './support/staff.ts';
import { seedStaffSession } from './support/staff-session.ts';

/**
 * The staff pages as a salesperson opens them, at 1 280 × 900 and 375 × 812: the first request of
 * the list in view without scrolling; on a phone every row with the name, the number as a `tel:`
 * link and the due time, nothing wider than the screen; a request's page opening on who it is,
 * then the call form; a save's confirmation beside what was saved; empty views that say what to
 * do; the sign-in page of a server that cannot send mail. Axe at both sizes.
 */
const STAFF = STAFF_E2E_EMAILS[5];
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const SIZES = [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 375, height: 812 }],
] as const;

const stamp = `Liste${Date.now().toString(36)}`;
const leads = [1, 2, 3, 4, 5].map((n) => ({
  id: `${stamp.toLowerCase()}-${n}`,
  nom: `${stamp}${n}`,
  telephone: `06 12 34 56 7${n}`,
  message: `Bonjour, je voudrais un devis pour une pompe à chaleur (demande ${n}).`,
  minutesAgo: n * 600,
}));

async function expectNoViolation(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(
    results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join()}`,
    ),
  ).toEqual([]);
}

/** The element's box lies within the first screen (the page not scrolled). */
async function expectInFirstScreen(page: Page, locator: Locator) {
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(page.viewportSize()!.height);
}

/** Nothing on the page is wider than the screen, the list's table included. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    page: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
    tables: [...document.querySelectorAll('table')].map((table) => {
      const box = table.parentElement!;
      return [box.scrollWidth, box.clientWidth];
    }),
  }));
  expect(widths.page[0]).toBeLessThanOrEqual(widths.page[1]!);
  for (const [scroll, client] of widths.tables) expect(scroll).toBeLessThanOrEqual(client!);
}

test.describe('the staff pages put the list and the number first', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  let storage: Awaited<ReturnType<BrowserContext['storageState']>>;

  test.beforeAll(async ({ browser, baseURL }) => {
    const context = await browser.newContext();
    await seedStaffSession(context, baseURL!, process.env.E2E_DATA_DIR!, STAFF, leads);
    storage = await context.storageState();
    await context.close();
  });

  for (const [name, viewport] of SIZES) {
    test(`the inbox opens on its first request at ${viewport.width} px (${name})`, async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext({ viewport, storageState: storage });
      const page = await context.newPage();
      await page.goto(`${baseURL}/equipe`);
      await expect(page.getByRole('heading', { level: 1, name: 'Demandes reçues' })).toBeVisible();
      const rows = page.getByRole('table').getByRole('row');
      // The header row, then the requests: the first one in view as the page opens.
      await expectInFirstScreen(page, rows.nth(1));
      // The search box is in view too; the other filters are folded.
      await expect(page.getByLabel('Recherche (nom, e-mail, téléphone, adresse)')).toBeInViewport();
      await expect(page.getByLabel('Produit')).toBeHidden();

      // This run's requests: each row has the name, the number to tap and the due time.
      await page.getByLabel('Recherche (nom, e-mail, téléphone, adresse)').fill(stamp);
      await page.getByRole('button', { name: 'Filtrer', exact: true }).click();
      await expect(page.getByRole('heading', { level: 2, name: '5 demandes' })).toBeVisible();
      for (const lead of leads) {
        const row = rows.filter({ hasText: lead.nom });
        await expect(row.getByRole('link', { name: `Claire ${lead.nom}` })).toBeVisible();
        const tel = row.getByRole('link', { name: lead.telephone });
        await expect(tel).toBeVisible();
        await expect(tel).toHaveAttribute('href', `tel:${lead.telephone.replace(/ /g, '')}`);
        await expect(row.getByText(/^(reste|en retard de) [\d jhmin]+$/)).toBeVisible();
        await expect(
          row.getByText(
            /^À rappeler avant \S+ \d+(er)?\s\S+(, fin de journée| à \d+\sh(\s\d\d)?)$/,
          ),
        ).toBeVisible();
      }
      await expectNoSidewaysScroll(page);
      await expectNoViolation(page);
      await context.close();
    });

    test(`a request's page opens on who it is, then the call form, at ${viewport.width} px (${name})`, async ({
      browser,
      baseURL,
    }) => {
      const lead = leads[0]!;
      const context = await browser.newContext({ viewport, storageState: storage });
      const page = await context.newPage();
      await page.goto(`${baseURL}/equipe/demandes/${lead.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Claire ${lead.nom}`);
      const who = page.getByRole('region', { name: 'La demande' });
      const tel = who.getByRole('link', { name: lead.telephone });
      await expect(tel).toHaveAttribute('href', `tel:${lead.telephone.replace(/ /g, '')}`);
      await expectInFirstScreen(page, tel);
      await expect(who).toContainText('Climatisation');
      await expect(who).toContainText(lead.message);
      await expect(page.getByText(lead.message)).toBeInViewport();

      // In the page's order: who it is, the call form, then the rest.
      const order = await page
        .getByRole('region')
        .evaluateAll((regions) => regions.map((region) => region.getAttribute('aria-labelledby')));
      const at = (id: string) => order.indexOf(id);
      expect(at('fields-title')).toBe(0);
      expect(at('callback-title')).toBe(1);
      for (const rest of ['status-title', 'consent-title', 'related-title', 'erase-title']) {
        expect(at(rest)).toBeGreaterThan(at('callback-title'));
      }
      await expect(page.getByRole('region', { name: 'Rappel' })).toContainText(
        'Un appel doit reposer sur le consentement de la personne, indiqué plus bas.',
      );
      await expectNoSidewaysScroll(page);
      await expectNoViolation(page);

      // A save's confirmation beside the form that was saved, in view of its button.
      const work = page.getByRole('region', { name: 'Statut et notes' });
      await work.getByLabel('Note (facultative)').fill(`Note à ${viewport.width} px`);
      const save = work.getByRole('button', { name: 'Enregistrer', exact: true });
      await save.click();
      const saved = work.getByRole('status');
      await expect(saved).toHaveText('Modification enregistrée.');
      await expect(saved).toBeInViewport();
      await expect(save).toBeInViewport();
      await expect(page.getByRole('status')).toHaveCount(1);
      await expectNoViolation(page);
      await context.close();
    });

    test(`an empty view says what it holds and what to do, at ${viewport.width} px (${name})`, async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext({ viewport, storageState: storage });
      const page = await context.newPage();
      await page.goto(`${baseURL}/equipe`);
      await page.getByLabel('Recherche (nom, e-mail, téléphone, adresse)').fill(`Personne${stamp}`);
      await page.getByRole('button', { name: 'Filtrer', exact: true }).click();
      await expect(page.getByRole('heading', { level: 2, name: 'Aucune demande' })).toBeVisible();
      await expect(page.getByRole('table')).toHaveCount(0);
      // A new search term runs in « Toutes les demandes »: nothing to widen, only to clear.
      const views = page.getByRole('group', { name: 'Afficher' });
      await expect(views.getByRole('button', { name: 'Toutes les demandes' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(
        page.getByText('Aucune demande ne correspond à la recherche ou aux filtres.'),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: 'Voir toutes les demandes' })).toHaveCount(0);
      await expectNoViolation(page);
      // Narrowed to a view, the message names it and offers every request again.
      await views.getByRole('button', { name: 'À traiter' }).click();
      await expect(
        page.getByText(
          'Aucune demande de la vue « À traiter » ne correspond à la recherche ou aux filtres.',
        ),
      ).toBeVisible();
      await page.getByRole('button', { name: 'Voir toutes les demandes' }).click();
      await expect(views.getByRole('button', { name: 'Toutes les demandes' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(page.getByRole('button', { name: 'Voir toutes les demandes' })).toHaveCount(0);
      await page.getByRole('button', { name: 'Effacer la recherche et les filtres' }).click();
      await expect(page.getByLabel('Recherche (nom, e-mail, téléphone, adresse)')).toHaveValue('');
      await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
      await context.close();
    });
  }
});

test.describe('a server that cannot send mail', () => {
  test.describe.configure({ timeout: 90_000 });

  test('says so on the sign-in page, to anyone, with the command that makes a link', async ({
    browser,
  }) => {
    // A server of its own, with no SMTP_URL nor MAIL_API_URL.
    const server = await startServerProcess({ STAFF_EMAILS: STAFF }, { from: 'build' });
    try {
      const answers: string[] = [];
      for (const [email, [, viewport]] of [
        [STAFF, SIZES[0]],
        ['intrus@example.fr', SIZES[1]],
      ] as const) {
        const context = await browser.newContext({ viewport });
        const page = await context.newPage();
        await page.goto(`${server.url}/equipe/connexion`);
        await page.getByLabel('Adresse e-mail').fill(email);
        await page.getByRole('button', { name: 'Recevoir un lien de connexion' }).click();
        const answer = page.getByRole('status');
        await expect(answer).toContainText('Ce serveur ne peut pas envoyer d’e-mail');
        await expect(answer).toContainText('npm run leads -- sign-in-link <adresse e-mail>');
        await expect(answer).not.toContainText('vient de lui être envoyé');
        answers.push(await answer.innerText());
        await expectNoViolation(page);
        await context.close();
      }
      // Listed or not, the same words: nothing tells who is staff.
      expect(answers[0]).toBe(answers[1]);
    } finally {
      await server.stop();
    }
  });
});

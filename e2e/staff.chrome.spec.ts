import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext } from '@playwright/test';

import { siteConfig } from '#config/site.ts';
import { expect, gotoHydrated, test, VIEWPORTS } from './fixtures.ts';
import { AXE, expectNoPublicChrome, signIn, submitLead } from './support/staff-inbox.ts';

/**
 * The staff pages' chrome and headers against the production build: the sign-in page and the
 * staff 404 have the staff chrome, no-store and noindex; axe at 375 and 1280 px.
 */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

test.describe('staff inbox', () => {
  test.use({ viewport: VIEWPORTS.desktop });

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

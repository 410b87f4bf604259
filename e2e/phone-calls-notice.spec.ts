import type { Page } from '@playwright/test';

import { expect, gotoHydrated, test, VIEWPORTS } from './fixtures.ts';

/**
 * Where a visitor types their phone number, and in the privacy policy, they are told that any
 * commercial call needs their prior consent (code de la consommation, as amended by law 2025-594,
 * from 11 August 2026). The contact form's notice comes with the page's HTML and its `.data` file,
 * not its script (app/routes/contact.tsx).
 */
const SENTENCE =
  /Tout appel commercial \(démarchage téléphonique\) demande votre consentement préalable\s: sans votre accord, la loi interdit de vous démarcher par téléphone/;

test.use({ viewport: VIEWPORTS.phone });

const notice = (page: Page) => page.getByRole('region', { name: 'Vos données personnelles' });

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the contact page’s notice says it under the form, as prerendered', async ({ page }) => {
    await page.goto('/contact');
    await expect(notice(page)).toContainText(SENTENCE);
  });
});

test('the contact page’s notice says it once hydrated, and when reached from another page', async ({
  page,
}) => {
  await gotoHydrated(page, '/contact');
  await expect(notice(page)).toContainText(SENTENCE);

  // Client-side navigation: the notice comes from /contact.data.
  await gotoHydrated(page, '/mentions-legales');
  const data = page.waitForResponse((response) => response.url().endsWith('/contact.data'));
  await page.getByRole('contentinfo').getByRole('link', { name: 'Formulaire de contact' }).click();
  expect((await data).status()).toBe(200);
  await expect(page).toHaveURL(/\/contact$/);
  await expect(notice(page)).toContainText(SENTENCE);
});

test('the privacy policy says it in « Comment nous vous recontactons »', async ({ page }) => {
  await gotoHydrated(page, '/politique-confidentialite');
  const section = page.getByRole('main').locator('section', {
    has: page.getByRole('heading', { name: 'Comment nous vous recontactons' }),
  });
  await expect(section).toContainText(SENTENCE);
  await expect(section).toContainText(/loi n°\s2025-594/);
});

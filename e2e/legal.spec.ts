import AxeBuilder from '@axe-core/playwright';

import { formatFrenchDate, isRgeExpired, siteConfig } from '#config/site.ts';
import { expect, gotoHydrated, test, VIEWPORTS, waitForHydration } from './fixtures.ts';

const LEGAL_PAGES = [
  { path: '/mentions-legales', title: 'Mentions légales' },
  { path: '/politique-confidentialite', title: 'Politique de confidentialité' },
  { path: '/cgv', title: 'Conditions générales de vente' },
] as const;

for (const { path, title } of LEGAL_PAGES) {
  for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
    test(`${path} has no accessibility violation at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await gotoHydrated(page, path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .analyze();
      expect(results.violations).toEqual([]);
      // Nothing wider than the screen.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
}

test('the legal notice gives the publisher, host, certifications and mediator from the config', async ({
  page,
}) => {
  await gotoHydrated(page, '/mentions-legales');
  const main = page.getByRole('main');
  for (const section of [
    'Éditeur du site',
    'Siège social',
    'Directeur de la publication',
    'Hébergement',
    'Conception et réalisation',
    'Propriété intellectuelle',
    'Responsabilité',
    'Liens hypertextes',
    'Droit applicable et juridiction',
    'Certifications et assurances',
    'Médiation de la consommation',
  ]) {
    await expect(main.getByRole('heading', { level: 2, name: section })).toBeVisible();
  }
  for (const fact of [
    siteConfig.companyName,
    siteConfig.legalForm,
    siteConfig.shareCapital,
    siteConfig.rcs,
    siteConfig.vatNumber,
    siteConfig.registeredOffice.city,
    siteConfig.publicationDirector,
    siteConfig.host.name,
    siteConfig.host.address,
    siteConfig.rge.body,
    siteConfig.rge.certificateNumber,
    siteConfig.mediator.name,
    'L.616-1',
    'tribunaux de Paris',
    ...siteConfig.insurers.map((insurer) => insurer.name),
  ]) {
    await expect(main).toContainText(fact);
  }
  await expect(main.getByRole('link', { name: siteConfig.phone.display })).toHaveAttribute(
    'href',
    siteConfig.phone.href,
  );
  await expect(main.getByRole('link', { name: siteConfig.mediator.website })).toHaveAttribute(
    'href',
    siteConfig.mediator.website,
  );

  // The table of contents leads to its section.
  await page
    .getByRole('navigation', { name: 'Sommaire' })
    .getByRole('link', { name: 'Médiation de la consommation' })
    .click();
  await expect(page).toHaveURL(/#mediation$/);
  await expect(
    main.getByRole('heading', { name: 'Médiation de la consommation' }),
  ).toBeInViewport();
});

/** Noon (Paris) of the day `days` after the certificate's last day of validity. */
function dayAfterValidity(days: number): Date {
  const date = new Date(`${siteConfig.rge.validUntil}T11:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date;
}

// Whatever today's date: the page on the last day of validity, and on the day after.
for (const [when, now] of [
  ['on its last day', dayAfterValidity(0)],
  ['the day after', dayAfterValidity(1)],
] as const) {
  test(`the legal notice states the RGE certificate's status ${when}`, async ({ page }) => {
    await page.clock.setFixedTime(now);
    await gotoHydrated(page, '/mentions-legales');
    const validity = formatFrenchDate(siteConfig.rge.validUntil);
    const certifications = page.getByRole('main').locator('section', {
      has: page.getByRole('heading', { name: 'Certifications et assurances' }),
    });
    if (when === 'the day after') {
      expect(isRgeExpired(siteConfig, now)).toBe(true);
      await expect(certifications).toContainText(`a expiré le ${validity}`);
      await expect(certifications).toContainText('disponible sur simple demande');
      await expect(certifications).not.toContainText('valable jusqu');
    } else {
      expect(isRgeExpired(siteConfig, now)).toBe(false);
      await expect(certifications).toContainText(`valable jusqu’au ${validity}`);
      await expect(certifications).not.toContainText('a expiré');
    }
  });
}

test('the privacy policy shows its revision date, retention periods and cookie facts', async ({
  page,
  context,
}) => {
  await gotoHydrated(page, '/politique-confidentialite');
  const main = page.getByRole('main');
  await expect(main).toContainText(
    `Dernière mise à jour : ${formatFrenchDate(siteConfig.privacyPolicyRevisionDate)}`,
  );
  for (const section of [
    'Responsable du traitement',
    'Données collectées',
    'Finalités',
    'Bases légales',
    'Destinataires et partage',
    'Durées de conservation',
    'Sécurité',
    'Vos droits',
    'Cookies et traceurs',
    'Modifications',
    'Contact',
    'Réclamation auprès de la CNIL',
  ]) {
    await expect(main.getByRole('heading', { level: 2, name: section, exact: true })).toBeVisible();
  }
  const retention = main.locator('section', {
    has: page.getByRole('heading', { name: 'Durées de conservation' }),
  });
  await expect(retention).toContainText('3 ans à compter du dernier contact');
  await expect(retention).toContainText('10 ans après la fin du contrat');
  await expect(
    retention.locator('div', { has: page.getByText('Prospects', { exact: true }) }),
  ).toContainText('3 ans');
  await expect(retention).toContainText('13 mois maximum');
  await expect(main).toContainText('dans un délai d’un mois');
  await expect(main).toContainText('ne dépose aucun cookie');
  await expect(main.getByRole('link', { name: 'www.cnil.fr' })).toHaveAttribute(
    'href',
    'https://www.cnil.fr',
  );

  // What the policy says is true: no cookie, no storage at all, no request to another origin.
  const origins = new Set<string>();
  page.on('request', (request) => origins.add(new URL(request.url()).origin));
  await page.reload();
  await waitForHydration(page);
  expect(await context.cookies()).toEqual([]);
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
  await page.evaluate(() => window.scrollTo(0, 400));
  await page.getByRole('link', { name: 'Mentions légales' }).first().click();
  // The client-side navigation completes once the route module is loaded.
  await expect(page).toHaveURL(/\/mentions-legales$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/politique-confidentialite$/);
  expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
  expect([...origins]).toEqual([new URL(page.url()).origin]);
});

test('the general terms page explains how to get the terms and names the mediator', async ({
  page,
}) => {
  await gotoHydrated(page, '/cgv');
  const main = page.getByRole('main');
  await expect(main).toContainText('avant toute signature');
  await expect(main.getByRole('link', { name: siteConfig.phone.display })).toHaveAttribute(
    'href',
    siteConfig.phone.href,
  );
  await expect(main.getByRole('link', { name: siteConfig.email }).first()).toHaveAttribute(
    'href',
    `mailto:${siteConfig.email}`,
  );
  await expect(main).toContainText(siteConfig.mediator.name);
  await expect(main).toContainText('L.616-1');
  await main.getByRole('link', { name: 'formulaire de contact' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Renseignez-vous gratuitement');
});

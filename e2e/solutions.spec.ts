import AxeBuilder from '@axe-core/playwright';

import { siteConfig } from '#config/site.ts';
import { allSolutions, solutionPath } from '#app/content/solutions/catalog.ts';
import { contactHref, solutionContent } from '#app/content/solutions/content.ts';
import { solutionTemplateText as text } from '#app/content/solutions/template.ts';
import { ORGANIZATION_ID } from '#app/structured-data.ts';
import { expect, gotoHydrated, test, VIEWPORTS } from './fixtures.ts';

const NBSP = '\u00a0';

for (const entry of allSolutions) {
  const path = solutionPath(entry);
  const content = solutionContent(entry);

  test(`${path} shows the complete solution page`, async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await gotoHydrated(page, path);
    const main = page.getByRole('main');

    await expect(main.getByRole('heading', { level: 1 })).toHaveText(content.title);
    await expect(page).toHaveTitle(`${content.title} | ${siteConfig.companyName}`);

    const breadcrumb = page.getByRole('navigation', { name: text.breadcrumbLabel });
    await expect(breadcrumb.getByRole('listitem')).toHaveText([
      text.back,
      text.audience[entry.audience],
      content.title,
    ]);
    await expect(breadcrumb.getByRole('button', { name: text.back })).toBeVisible();
    await expect(breadcrumb.getByText(content.title)).toHaveAttribute('aria-current', 'page');

    await expect(main.getByRole('definition').filter({ hasText: content.savings })).toBeVisible();
    await expect(main.getByRole('definition').filter({ hasText: content.price })).toBeVisible();
    await expect(main.getByText(content.description)).toBeVisible();

    for (const [title, items] of [
      [text.benefitsTitle, content.benefits],
      [text.technicalTitle, content.technicalDetails],
      [text.aidesTitle[entry.audience], content.aides],
    ] as const) {
      const section = main.getByRole('region', { name: title });
      await expect(section.getByRole('heading', { level: 2 })).toHaveText(title);
      await expect(section.getByRole('listitem')).toHaveText([...items]);
    }

    const whyUs = main.getByRole('region', { name: text.whyUs.title });
    await expect(whyUs).toContainText(`${siteConfig.yearsOfExperience}+ ans d’expérience`);
    await expect(whyUs).toContainText('Certification RGE');
    await expect(whyUs).toContainText(`98${NBSP}% de clients satisfaits`);

    const quote = main.getByRole('region', { name: text.quote.title });
    await expect(quote.getByRole('link', { name: /Appeler/ })).toHaveAttribute(
      'href',
      siteConfig.phone.href,
    );
    const online = quote.getByRole('link', { name: text.quote.online });
    await expect(online).toHaveAttribute('href', contactHref(entry));
    // One set of actions on desktop: the sticky card.
    await expect(main.getByRole('link', { name: text.quote.online })).toHaveCount(1);
  });
}

test('the stated prices and savings appear on their pages', async ({ page }) => {
  const stated: [string, string[]][] = [
    ['/particuliers/isolation-thermique', [`À partir de 20${NBSP}€/m²`]],
    ['/particuliers/pompe-a-chaleur', [`À partir de 8${NBSP}000${NBSP}€`]],
    ['/particuliers/panneaux-solaires', [`À partir de 9${NBSP}000${NBSP}€`]],
    ['/particuliers/ventilation-vmc', [`À partir de 2${NBSP}500${NBSP}€`]],
    ['/professionnels/audit-energetique', [`À partir de 2${NBSP}500${NBSP}€`]],
    [
      '/professionnels/eclairage-led',
      [`À partir de 50${NBSP}€ par point lumineux`, `Jusqu’à 80${NBSP}%`],
    ],
    ['/professionnels/monitoring-energetique', [`À partir de 150${NBSP}€ par mois`]],
    ['/professionnels/optimisation-facture-energie', [`Jusqu’à 20${NBSP}%`]],
    ['/professionnels/hp-flottante', [`À partir de 25${NBSP}000${NBSP}€`, `Jusqu’à 70${NBSP}%`]],
    [
      '/professionnels/isolation-thermique-exterieur',
      [`À partir de 120${NBSP}€/m²`, `Jusqu’à 40${NBSP}%`],
    ],
    ['/professionnels/peinture-thermoreulante', [`Jusqu’à 15${NBSP}%`]],
    ['/professionnels/centrale-photovoltaique', [`Jusqu’à 80${NBSP}%`]],
    ['/professionnels/ventilation-double-flux', [`Jusqu’à 30${NBSP}%`]],
    ['/professionnels/climatisation', [`Jusqu’à 25${NBSP}%`]],
  ];
  for (const [path, figures] of stated) {
    await page.goto(path);
    const figuresBand = page.getByRole('main').getByRole('definition');
    for (const figure of figures) {
      await expect(figuresBand.filter({ hasText: figure }), `${path}: ${figure}`).toHaveCount(1);
    }
  }
});

test('a business page preselects its product in the contact form link', async ({ page }) => {
  await gotoHydrated(page, '/professionnels/isolation-thermique-exterieur');
  const link = page
    .getByRole('main')
    .getByRole('region', { name: text.quote.title })
    .getByRole('link', { name: text.quote.online });
  await expect(link).toHaveAttribute(
    'href',
    `/contact?produit=${encodeURIComponent("Isolation thermique par l'extérieur")}`,
  );
  await link.click();
  await expect(page).toHaveURL(/\/contact\?produit=Isolation/);
  expect(new URL(page.url()).searchParams.get('produit')).toBe(
    "Isolation thermique par l'extérieur",
  );
});

test('an individual page links to the contact form without a product', async ({ page }) => {
  await gotoHydrated(page, '/particuliers/ballon-solaire');
  const link = page
    .getByRole('main')
    .getByRole('region', { name: text.quote.title })
    .getByRole('link', { name: text.quote.online });
  await link.click();
  await expect(page).toHaveURL(/\/contact$/);
});

test('Retour goes back to the previous page of the visit', async ({ page }) => {
  await gotoHydrated(page, '/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'HP flottante' }).click();
  await expect(page).toHaveURL(/\/professionnels\/hp-flottante$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('HP flottante');
  await page.getByRole('button', { name: text.back }).click();
  await expect(page).toHaveURL(/\/$/);

  // Forward again, then back from a page reached from another solution page.
  await page.goForward();
  await expect(page).toHaveURL(/\/professionnels\/hp-flottante$/);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Audit énergétique' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Audit énergétique');
  await page.getByRole('button', { name: text.back }).click();
  await expect(page).toHaveURL(/\/professionnels\/hp-flottante$/);
});

test('Retour goes to the home page when the page was opened directly', async ({ page }) => {
  await gotoHydrated(page, '/particuliers/pompe-a-chaleur');
  await page.getByRole('button', { name: text.back }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Pompe à chaleur');
});

test('a solution page opens at the top', async ({ page }) => {
  await gotoHydrated(page, '/professionnels/hp-flottante');
  const footerLink = page.getByRole('contentinfo').getByRole('link', { name: 'Éclairage LED' });
  await footerLink.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await footerLink.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Éclairage LED');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('on phones the actions come first and are repeated at the end', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.phone);
  await gotoHydrated(page, '/professionnels/eclairage-led');
  const main = page.getByRole('main');
  const online = main.getByRole('link', { name: text.quote.online });
  await expect(online).toHaveCount(2);
  await expect(main.getByRole('link', { name: /Appeler/ })).toHaveCount(2);
  for (const link of await online.all()) {
    await expect(link).toHaveAttribute(
      'href',
      `/contact?produit=${encodeURIComponent('Éclairage LED')}`,
    );
  }
  // No horizontal scrolling on a phone.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test('each page publishes a Service and a BreadcrumbList, without ratings', async ({ request }) => {
  const html = await (await request.get('/professionnels/hp-flottante')).text();
  const match = html.match(/<script type="application\/ld\+json">([^<]*)<\/script>/g) ?? [];
  const blocks = match.map((tag) => JSON.parse(tag.replace(/^<script[^>]*>|<\/script>$/g, '')));
  const graph = blocks.flatMap((block) => (block['@graph'] as Record<string, unknown>[]) ?? []);
  const service = graph.find((node) => node['@type'] === 'Service');
  expect(service).toMatchObject({
    name: 'HP flottante',
    provider: { '@id': ORGANIZATION_ID },
    areaServed: { name: 'France' },
  });
  const breadcrumb = graph.find((node) => node['@type'] === 'BreadcrumbList');
  expect(breadcrumb).toMatchObject({
    itemListElement: [
      { position: 1, name: 'Accueil' },
      { position: 2, name: 'Professionnels' },
      {
        position: 3,
        name: 'HP flottante',
        item: `${siteConfig.siteUrl}/professionnels/hp-flottante`,
      },
    ],
  });
  expect(html).not.toMatch(/aggregateRating|"review"/);
});

for (const path of ['/professionnels/decret-tertiaire', '/particuliers/isolation-thermique']) {
  for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
    test(`${path} has no axe violation at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await gotoHydrated(page, path);
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .analyze();
      expect(results.violations).toEqual([]);
    });
  }
}

import AxeBuilder from '@axe-core/playwright';

import { contactErrorText, contactThanksText } from '#app/content/contact-outcome.ts';
import { CONTACT_OUTCOME_PATHS } from '#app/routes-list.ts';
import { siteConfig } from '#config/site.ts';
import { CONTACT_ERROR_PATHS, CONTACT_THANKS_PATH } from '#contracts/contact/lead-contract.ts';
import { expect, gotoHydrated, test, VIEWPORTS } from './fixtures.ts';

/** The pages a native form post lands on: prerendered, French, accessible, never indexed. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const headings: Record<string, string> = {
  [CONTACT_THANKS_PATH]: contactThanksText.title,
  ...Object.fromEntries(
    Object.entries(CONTACT_ERROR_PATHS).map(([reason, path]) => [
      path,
      contactErrorText[reason as keyof typeof CONTACT_ERROR_PATHS].title,
    ]),
  ),
};

test('there is a thank-you page and one page per refusal', async ({ request }) => {
  // Each outcome the endpoint sends a native post to (a stored request, each refusal reason)
  // is a page of the site, with that outcome's heading; a refusal page it never sends to is not.
  const outcomes: Array<[string, string]> = [
    [CONTACT_THANKS_PATH, contactThanksText.title],
    ...Object.entries(CONTACT_ERROR_PATHS).map(([reason, path]): [string, string] => [
      path,
      contactErrorText[reason as keyof typeof CONTACT_ERROR_PATHS].title,
    ]),
  ];
  expect(new Set(outcomes.map(([path]) => path)).size).toBe(outcomes.length);
  for (const [path, title] of outcomes) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(await response.text(), path).toContain(title.replace(/'/g, '&#x27;'));
  }
  expect((await request.get('/contact/erreur/autre')).status()).toBe(404);
  expect((await request.get('/contact/erreur')).status()).toBe(404);
});

for (const path of CONTACT_OUTCOME_PATHS) {
  test(`${path} is prerendered in French, noindex, with its own title and description`, async ({
    request,
  }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="fr"');
    expect(html).toContain(headings[path]!.replace(/'/g, '&#x27;'));
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).not.toContain('rel="canonical"');
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html).toMatch(new RegExp(`<title>[^<]+ \\| ${siteConfig.companyName}</title>`));
    expect(html).toMatch(/<meta name="description" content="[^"]{50,160}"\/>/);
  });

  for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
    test(`${path} has no WCAG violation at ${viewport.width} px and links back`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await gotoHydrated(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(headings[path]!);
      const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
      expect(results.violations.map((violation) => violation.id)).toEqual([]);
      const main = page.getByRole('main');
      await expect(main.getByRole('link', { name: siteConfig.phone.display })).toHaveAttribute(
        'href',
        siteConfig.phone.href,
      );
      const way = path === CONTACT_THANKS_PATH ? 'Retour à l’accueil' : 'Revenir au formulaire';
      await expect(main.getByRole('link', { name: way })).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
}

test('the thank-you page leads home and to the solutions', async ({ page }) => {
  await gotoHydrated(page, CONTACT_THANKS_PATH);
  await expect(page.getByRole('link', { name: 'Découvrir nos solutions' })).toHaveAttribute(
    'href',
    '/#solutions',
  );
});

test('the error pages say the Back button keeps what was typed', async ({ request }) => {
  for (const path of Object.values(CONTACT_ERROR_PATHS)) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain('Retour');
    expect(html, path).toContain('vous ramène au formulaire avec ce que vous aviez saisi');
  }
});

test('sitemap.xml leaves them out', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const path of CONTACT_OUTCOME_PATHS) expect(sitemap).not.toContain(`${path}<`);
  expect(sitemap).toContain(`${siteConfig.siteUrl}/contact<`);
});

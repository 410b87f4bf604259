import { siteConfig } from '#config/site.ts';
import { allSolutions, solutionPath } from '#app/content/solutions/catalog.ts';
import { publicPaths } from '#app/routes-list.ts';
import { expect, gotoHydrated, test } from './fixtures.ts';

const company = siteConfig.companyName;

function expectedTitle(path: string): RegExp {
  if (path === '/') return new RegExp(`^${company} \\| Rénovation énergétique$`);
  const solution = allSolutions.find((entry) => solutionPath(entry) === path);
  if (solution) return new RegExp(`^${solution.title} \\| ${company}$`);
  return new RegExp(`\\| ${company}$`);
}

for (const path of publicPaths()) {
  test(`${path} is prerendered, titled and loads without errors`, async ({ page, request }) => {
    const raw = await request.get(path);
    expect(raw.status()).toBe(200);
    const html = await raw.text();
    // The page's text is in the served HTML, before any JavaScript runs.
    expect(html).toMatch(/<h1[^>]*>[^<]+/);
    expect(html).toContain('<html lang="fr"');

    const response = await gotoHydrated(page, path);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(expectedTitle(path));
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  });
}

test('unknown paths answer 404 with the 404 screen and log the path', async ({
  page,
  request,
  problems,
}) => {
  problems.allowConsoleError(/404/);
  for (const path of ['/nulle-part', '/professionnels/inconnu', '/particuliers/inconnu', '/404']) {
    const raw = await request.get(path);
    expect(raw.status(), path).toBe(404);
    expect(await raw.text()).toContain('Oops! Page not found');
  }

  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') logged.push(message.text());
  });
  const response = await gotoHydrated(page, '/nulle-part');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
  await expect.poll(() => logged.join('\n')).toContain('/nulle-part');
  await page.getByRole('link', { name: /Retour à l’accueil/ }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('client-side navigation to an unknown solution shows the 404 screen', async ({
  page,
  problems,
}) => {
  problems.allowConsoleError(/professionnels\/inconnu/);
  await gotoHydrated(page, '/');
  await page.evaluate(() => {
    window.history.pushState({}, '', '/professionnels/inconnu');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
});

import { allSolutions, solutionPath } from '#app/content/solutions/catalog.ts';
import { solutionContent } from '#app/content/solutions/content.ts';
import { expect, gotoHydrated, test, VIEWPORTS } from './fixtures.ts';

const from = allSolutions.find((entry) => entry.slug === 'pompe-a-chaleur');
const to = allSolutions.find((entry) => entry.slug === 'hp-flottante');

test('a solution page downloads its own content and drawing, no other solution’s', async ({
  page,
}) => {
  if (!from) throw new Error('catalog without pompe-a-chaleur');
  const bodies: string[] = [];
  page.on('response', async (response) => {
    if (/\.(js|data)$/.test(new URL(response.url()).pathname)) bodies.push(await response.text());
  });
  await gotoHydrated(page, solutionPath(from));
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(from.title);

  const downloaded = bodies.join('\n');
  expect(downloaded.length).toBeGreaterThan(0);
  for (const entry of allSolutions) {
    if (entry === from) continue;
    // Every other page's description is absent from every script the page loaded.
    expect(downloaded, entry.slug).not.toContain(solutionContent(entry).description.slice(0, 60));
  }
});

test('going from one solution to another stays in the page; hovering the link fetches its data', async ({
  page,
}) => {
  if (!from || !to) throw new Error('catalog without the two solutions');
  await page.setViewportSize(VIEWPORTS.desktop);
  await gotoHydrated(page, solutionPath(from));
  const documents: string[] = [];
  const data: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(request.url());
    if (new URL(request.url()).pathname.endsWith('.data'))
      data.push(new URL(request.url()).pathname);
  });

  const header = page.getByRole('banner');
  await header.getByRole('button', { name: 'Professionnels' }).click();
  const link = header.getByRole('link', { name: to.title, exact: true });
  // Intent (hovering the link) is enough to fetch the next page's data.
  await link.hover();
  await expect.poll(() => data).toEqual([`${solutionPath(to)}.data`]);
  await link.click();

  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(to.title);
  await expect(main.getByText(solutionContent(to).description)).toBeVisible();
  await expect(page).toHaveURL(solutionPath(to));
  expect(documents).toEqual([]);
  // Only the next page's data was asked for (the click may ask again: the HTTP cache answers).
  expect(new Set(data)).toEqual(new Set([`${solutionPath(to)}.data`]));
});

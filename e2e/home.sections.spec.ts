import AxeBuilder from '@axe-core/playwright';

import { clientNames, heroText, solutionsText } from '#app/content/home.ts';
import { businessSolutions } from '#app/content/solutions/catalog.ts';
import { expect, gotoHydrated, test, VIEWPORTS } from './fixtures.ts';
import { carousel, controls, dots, expectPage, slides, total } from './support/home-carousel.ts';

/** The home page on a desktop, its sections in order, no overflow and no axe violation. */

test.describe('home on a desktop', () => {
  test.use({ viewport: VIEWPORTS.desktop });

  test("each 'En savoir plus' leads to its page and has a distinct accessible name", async ({
    page,
  }) => {
    await gotoHydrated(page, '/');
    for (const [position, entry] of businessSolutions.entries()) {
      const slide = slides(page).nth(position);
      await expect(slide.locator('h3')).toHaveText(entry.title);
      await expect(slide).toContainText(entry.savings);
      const link = slide.locator('a');
      await expect(link).toHaveAttribute('href', `/professionnels/${entry.slug}`);
      await expect(link).toHaveText(new RegExp(`^${solutionsText.learnMore}`));
    }

    // Page by page, the reachable links carry names that tell the products apart.
    const names: string[] = [];
    for (let pageIndex = 0; pageIndex < Math.ceil(total / 3); pageIndex += 1) {
      await dots(page).nth(pageIndex).click();
      const links = carousel(page).getByRole('link', { name: /^En savoir plus/ });
      const entries = businessSolutions.slice(pageIndex * 3, pageIndex * 3 + 3);
      await expect(links).toHaveCount(entries.length);
      for (const [offset, entry] of entries.entries()) {
        const name = `${solutionsText.learnMore} sur ${entry.title}`;
        await expect(links.nth(offset)).toHaveAccessibleName(name);
        await expect(links.nth(offset)).toHaveAttribute('href', `/professionnels/${entry.slug}`);
        names.push(name);
      }
    }
    expect(new Set(names).size).toBe(total);

    await dots(page).first().click();
    const visibleLinks = carousel(page).getByRole('link', { name: /^En savoir plus/ });
    await expect(visibleLinks).toHaveCount(3);
    // The way back to the first page is a smooth scroll: click once it has arrived, as a visitor
    // would (a click's scroll-into-view in mid-animation would move the carousel itself). The
    // third card passes through the viewport on the way; the first one is whole only at the end.
    await expect(visibleLinks.nth(0)).toBeInViewport({ ratio: 1 });
    await expect(visibleLinks.nth(2)).toBeInViewport({ ratio: 1 });
    await visibleLinks.nth(2).click();
    await expect(page).toHaveURL(new RegExp(`/professionnels/${businessSolutions[2]!.slug}$`));
  });

  test('off-page cards cannot be reached with the keyboard', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await gotoHydrated(page, '/');
    const links = carousel(page).locator('a');
    await links.nth(2).focus();
    await page.keyboard.press('Tab');
    // The next stop after the third card is a carousel control, not the fourth card.
    await expect(carousel(page).locator('a:focus')).toHaveCount(0);
    await expect(links.nth(3)).not.toBeFocused();
  });

  test('a resize changes the page size and keeps the first visible card on screen', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await gotoHydrated(page, '/');
    await dots(page).nth(3).click(); // index 9: cards 9 and 10
    await expectPage(page, 3, 3);

    await page.setViewportSize(VIEWPORTS.tablet);
    await expectPage(page, 2, 4); // index 8: cards 8 and 9
    await expect(controls(page).next).toBeEnabled();

    await page.setViewportSize(VIEWPORTS.phone);
    await expectPage(page, 1, 8);

    await page.setViewportSize(VIEWPORTS.desktop);
    await expectPage(page, 3, 2); // index 8 → page 3 of 4 (cards 6 to 8)
  });

  test('the client marquee loops in 30 s, pauses on hover and hides its copy', async ({ page }) => {
    await gotoHydrated(page, '/');
    const section = page.getByRole('region', { name: 'Ils nous font confiance' });
    const track = section.getByTestId('marquee-track');
    const style = () =>
      track.evaluate((element) => {
        const computed = getComputedStyle(element);
        return {
          name: computed.animationName,
          duration: computed.animationDuration,
          state: computed.animationPlayState,
          running: element.getAnimations().length,
        };
      });
    expect(await style()).toEqual({
      name: 'marquee',
      duration: '30s',
      state: 'running',
      running: 1,
    });

    const copies = track.locator('ul');
    await expect(copies).toHaveCount(2);
    await expect(copies.nth(0)).not.toHaveAttribute('aria-hidden', 'true');
    await expect(copies.nth(1)).toHaveAttribute('aria-hidden', 'true');
    for (const copy of [copies.nth(0), copies.nth(1)]) {
      await expect(copy.locator('li')).toHaveText([...clientNames]);
    }
    // Only one copy is exposed to assistive technology.
    await expect(section.getByRole('listitem')).toHaveCount(clientNames.length);

    await section.getByTestId('marquee').hover();
    await expect.poll(async () => (await style()).state).toBe('paused');
    await page.mouse.move(0, 0);
    await expect.poll(async () => (await style()).state).toBe('running');

    const pause = section.getByRole('button', { name: 'Mettre en pause le défilement' });
    await pause.click();
    await expect(pause).toHaveAttribute('aria-pressed', 'true');
    await page.mouse.move(0, 0);
    await expect.poll(async () => (await style()).state).toBe('paused');
  });

  test('the marquee does not run under reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await gotoHydrated(page, '/');
    const section = page.getByRole('region', { name: 'Ils nous font confiance' });
    const track = section.getByTestId('marquee-track');
    expect(
      await track.evaluate((element) => ({
        name: getComputedStyle(element).animationName,
        animations: element.getAnimations().length,
      })),
    ).toEqual({ name: 'none', animations: 0 });
    await expect(track.locator('ul').nth(1)).toBeHidden();
    const names = section.getByRole('listitem');
    await expect(names).toHaveText([...clientNames]);
    await section.scrollIntoViewIfNeeded();
    await expect(names.first()).toBeInViewport();
    await expect(names.last()).toBeInViewport();
    await expect(section.getByRole('button', { name: /pause/ })).toBeHidden();
  });
});

test('the home page has no horizontal overflow at 320 px', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await gotoHydrated(page, '/');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
});

test('the home sections are in the reference order, each labelled by its heading', async ({
  page,
}) => {
  await gotoHydrated(page, '/');
  const headings = page
    .locator('main > section')
    .locator('xpath=.')
    .evaluateAll((sections) =>
      sections.map((section) => {
        const id = section.getAttribute('aria-labelledby');
        return id ? document.getElementById(id)?.textContent : null;
      }),
    );
  expect(await headings).toEqual([
    heroText.title,
    'Un seul interlocuteur pour réduire la facture énergétique de vos bâtiments',
    solutionsText.title,
    'Des travaux garantis, des engagements tenus',
    'Ils nous font confiance',
  ]);
  await expect(page.locator('main #solutions')).toHaveCount(1);
  const steps = page.getByRole('list', { name: 'Notre méthode en 5 étapes' }).getByRole('listitem');
  await expect(steps).toHaveCount(5);
  await expect(steps.getByRole('heading', { level: 4 })).toHaveText([
    'Audit énergétique',
    'Étude personnalisée',
    'Financement optimisé',
    'Installation certifiée',
    'Suivi & maintenance',
  ]);
});

for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
  test(`axe finds no violation on the home page at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await gotoHydrated(page, '/');
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(results.violations).toEqual([]);
  });
}

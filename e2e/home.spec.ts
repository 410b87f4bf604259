import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';

import { STICKY_HEADER_OFFSET_PX } from '../app/content/constants';
import { claims, clientNames, heroText, solutionsText } from '../app/content/home';
import { businessSolutions } from '../app/content/solutions/catalog';
import { expect, gotoHydrated, holdScripts, test, VIEWPORTS, waitForHydration } from './fixtures';

const total = businessSolutions.length;

const layouts = [
  { name: 'phone', viewport: VIEWPORTS.phone, size: 1 },
  { name: 'tablet', viewport: VIEWPORTS.tablet, size: 2 },
  { name: 'desktop', viewport: VIEWPORTS.desktop, size: 3 },
] as const;

function carousel(page: Page) {
  return page.getByRole('region', { name: solutionsText.carouselLabel, exact: true });
}

function slides(page: Page) {
  return carousel(page).locator(`[aria-roledescription="${solutionsText.slideRoleDescription}"]`);
}

function dots(page: Page) {
  return carousel(page).getByRole('button', { name: /^Page \d+ sur \d+$/ });
}

/** Positions of the slides that are reachable (not inert) and those inside the visible frame. */
async function shownSlides(page: Page) {
  return slides(page).evaluateAll((elements) => {
    const frame = elements[0]!.parentElement!.parentElement!.getBoundingClientRect();
    const reachable: number[] = [];
    const inFrame: number[] = [];
    elements.forEach((element, position) => {
      if (!(element as HTMLElement).inert) reachable.push(position);
      const box = element.getBoundingClientRect();
      if (box.left >= frame.left - 1 && box.right <= frame.right + 1) inFrame.push(position);
    });
    return { reachable, inFrame };
  });
}

async function expectPage(page: Page, size: number, pageIndex: number) {
  const pages = Math.ceil(total / size);
  const first = pageIndex * size;
  const expected = Array.from({ length: Math.min(size, total - first) }, (_, i) => first + i);
  await expect.poll(() => shownSlides(page)).toEqual({ reachable: expected, inFrame: expected });
  await expect(dots(page)).toHaveCount(pages);
  await expect(dots(page).nth(pageIndex)).toHaveAttribute('aria-current', 'true');
  await expect(carousel(page).locator('[aria-current="true"]')).toHaveCount(1);
  await expect(dots(page).nth(pageIndex)).toHaveAccessibleName(
    `Page ${pageIndex + 1} sur ${pages}`,
  );
}

function controls(page: Page): { previous: Locator; next: Locator } {
  return {
    previous: carousel(page).getByRole('button', { name: 'Précédent', exact: true }),
    next: carousel(page).getByRole('button', { name: 'Suivant', exact: true }),
  };
}

for (const layout of layouts) {
  test.describe(`home at ${layout.viewport.width} px`, () => {
    test.use({ viewport: layout.viewport });

    test(`the carousel pages ${layout.size} card(s) at a time with the reference rules`, async ({
      page,
    }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await gotoHydrated(page, '/');
      const { previous, next } = controls(page);
      const pages = Math.ceil(total / layout.size);
      await expect(slides(page)).toHaveCount(total);
      await expectPage(page, layout.size, 0);
      await expect(previous).toBeDisabled();
      await expect(next).toBeEnabled();

      // A click on the disabled Précédent does nothing (no wrap for pointer users).
      await previous.click({ force: true });
      await expectPage(page, layout.size, 0);

      for (let target = 1; target < pages; target += 1) {
        await next.click();
        await expectPage(page, layout.size, target);
        await expect(previous).toBeEnabled();
      }
      await expect(next).toBeDisabled();
      await next.click({ force: true });
      await expectPage(page, layout.size, pages - 1);

      await previous.click();
      await expectPage(page, layout.size, pages - 2);

      // Dots jump to their page.
      await dots(page).first().click();
      await expectPage(page, layout.size, 0);
      await expect(previous).toBeDisabled();
      await dots(page)
        .nth(pages - 1)
        .click();
      await expectPage(page, layout.size, pages - 1);
      await expect(next).toBeDisabled();
    });

    test('previous at index 0 goes to the last page and next wraps, from the keyboard', async ({
      page,
    }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await gotoHydrated(page, '/');
      const { previous, next } = controls(page);
      const pages = Math.ceil(total / layout.size);
      await previous.focus();
      await page.keyboard.press('ArrowLeft');
      await expectPage(page, layout.size, pages - 1);
      await expect(next).toBeDisabled();
      await expect(previous).toBeFocused();
      await page.keyboard.press('ArrowRight');
      await expectPage(page, layout.size, 0);
      await expect(previous).toBeDisabled();
      await page.keyboard.press('End');
      await expectPage(page, layout.size, pages - 1);
      await page.keyboard.press('Home');
      await expectPage(page, layout.size, 0);
    });

    test('the hero button scrolls #solutions to 96 px below the top', async ({ page }) => {
      await gotoHydrated(page, '/');
      await page.getByRole('button', { name: heroText.secondaryAction }).click();
      // Smooth scrolling: wait until the section has settled at its place.
      await expect
        .poll(async () => {
          const first = await page
            .locator('#solutions')
            .evaluate((s) => s.getBoundingClientRect().top);
          await page.waitForTimeout(100);
          const second = await page
            .locator('#solutions')
            .evaluate((s) => s.getBoundingClientRect().top);
          return first === second ? Math.abs(second - STICKY_HEADER_OFFSET_PX) : Infinity;
        })
        .toBeLessThanOrEqual(4);
      await expect(
        page.getByRole('heading', { level: 2, name: solutionsText.title }),
      ).toBeFocused();
      await expect(
        page.getByRole('heading', { level: 2, name: solutionsText.title }),
      ).toBeInViewport();
    });

    test('all claims are visible and the page does not scroll sideways', async ({ page }) => {
      await gotoHydrated(page, '/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heroText.title);
      const band = page.locator('section[aria-labelledby="hero-title"] dl');
      for (const claim of claims) {
        const item = band.locator('div').filter({ hasText: claim.label });
        await expect(item).toBeVisible();
        await expect(item).toContainText(claim.value);
        if (claim.prefix) await expect(item).toContainText(claim.prefix);
      }
      for (const figure of ['70 %', 'RGE', '3+ ans', '5 000+', '98 %', '24h', '4,9/5']) {
        await expect(band).toContainText(figure);
      }
      await expect(page.getByRole('link', { name: heroText.primaryAction })).toHaveAttribute(
        'href',
        '/contact',
      );
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
    });
  });
}

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

test.describe('home carousel on a touch screen', () => {
  test.use({ viewport: VIEWPORTS.phone, hasTouch: true, isMobile: true });

  /** A one-finger swipe across the carousel, as touch events the browser scrolls with. */
  async function swipe(page: Page, direction: 'left' | 'right') {
    const frame = slides(page).first().locator('xpath=../..');
    const box = await frame.boundingBox();
    if (!box) throw new Error('carousel not laid out');
    const y = Math.round(box.y + box.height / 2);
    const start = Math.round(box.x + box.width / 2);
    const step = direction === 'left' ? -20 : 20;
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchStart',
      touchPoints: [{ x: start, y }],
    });
    for (let move = 1; move <= 10; move += 1) {
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x: start + move * step, y }],
      });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  }

  test('a swipe moves one page and updates the dots; the buttons still work', async ({ page }) => {
    await gotoHydrated(page, '/');
    await carousel(page).scrollIntoViewIfNeeded();
    const { previous, next } = controls(page);
    await expectPage(page, 1, 0);

    await swipe(page, 'left');
    await expectPage(page, 1, 1);
    await expect(previous).toBeEnabled();
    await swipe(page, 'left');
    await expectPage(page, 1, 2);
    await swipe(page, 'right');
    await expectPage(page, 1, 1);

    await next.click();
    await expectPage(page, 1, 2);
    await previous.click();
    await previous.click();
    await expectPage(page, 1, 0);
    await expect(previous).toBeDisabled();

    // The page itself never scrolls sideways.
    expect(await page.evaluate(() => window.scrollX)).toBe(0);
  });

  test('a swipe made before the scripts run stays, and the dots follow it once they run', async ({
    page,
  }) => {
    const release = await holdScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    await carousel(page).scrollIntoViewIfNeeded();
    await swipe(page, 'left');
    await expect.poll(async () => (await shownSlides(page)).inFrame).toEqual([1]);
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();

    await release();
    await waitForHydration(page);
    await expectPage(page, 1, 1);
  });

  for (const motion of ['reduce', 'no-preference'] as const) {
    test(`the buttons scroll ${motion === 'reduce' ? 'without' : 'with'} animation when reduced motion is ${motion}`, async ({
      page,
    }) => {
      await page.emulateMedia({ reducedMotion: motion });
      await gotoHydrated(page, '/');
      await carousel(page).scrollIntoViewIfNeeded();
      const frame = slides(page).first().locator('xpath=../..');
      await frame.evaluate((scroller) => {
        const seen: number[] = [];
        (window as unknown as { seenScroll: number[] }).seenScroll = seen;
        scroller.addEventListener('scroll', () => seen.push(scroller.scrollLeft));
      });
      await controls(page).next.click();
      await expectPage(page, 1, 1);
      const { positions, pageWidth } = await frame.evaluate((scroller) => ({
        positions: (window as unknown as { seenScroll: number[] }).seenScroll,
        pageWidth: scroller.clientWidth,
      }));
      const between = positions.filter((left) => Math.abs(left - pageWidth) > 1 && left > 1);
      if (motion === 'reduce') expect(between).toEqual([]);
      else expect(between.length).toBeGreaterThan(0);
    });
  }
});

import type { Page } from '@playwright/test';

import { STICKY_HEADER_OFFSET_PX } from '#app/content/constants.ts';
import { claims, heroText, solutionsText } from '#app/content/home.ts';
import {
  expect,
  gotoHydrated,
  holdScripts,
  test,
  VIEWPORTS,
  waitForHydration,
} from './fixtures.ts';
import {
  carousel,
  controls,
  dots,
  expectPage,
  layouts,
  shownSlides,
  slides,
  total,
} from './support/home-carousel.ts';

/** The home page's solutions carousel at each layout, and on a touch screen. */

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

test.describe('home carousel on a touch screen', () => {
  test.use({ viewport: VIEWPORTS.phone, hasTouch: true, isMobile: true });

  /** A finger put on the middle of the carousel's frame, as touch events the browser scrolls with. */
  async function touchCarousel(page: Page) {
    const box = await slides(page).first().locator('xpath=../..').boundingBox();
    if (!box) throw new Error('carousel not laid out');
    const y = Math.round(box.y + box.height / 2);
    let x = Math.round(box.x + box.width / 2);
    const cdp = await page.context().newCDPSession(page);
    const send = (
      type: 'touchStart' | 'touchMove' | 'touchEnd',
      at: Array<{ x: number; y: number }>,
    ) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: at });
    await send('touchStart', [{ x, y }]);
    return {
      /** Slides sideways by `dx` px, in ten moves. */
      async moveBy(dx: number) {
        const from = x;
        for (let step = 1; step <= 10; step += 1) {
          await send('touchMove', [{ x: Math.round(from + (dx * step) / 10), y }]);
        }
        x = Math.round(from + dx);
      },
      /** Rests where it is, then says so (a move to the same point): no fling follows. */
      async rest(ms: number) {
        await page.waitForTimeout(ms);
        await send('touchMove', [{ x, y }]);
      },
      async lift() {
        await send('touchEnd', []);
        await cdp.detach();
      },
    };
  }

  /**
   * A swipe of three quarters of a card, the finger resting before it lifts: a drag, not a fling.
   * Where a fling ends depends on how fast the events arrive, which a busy test machine changes;
   * a drag of 200 px, just over half a card, snapped back when some moves arrived late.
   */
  async function swipe(page: Page, direction: 'left' | 'right') {
    const finger = await touchCarousel(page);
    await finger.moveBy(direction === 'left' ? -280 : 280);
    await finger.rest(250);
    await finger.lift();
  }

  const scrollLeft = (page: Page) =>
    slides(page)
      .first()
      .locator('xpath=../..')
      .evaluate((scroller) => scroller.scrollLeft);

  test('a finger resting mid-swipe keeps the cards where it holds them', async ({ page }) => {
    await gotoHydrated(page, '/');
    await carousel(page).scrollIntoViewIfNeeded();
    const finger = await touchCarousel(page);
    await finger.moveBy(-240);
    await page.waitForTimeout(100);
    const held = await scrollLeft(page);
    expect(held).toBeGreaterThan(100);
    // Far longer than the pause in scroll events the carousel once took for the swipe's end.
    await page.waitForTimeout(600);
    expect(Math.abs((await scrollLeft(page)) - held)).toBeLessThan(2);
    await finger.lift();
    await expectPage(page, 1, 1);
  });

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

import type { Page } from '@playwright/test';

import { expect, gotoHydrated, holdScripts, test, waitForHydration } from './fixtures.ts';

/**
 * On a phone (375 × 812): nothing floats over a control, and the menu answers taps from
 * the first paint.
 */
const PHONE = { width: 375, height: 812 };
const PAGE_KINDS = [
  { kind: 'home', path: '/', contactLinks: true },
  { kind: 'contact', path: '/contact', contactLinks: false },
  { kind: 'solution', path: '/professionnels/hp-flottante', contactLinks: true },
  { kind: 'legal', path: '/mentions-legales', contactLinks: true },
] as const;
/** A small step: a control never jumps past a floating button between two checks. */
const STEP_PX = 120;

interface Miss {
  control: string;
  hit: string;
}

/**
 * Every link, button and form control whose centre is on screen (below the sticky header, not
 * clipped by a scrolling box): a tap at its centre must reach it. A control whose centre lies
 * under a floating button is hidden by it, as one under the header is, and is skipped, unless
 * `atEnd` (scrolled to the bottom, the page's room must have let every control clear them).
 */
function controlsMissedByATap(page: Page, atEnd: boolean): Promise<Miss[]> {
  return page.evaluate((atEnd) => {
    const describe = (element: Element | null) =>
      element
        ? `${element.tagName.toLowerCase()} « ${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)} »`
        : 'nothing';
    const headerBottom = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
    const floating = [
      ...document.querySelectorAll('[data-floating-actions] a, [data-floating-actions] button'),
    ];
    const floatingRects = floating.map((element) => element.getBoundingClientRect());
    const clippedAt = (element: Element, x: number, y: number) => {
      for (let box = element.parentElement; box; box = box.parentElement) {
        const style = getComputedStyle(box);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const rect = box.getBoundingClientRect();
        if (x < rect.left || x >= rect.right || y < rect.top || y >= rect.bottom) return true;
      }
      return false;
    };
    const misses: Array<{ control: string; hit: string }> = [];
    const controls = document.querySelectorAll(
      'a[href], button, input:not([type="hidden"]), select, textarea, summary',
    );
    for (const control of controls) {
      if (control.closest('[aria-hidden="true"], [popover]:not(:popover-open)')) continue;
      // A link that wraps over two lines is tapped on its text: the centre of its widest line
      // box (the centre of its bounding box can fall between the lines).
      const rect = [...control.getClientRects()].reduce<DOMRect | undefined>(
        (widest, box) =>
          !widest || box.width * box.height > widest.width * widest.height ? box : widest,
        undefined,
      );
      if (!rect || rect.width < 2 || rect.height < 2) continue;
      if (getComputedStyle(control).visibility === 'hidden') continue;
      const x = rect.left + rect.width / 2;
      const y = rect.top + rect.height / 2;
      if (x < 0 || x >= window.innerWidth || y < headerBottom || y >= window.innerHeight) continue;
      if (clippedAt(control, x, y)) continue;
      const isFloating = floating.includes(control);
      const underFloating = floatingRects.some(
        (r) => x >= r.left && x < r.right && y >= r.top && y < r.bottom,
      );
      if (!isFloating && underFloating && !atEnd) continue;
      const hit = document.elementFromPoint(x, y);
      if (!hit || !(hit === control || control.contains(hit))) {
        misses.push({ control: describe(control), hit: describe(hit) });
      }
    }
    return misses;
  }, atEnd);
}

async function settle(page: Page) {
  // Two frames: the scroll listener's frame, then React's commit.
  await page.evaluate(
    () =>
      new Promise((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(undefined))),
      ),
  );
}

test.describe('nothing floats over a control (375 × 812)', () => {
  test.use({ viewport: PHONE, reducedMotion: 'reduce' });

  for (const { kind, path, contactLinks } of PAGE_KINDS) {
    test(`${kind} page (${path}): every control on screen takes a tap at its centre, at every scroll step`, async ({
      page,
    }) => {
      test.slow();
      await gotoHydrated(page, path);
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      const bottom = height - PHONE.height;
      const misses: Array<Miss & { y: number }> = [];
      for (let y = 0; ; y = Math.min(y + STEP_PX, bottom)) {
        await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
        await settle(page);
        const atEnd = y >= bottom;
        for (const miss of await controlsMissedByATap(page, atEnd)) misses.push({ ...miss, y });
        if (atEnd) break;
      }
      expect(misses).toEqual([]);

      // At the end the floating actions are there: back-to-top always, the contact links
      // except on the contact page, which they would only cover.
      const floating = page.locator('[data-floating-actions]');
      await expect(
        floating.getByRole('button', { name: 'Revenir en haut de la page' }),
      ).toBeVisible();
      await expect(floating.getByRole('link')).toHaveCount(contactLinks ? 2 : 0);
    });
  }

  test('on the contact page, a tap on « Envoyer ma demande » near the bottom of the screen sends the form', async ({
    page,
  }) => {
    await gotoHydrated(page, '/contact');
    const submit = page.getByRole('button', { name: 'Envoyer ma demande' });
    await submit.scrollIntoViewIfNeeded();
    // Where the floating buttons sit: the button's centre about 80 px above the screen's bottom.
    const box = (await submit.boundingBox())!;
    await page.mouse.wheel(0, box.y + box.height / 2 - (PHONE.height - 80));
    await settle(page);
    const moved = (await submit.boundingBox())!;
    expect(moved.y + moved.height / 2).toBeGreaterThan(PHONE.height - 120);
    await page.mouse.click(moved.x + moved.width / 2, moved.y + moved.height / 2);
    // The empty form is checked: the consent notice appears, so the tap reached the button.
    await expect(page.getByRole('alert')).toContainText('Consentement requis');
  });
});

async function expectMenuOpensAndCloses(page: Page) {
  const toggle = page.getByRole('button', { name: /menu/i });
  const menu = page.locator('#mobile-menu');
  await expect(menu).toBeHidden();
  await toggle.click();
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link', { name: /Appeler maintenant/ })).toBeVisible();
  // Its list of business pages folds out too.
  await menu.getByText('Professionnels', { exact: true }).click();
  await expect(menu.getByRole('link', { name: 'Climatisation' })).toBeVisible();
  await toggle.click();
  await expect(menu).toBeHidden();
}

test.describe('the phone menu before the scripts run', () => {
  test.use({ viewport: PHONE });

  test.describe('with JavaScript off', () => {
    test.use({ javaScriptEnabled: false });

    test('opens and closes, its business list too', async ({ page }) => {
      await page.goto('/professionnels/hp-flottante');
      await expectMenuOpensAndCloses(page);
    });
  });

  test('opens with the scripts held back, and stays in step once they run', async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    const toggle = page.getByRole('button', { name: /menu/i });
    const menu = page.locator('#mobile-menu');
    await toggle.click();
    await expect(menu).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();

    await release();
    await waitForHydration(page);
    // Hydrated while open: the script takes the state the page shows.
    await expect(menu).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(toggle).toHaveAccessibleName('Fermer le menu');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toHaveAccessibleName('Ouvrir le menu');
    await expectMenuOpensAndCloses(page);
  });
});

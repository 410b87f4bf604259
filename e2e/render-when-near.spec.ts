import type { Locator, Page } from '@playwright/test';

import { guaranteesText, solutionsText, trustText } from '#app/content/home.ts';
import { expect, test, VIEWPORTS } from './fixtures.ts';

/**
 * The home page's blocks far below the first screen are rendered only when they come near the
 * viewport (app/components/home/render-when-near.ts, ADR 0019); until then each holds the place
 * of an estimated height.
 */
function deferredBlocks(page: Page): { name: string; block: Locator }[] {
  const region = (name: string) => page.getByRole('region', { name, exact: true });
  return [
    { name: 'solutions', block: region(solutionsText.title) },
    { name: 'guarantees', block: region(guaranteesText.title) },
    { name: 'trust', block: region(trustText.title) },
  ];
}

/** Whether the block's heading is rendered (not skipped by `content-visibility: auto`). */
function headingRendered(block: Locator): Promise<boolean> {
  return block
    .getByRole('heading')
    .first()
    .evaluate((heading) => heading.checkVisibility({ contentVisibilityAuto: true }));
}

for (const [layout, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`home page blocks below the first screen, ${layout}`, () => {
    test.use({ viewport });

    test('are skipped at first, then rendered and readable once scrolled to', async ({ page }) => {
      await page.goto('/');
      // Chromium renders what is within 150 % of the viewport's height of it: a block that starts
      // more than three screens down is skipped at load (at least one at every width).
      let skipped = 0;
      for (const { name, block } of deferredBlocks(page)) {
        const top = await block.evaluate((element) => element.getBoundingClientRect().top);
        if (top < 3 * viewport.height) continue;
        await expect.poll(() => headingRendered(block), { message: `${name} skipped` }).toBe(false);
        skipped += 1;
      }
      expect(skipped).toBeGreaterThan(0);
      for (const { name, block } of deferredBlocks(page)) {
        const heading = block.getByRole('heading').first();
        await heading.scrollIntoViewIfNeeded();
        await expect.poll(() => headingRendered(block), { message: `${name} rendered` }).toBe(true);
        await expect(heading).toBeInViewport();
        await expect(heading).toBeVisible();
      }
    });

    test('hold a place within a quarter of their real height', async ({ page }) => {
      await page.goto('/');
      for (const { name, block } of deferredBlocks(page)) {
        const estimate = await block.evaluate((element) =>
          parseFloat(getComputedStyle(element).containIntrinsicHeight.replace('auto', '')),
        );
        await block.scrollIntoViewIfNeeded();
        await expect.poll(() => headingRendered(block)).toBe(true);
        const height = await block.evaluate((element) => element.getBoundingClientRect().height);
        expect(
          Math.abs(estimate - height) / height,
          `${name}: ${estimate} for ${height}`,
        ).toBeLessThan(0.25);
      }
    });
  });
}

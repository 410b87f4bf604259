import AxeBuilder from '@axe-core/playwright';

import { publicPaths } from '../app/routes-list';
import { expect, gotoHydrated, test, VIEWPORTS } from './fixtures';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

for (const [name, viewport] of [
  ['phone', VIEWPORTS.phone],
  ['desktop', VIEWPORTS.desktop],
] as const) {
  test.describe(`axe at ${viewport.width} px`, () => {
    test.use({ viewport });
    for (const path of [...publicPaths(), '/nulle-part']) {
      test(`${path} (${name}) has no WCAG violation`, async ({ page, problems }) => {
        if (path === '/nulle-part') problems.allowConsoleError(/nulle-part|status of 404/);
        await gotoHydrated(page, path);
        const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
        const summary = results.violations.map(
          (violation) =>
            `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
        );
        expect(summary).toEqual([]);
      });
    }
  });
}

test.describe('keyboard', () => {
  test.use({ viewport: VIEWPORTS.desktop });

  test('every focusable element shows a visible focus indicator', async ({ page }) => {
    await gotoHydrated(page, '/');
    for (let index = 0; index < 12; index += 1) {
      await page.keyboard.press('Tab');
      const outline = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        if (!element || element === document.body) return 'none';
        const style = getComputedStyle(element);
        return `${style.outlineStyle} ${style.outlineWidth}`;
      });
      expect(outline).not.toMatch(/^none|0px$/);
    }
  });
});

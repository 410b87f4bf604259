import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

import { publicPaths } from '#app/routes-list.ts';
import { expect, gotoHydrated, test, VIEWPORTS } from './fixtures.ts';

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

/** The states a script shows, at both widths: none may bring a violation. */
test.describe('axe on the states the scripts show', () => {
  async function expectNoViolation(page: Page) {
    const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  }

  for (const [name, viewport] of [
    ['phone', VIEWPORTS.phone],
    ['desktop', VIEWPORTS.desktop],
  ] as const) {
    test(`the contact form's problems, its fields to fix and the message's count (${name})`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await gotoHydrated(page, '/contact');
      await page.getByLabel('Message').fill('x'.repeat(4_600));
      await page.getByRole('button', { name: 'Envoyer ma demande' }).click();
      await expect(page.getByRole('alert')).toContainText('Consentement requis');
      await expect(
        page.getByRole('alert').getByRole('link', { name: 'Nom', exact: true }),
      ).toBeVisible();
      await expectNoViolation(page);
    });

    test(`the thank-you page with the request's call-back time (${name})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await gotoHydrated(page, '/contact/merci#rappel=2026-12-01T09:30');
      await expect(page.getByRole('main')).toContainText(
        'Nous vous rappellerons au plus tard mardi 1er décembre à 9 h 30.',
      );
      await expectNoViolation(page);
    });
  }

  test('the open phone menu with its business list (phone)', async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.phone);
    await gotoHydrated(page, '/');
    await page.getByRole('button', { name: /menu/i }).click();
    await page.locator('#mobile-menu').getByText('Professionnels', { exact: true }).click();
    await expect(page.locator('#mobile-menu-professionnels')).toBeVisible();
    await expectNoViolation(page);
  });
});

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

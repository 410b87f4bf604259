import type { BrowserContext } from '@playwright/test';

import { expect, test, VIEWPORTS } from './fixtures.ts';
import { expectNoViolation, listed, search, seedCallbackRequests } from './support/callback.ts';
import { STAFF_E2E_EMAILS } from './support/staff.ts';

/**
 * Requests due at the same time (a weekend's requests are all due at the end of Monday) listed
 * oldest first in « À traiter » and « En retard », at 375 and 1280 px, axe clean. Their ids sort
 * the other way (the newest's name comes first in the alphabet), so an order that falls back on
 * the id lists them newest first.
 */
const STAFF = STAFF_E2E_EMAILS[4];
const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60_000;

const stamp = `Egalite${Date.now().toString(36)}`;
const people = {
  oldest: `Zola${stamp}`,
  middle: `Martin${stamp}`,
  newest: `Adam${stamp}`,
};

test.describe('requests due at the same time', () => {
  test.describe.configure({ mode: 'serial', timeout: 90_000 });
  let storage: Awaited<ReturnType<BrowserContext['storageState']>>;

  test.beforeAll(async ({ browser, baseURL }) => {
    const context = await browser.newContext();
    const now = Date.now();
    // All due at the same minute, two days ago: overdue, never called.
    const due = Math.floor((now - 2 * DAY) / MINUTE) * MINUTE;
    await seedCallbackRequests(context, baseURL!, STAFF, [
      [people.oldest, now - 5 * DAY, due],
      [people.middle, now - 4 * DAY, due],
      [people.newest, now - 3 * DAY, due],
    ]);
    storage = await context.storageState();
    await context.close();
  });

  for (const [name, viewport] of [
    ['phone', VIEWPORTS.phone],
    ['desktop', VIEWPORTS.desktop],
  ] as const) {
    test(`lists them oldest first at ${viewport.width} px (${name})`, async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext({ viewport, storageState: storage });
      const page = await context.newPage();
      await page.goto(`${baseURL}/equipe`);
      await search(page, stamp);
      const views = page.getByRole('group', { name: 'Afficher' });
      const oldestFirst = [
        `Claire ${people.oldest}`,
        `Claire ${people.middle}`,
        `Claire ${people.newest}`,
      ];
      for (const view of [/^À traiter$/, /^En retard \(\d+\)$/]) {
        await views.getByRole('button', { name: view }).click();
        await expect(views.getByRole('button', { name: view })).toHaveAttribute(
          'aria-pressed',
          'true',
        );
        await expect(page.getByRole('heading', { level: 2, name: '3 demandes' })).toBeVisible();
        expect(await listed(page)).toEqual(oldestFirst);
      }
      // The same due time on each row.
      const dues = await page
        .getByRole('table')
        .getByRole('row')
        .filter({ hasText: stamp })
        .evaluateAll((rows) => rows.map((row) => row.querySelector('td')?.textContent ?? ''));
      expect(dues).toHaveLength(3);
      expect(new Set(dues).size).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await expectNoViolation(page);
      await page.screenshot({
        path: test.info().outputPath(`ties-${viewport.width}.png`),
        fullPage: true,
      });
      await context.close();
    });
  }
});

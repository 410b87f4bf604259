import { test as base, expect, type ConsoleMessage, type Page } from '@playwright/test';

import { AUDIENCE_BEACON_PATH } from '#contracts/audience/contract.ts';

export interface PageProblems {
  consoleErrors: string[];
  pageErrors: string[];
}

/**
 * Every test page records console errors and uncaught exceptions; a test fails if any occurred,
 * unless it takes them with `problems.allowConsoleError(pattern)`.
 */
/**
 * Every browser test visits the shared server from one address, 127.0.0.1: past 60 pages a
 * minute the audience beacon is refused with 429 (its per-client budget, ADR 0023), which
 * Chromium logs as a console error. That refusal is the budget working, not a page's fault; the
 * audience's own tests (e2e/audience.*.spec.ts) run a server of their own and check the beacon.
 */
function isSharedServerBeaconLimit(message: ConsoleMessage): boolean {
  return message.location().url.endsWith(AUDIENCE_BEACON_PATH) && message.text().includes(' 429 ');
}

export const test = base.extend<{
  problems: PageProblems & { allowConsoleError(pattern: RegExp): void };
}>({
  problems: [
    async ({ page }, use) => {
      const consoleErrors: string[] = [];
      const pageErrors: string[] = [];
      const allowed: RegExp[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error' || isSharedServerBeaconLimit(message)) return;
        consoleErrors.push(message.text());
      });
      page.on('pageerror', (error) => pageErrors.push(error.message));
      await use({
        consoleErrors,
        pageErrors,
        allowConsoleError: (pattern) => allowed.push(pattern),
      });
      const unexpected = consoleErrors.filter((text) => !allowed.some((p) => p.test(text)));
      expect(pageErrors, 'uncaught page errors').toEqual([]);
      expect(unexpected, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Waits until React has hydrated the page (the app marks <html> once its effects ran). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/** Opens `path` and waits until React has hydrated it. */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await waitForHydration(page);
  return response;
}

export const VIEWPORTS = {
  phone: { width: 375, height: 740 },
  tablet: { width: 800, height: 1000 },
  desktop: { width: 1280, height: 900 },
} as const;

/** Holds the site's scripts back, as a slow connection would, until `release` is called. */
export async function holdScripts(page: Page) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue().catch(() => undefined);
  });
  return async () => {
    release();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  };
}

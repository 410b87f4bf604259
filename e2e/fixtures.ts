import { test as base, expect, type Page } from '@playwright/test';

export interface PageProblems {
  consoleErrors: string[];
  pageErrors: string[];
}

/**
 * Every test page records console errors and uncaught exceptions; a test fails if any occurred,
 * unless it takes them with `problems.allowConsoleError(pattern)`.
 */
export const test = base.extend<{
  problems: PageProblems & { allowConsoleError(pattern: RegExp): void };
}>({
  problems: [
    async ({ page }, use) => {
      const consoleErrors: string[] = [];
      const pageErrors: string[] = [];
      const allowed: RegExp[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
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

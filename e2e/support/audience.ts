import type { Browser, BrowserContextOptions, Page } from '@playwright/test';

import { AUDIENCE_BEACON_PATH } from '#contracts/audience/contract.ts';
import { expect, test, waitForHydration } from '#e2e/fixtures.ts';
import { type AudienceCount, parisDay } from '#server/audience/index.ts';
import { openStores } from '#server/compose/stores.ts';
import { startServerProcess, type ServerProcess } from '#test-support/process.ts';

/**
 * What the audience specs (audience.*.spec.ts) share: per spec file, a server of its own (so
 * that no other test's visits mix with its counts), its stored counts, and pages that record the
 * beacons they send. `server` is a live binding: read it inside a test, once `serveAudience()`
 * has run its `beforeAll`.
 */
export const STAFF = 'audience@calora-energies.example';
export const ROBOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

export let server: ServerProcess;

/** Called once at the top of a spec file. */
export function serveAudience(): void {
  test.beforeAll(async () => {
    server = await startServerProcess(
      { STAFF_EMAILS: STAFF, LOG_LEVEL: 'debug' },
      { from: 'build' },
    );
  });
  test.afterAll(async () => server?.stop());
}

async function counts(): Promise<AudienceCount[]> {
  const store = await openStores({ dataDir: server.dataDir });
  try {
    const today = parisDay(Date.now());
    return await store.audience.counts(today, today);
  } finally {
    await store.close();
  }
}

/** Waits (the server writes its counts every 5 s) until `check` holds for the stored counts. */
export async function countsWhere(
  check: (rows: AudienceCount[]) => boolean,
): Promise<AudienceCount[]> {
  let rows: AudienceCount[] = [];
  await expect
    .poll(
      async () => {
        rows = await counts();
        return check(rows);
      },
      { timeout: 20_000, intervals: [500] },
    )
    .toBe(true);
  return rows;
}

export function row(rows: AudienceCount[], page: string, referrer = '') {
  const found = rows.filter((entry) => entry.page === page && entry.referrer === referrer);
  return {
    views: found.reduce((sum, entry) => sum + entry.views, 0),
    entries: found.reduce((sum, entry) => sum + entry.entries, 0),
  };
}

export async function newPage(browser: Browser, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ baseURL: server.url, locale: 'fr-FR', ...options });
  const page = await context.newPage();
  const beacons: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === AUDIENCE_BEACON_PATH) {
      beacons.push(request.postData() ?? '');
    }
  });
  return { context, page, beacons };
}

/** Until the page's script has sent its beacon (idle, within 5 s), or 6 s without one. */
export async function settle(page: Page) {
  await waitForHydration(page);
  await page.waitForTimeout(5_000);
}

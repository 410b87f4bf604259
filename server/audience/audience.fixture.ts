import { afterAll } from 'vitest';

import { AUDIENCE_BEACON_PATH, type Beacon } from '#contracts/audience/contract.ts';
import { startTestServer, type TestServer } from '#test-support/harness.ts';

/**
 * What the audience count's tests (audience.*.test.ts) share: a browser's and a robot's user
 * agent, a fixed day, the beacon as a browser sends it, and servers on a test clock, all stopped
 * after the file's last test.
 */
export const cleanups: Array<() => Promise<void> | void> = [];

/** Called once at the top of a test file. */
export function cleanUpAfterAll(): void {
  afterAll(async () => {
    while (cleanups.length > 0) await cleanups.pop()?.();
  });
}

const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
export const ROBOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** 14:00 in Paris on 2026-06-15 (UTC+2). */
export const JUNE_15 = Date.UTC(2026, 5, 15, 12, 0, 0);

export function beacon(
  server: TestServer,
  body: Beacon | string,
  headers: Record<string, string> = {},
  client = '203.0.113.7',
): Promise<Response> {
  return fetch(`${server.url}${AUDIENCE_BEACON_PATH}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'text/plain;charset=UTF-8',
      'User-Agent': BROWSER_UA,
      'X-Forwarded-For': client,
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export async function start(
  config: { dataDir: string; databaseUrl?: string },
  clock: { now: number },
) {
  const server = await startTestServer({
    ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
    dataDir: config.dataDir,
    trustProxy: 'x-forwarded-for',
    audience: { flushMs: 60_000, now: () => clock.now },
  });
  cleanups.push(() => server.close());
  return server;
}

import { afterEach } from 'vitest';

import { startMailApiPeer, type MailApiPeer } from '#test-support/mail-api-peer.ts';

/**
 * What the HTTP API transport tests (http-api-transport.*.test.ts) share: what a test started,
 * stopped after it, and a mail API peer that is.
 */
export const cleanups: Array<() => Promise<void>> = [];

/** Called once at the top of a test file: runs the test's cleanups, last started first. */
export function cleanUpAfterEach(): void {
  afterEach(async () => {
    while (cleanups.length > 0) await cleanups.pop()?.();
  });
}

export async function peer(): Promise<MailApiPeer> {
  const instance = await startMailApiPeer();
  cleanups.push(() => instance.stop());
  return instance;
}

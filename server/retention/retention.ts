import { rmSync } from 'node:fs';
import { join } from 'node:path';

import { audienceRetentionStart } from '../audience/calendar';
import { EML_DIRECTORY } from '../outbox/transport';
import { mailFileStem } from '../outbox/worker';
import { RATE_WINDOW_MS } from '../leads/rate-limit';
import type { LeadStore, MailKind } from '../store';

/**
 * Erasure and retention, shared by the server (daily purge) and the staff CLI, which imports
 * no HTTP code.
 */

/** Deletes the `.eml` copies of erased leads (the file transport's outbox). */
export function removeMailFiles(dataDir: string, leadIds: readonly string[]): void {
  const kinds: MailKind[] = ['notification', 'confirmation', 'alert'];
  for (const leadId of leadIds) {
    for (const kind of kinds) {
      rmSync(join(dataDir, EML_DIRECTORY, `${mailFileStem({ leadId, kind })}.eml`), {
        force: true,
      });
    }
  }
}

/**
 * Applies the retention periods; run daily by every instance (harmless when several do) and by
 * `npm run leads -- purge`.
 */
export async function runPurge(store: LeadStore, now: number = Date.now()) {
  const result = await store.purge(now, RATE_WINDOW_MS);
  removeMailFiles(store.dataDir, result.leadIds);
  // The audience's aggregates: 25 months (ADR 0023).
  const audienceRows = await store.audience.purgeBefore(audienceRetentionStart(now));
  return {
    leads: result.leadIds.length,
    rateLimitHits: result.rateLimitHits,
    webhookEvents: result.webhookEvents,
    audienceRows,
  };
}

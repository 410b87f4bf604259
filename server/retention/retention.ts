import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import { audienceRetentionStart, AudienceStore } from '#server/audience/index.ts';
import type { Database } from '#server/db/database.ts';
import type { MailKind } from '#server/db/schema.ts';
import { RATE_WINDOW_MS } from '#server/leads/index.ts';
import { EML_DIRECTORY, mailFileStem } from '#server/outbox/index.ts';
import { RetentionStore } from './store.ts';

/**
 * Erasure and retention, shared by the server (daily purge) and the staff CLI, which imports
 * no HTTP code.
 */

/**
 * Deletes the `.eml` copies of erased leads (the file transport's outbox): one per kind, and the
 * visitor's change e-mails, numbered by their row (`<id>-schedule_update-<row>.eml`).
 */
export function removeMailFiles(dataDir: string, leadIds: readonly string[]): void {
  if (leadIds.length === 0) return;
  const directory = join(dataDir, EML_DIRECTORY);
  const kinds: MailKind[] = ['notification', 'confirmation', 'alert'];
  for (const leadId of leadIds) {
    for (const kind of kinds) {
      rmSync(join(directory, `${mailFileStem({ leadId, kind })}.eml`), { force: true });
    }
  }
  const repeated = new Set<MailKind>(['schedule_update', 'schedule_cancel', 'visitor_notice']);
  const erased = new Set(leadIds);
  let names: string[];
  try {
    names = readdirSync(directory);
  } catch {
    return; // No file written yet.
  }
  for (const name of names) {
    const match = /^(.+)-([a-z_]+)-\d+\.eml$/.exec(name);
    if (match && erased.has(match[1] ?? '') && repeated.has(match[2] as MailKind)) {
      rmSync(join(directory, name), { force: true });
    }
  }
}

/**
 * Applies the retention periods; run daily by every instance (harmless when several do) and by
 * `npm run leads -- purge`.
 */
export async function runPurge(database: Database, now: number = Date.now()) {
  const result = await new RetentionStore(database).purge(now, RATE_WINDOW_MS);
  removeMailFiles(database.dataDir, result.leadIds);
  // The audience's aggregates: 25 months (ADR 0023).
  const audienceRows = await new AudienceStore(database).purgeBefore(audienceRetentionStart(now));
  return {
    leads: result.leadIds.length,
    rateLimitHits: result.rateLimitHits,
    webhookEvents: result.webhookEvents,
    visitorLinks: result.visitorLinks,
    audienceRows,
  };
}

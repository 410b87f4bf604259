import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import type { ScrubResult, ScrubWhen } from '#server/db/connection.ts';
import type { Database } from '#server/db/database.ts';
import type { Logger } from '#server/logger.ts';
import { EML_DIRECTORY } from '#server/outbox/index.ts';
import { RetentionStore } from './store.ts';

/**
 * What an erasure leaves outside its transaction, removed once it committed (ADR 0032): the
 * `.eml` copies that name the erased people, then the database's own traces of the deleted rows
 * (`Database.scrub`). Every erasure calls `clearErasedTraces` after its commit: staff's (inbox and
 * `npm run leads -- forget`), the visitor's (`onErased` in server/compose.ts) and the purge.
 */

/** `<lead id>-<kind>.eml` or `<lead id>-<kind>-<row>.eml` (the visitor's change e-mails). */
const LEAD_FILE = /^(.+)-[a-z_]+(?:-\d+)?\.eml(?:\.tmp)?$/;
/**
 * `digest-<day>-<person id>.eml` (`digest-<day>.eml` before migration 14): the morning digest
 * lists first names and products.
 */
const DIGEST_FILE = /^digest-(\d{4}-\d{2}-\d{2})(?:-[^.]+)?\.eml(?:\.tmp)?$/;

/**
 * Deletes the file transport's copies of the erased requests' e-mails (every kind, a temporary
 * file left by a crash included) and of the digests that listed them. Returns how many.
 */
export function removeMailFiles(
  dataDir: string,
  leadIds: readonly string[],
  digestDays: readonly string[] = [],
): number {
  if (leadIds.length === 0 && digestDays.length === 0) return 0;
  const directory = join(dataDir, EML_DIRECTORY);
  let names: string[];
  try {
    names = readdirSync(directory);
  } catch {
    return 0; // No file written yet.
  }
  const erased = new Set(leadIds);
  const days = new Set(digestDays);
  let removed = 0;
  for (const name of names) {
    const digest = DIGEST_FILE.exec(name);
    const lead = digest ? null : LEAD_FILE.exec(name);
    if ((digest && days.has(digest[1] ?? '')) || (lead && erased.has(lead[1] ?? ''))) {
      rmSync(join(directory, name), { force: true });
      removed += 1;
    }
  }
  return removed;
}

export interface ErasedTraces {
  /** Mail files removed. */
  mailFiles: number;
  /** What the database did (undefined on PostgreSQL: see docs/data-and-retention.md). */
  scrub: ScrubResult | undefined;
  /** A step failed (logged): the daily purge's scrub makes the database's part good. */
  failed: boolean;
}

/**
 * After an erasure's transaction committed: removes the mail files naming `leadIds` (their own,
 * and the digests that listed any of them, found in `digests.items`), then scrubs the database
 * (SQLite: `VACUUM` and the log truncated; `when`: see `Connection.scrub`). Never throws: the erasure itself is done; a failure
 * is logged as `erasure_traces` and returned.
 */
export async function clearErasedTraces(
  database: Database,
  leadIds: readonly string[],
  logger?: Logger,
  when: ScrubWhen = 'throttled',
): Promise<ErasedTraces> {
  const traces: ErasedTraces = { mailFiles: 0, scrub: undefined, failed: false };
  try {
    const days = await new RetentionStore(database).digestDaysListing(leadIds);
    traces.mailFiles = removeMailFiles(database.dataDir, leadIds, days);
  } catch (error) {
    traces.failed = true;
    logger?.error('erasure_traces', { status: 'failed', step: 'mail_files', error });
  }
  try {
    traces.scrub = await database.scrub(when);
  } catch (error) {
    traces.failed = true;
    logger?.error('erasure_traces', { status: 'failed', step: 'database', error });
  }
  if (!traces.failed) {
    logger?.info('erasure_traces', {
      status: 'done',
      mailFiles: traces.mailFiles,
      ...traces.scrub,
    });
  }
  return traces;
}

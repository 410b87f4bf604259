import { audienceRetentionStart, AudienceStore } from '#server/audience/index.ts';
import type { Database } from '#server/db/database.ts';
import { RATE_WINDOW_MS } from '#server/http/client-budget.ts';
import type { Logger } from '#server/logger.ts';
import { clearErasedTraces } from './erased-traces.ts';
import { RetentionStore } from './store.ts';

/**
 * Erasure and retention, shared by the server (daily purge) and the staff CLI, which imports
 * no HTTP code.
 */

/**
 * Applies the retention periods; run daily by every instance (harmless when several do) and by
 * `npm run leads -- purge`. Then, whether or not it deleted a request, the erased traces are
 * cleared (ADR 0032): the purged requests' mail files, and on SQLite a `VACUUM`, which also makes
 * good a scrub that failed or was cut by a crash, and what versions without `secure_delete`
 * left in the file.
 */
export async function runPurge(database: Database, now: number = Date.now(), logger?: Logger) {
  const result = await new RetentionStore(database).purge(now, RATE_WINDOW_MS);
  const traces = await clearErasedTraces(database, result.leadIds, logger, 'now');
  // The audience's aggregates: 25 months (ADR 0023).
  const audienceRows = await new AudienceStore(database).purgeBefore(audienceRetentionStart(now));
  return {
    leads: result.leadIds.length,
    rateLimitHits: result.rateLimitHits,
    webhookEvents: result.webhookEvents,
    visitorLinks: result.visitorLinks,
    audienceRows,
    mailFiles: traces.mailFiles,
    vacuumed: traces.scrub?.vacuumed ?? false,
  };
}

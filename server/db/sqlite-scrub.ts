import { CompiledQuery, type Kysely } from 'kysely';

import type { ScrubResult, ScrubWhen } from './connection.ts';
import type { Tables } from './schema.ts';

const VACUUM = CompiledQuery.raw('VACUUM');
const TRUNCATE_LOG = CompiledQuery.raw('PRAGMA wal_checkpoint(TRUNCATE)');

/** At most one `VACUUM` a minute per SQLite file and process (ADR 0032). */
const VACUUM_INTERVAL_MS = 60_000;

export interface ScrubberOptions {
  /** Shortest time between two `VACUUM`s (default one minute). */
  intervalMs?: number;
  now?: () => number;
}

/**
 * What SQLite keeps of deleted rows, removed after an erasure (ADR 0032). `secure_delete` (set on
 * every connection, sqlite-connection.ts) zeroes a deleted row's cells and freed pages, but not
 * the stale copies of cells a page split or merge leaves in a page's unused gap (SQLite's
 * `rebuildPage` does not clear it): an index entry holding an e-mail address may survive its
 * row there. `VACUUM` rewrites the file with the live rows only; the log is then emptied
 * (`wal_checkpoint(TRUNCATE)`), since it holds the frames written before the erasure and the
 * whole rewritten file.
 *
 * A `VACUUM` holds the connection (and the event loop: better-sqlite3 is synchronous) about
 * 10–30 ms per MB of database, so an erasure's (`throttled`) runs at most once a minute: an
 * erasure within a minute of the last one gets the log truncated at once and one `VACUUM` at the
 * minute's end. The daily purge's (`now`) runs at once and is not counted. Erasures go one after
 * the other with the other transactions (Kysely's connection mutex), after their commit: a
 * group-commit batch waiting for its log flush is unharmed, since a checkpoint flushes the log
 * before it copies the frames and the database file after.
 */
export class SqliteScrubber {
  readonly #db: Kysely<Tables>;
  readonly #intervalMs: number;
  readonly #now: () => number;
  #lastVacuumAt: number | undefined;
  #timer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(db: Kysely<Tables>, options: ScrubberOptions = {}) {
    this.#db = db;
    this.#intervalMs = options.intervalMs ?? VACUUM_INTERVAL_MS;
    this.#now = options.now ?? Date.now;
  }

  async scrub(when: ScrubWhen = 'throttled'): Promise<ScrubResult> {
    if (this.#closed) throw new Error('the database is closed');
    if (when === 'now') {
      // Covers whatever a scheduled VACUUM was for.
      clearTimeout(this.#timer);
      this.#timer = undefined;
      return this.#vacuum(false);
    }
    const now = this.#now();
    const last = this.#lastVacuumAt;
    if (this.#timer === undefined && (last === undefined || now - last >= this.#intervalMs)) {
      return this.#vacuum();
    }
    this.#schedule(now);
    const logTruncated = await this.#db.connection().execute(truncateLog);
    return { vacuumed: false, vacuumPending: true, logTruncated };
  }

  /** The connection closes: the scheduled `VACUUM`, if any, runs now. */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer === undefined) return;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#vacuum().catch(() => undefined);
  }

  #schedule(now: number): void {
    if (this.#timer !== undefined) return;
    const wait = Math.max(0, (this.#lastVacuumAt ?? now) + this.#intervalMs - now);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      // A failure (the disk full) is made good by the next erasure or the daily purge.
      this.#vacuum().catch(() => undefined);
    }, wait);
    this.#timer.unref();
  }

  #vacuum(counted = true): Promise<ScrubResult> {
    if (counted) this.#lastVacuumAt = this.#now();
    return this.#db.connection().execute(async (db) => {
      await db.executeQuery(VACUUM);
      return { vacuumed: true, vacuumPending: false, logTruncated: await truncateLog(db) };
    });
  }
}

/** True when the log is empty; false when a reader of another process still holds part of it. */
async function truncateLog(db: Kysely<Tables>): Promise<boolean> {
  const result = await db.executeQuery<{ busy: number }>(TRUNCATE_LOG);
  return result.rows[0]?.busy === 0;
}

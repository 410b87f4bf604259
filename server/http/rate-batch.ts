import type { CompiledQuery } from 'kysely';

import type { BatchRead } from '#server/db/batch-statements.ts';
import type { DbScope } from '#server/db/scope.ts';
import { RateHitStore, readHitCounts, type RatePolicy, type RateVerdict } from './rate-hits.ts';

/** Clients remembered by `RateBounds` at most (forgotten wholesale past it). */
const MAX_BOUNDED_CLIENTS = 10_000;

/**
 * SQLite only (exactly one instance per file, so every hit is written by this process): for
 * each client, its count of hits after `since` as the last batch that counted it left it.
 * Until that client's next hit, this is an upper bound of its count at any later time (hits
 * only leave the window or get purged), so the early check (`ClientRates.check` before the
 * body is read) can answer "allowed" from memory when the bound is under the limit, instead of
 * counting the whole window again. Anything else (a bound at or over the limit, an unknown
 * client, a clock gone back) is counted in the database as before. The batches publish their
 * counts inside their transaction, in commit order; a batch that then fails to commit leaves
 * counts that are too high, which is still a bound.
 */
export class RateBounds {
  readonly #known = new Map<string, { since: number; count: number }>();

  /** True when `policy.key` is known to be under its limit at `now`. */
  allows(policy: RatePolicy, now: number): boolean {
    const known = this.#known.get(policy.key);
    return (
      known !== undefined && now - policy.windowMs >= known.since && known.count < policy.limit
    );
  }

  set(key: string, since: number, count: number): void {
    if (!this.#known.has(key) && this.#known.size >= MAX_BOUNDED_CLIENTS) this.#known.clear();
    this.#known.set(key, { since, count });
  }

  /** A hit recorded outside a batch: the bound no longer holds. */
  forget(key: string): void {
    this.#known.delete(key);
  }
}

/** One `RateBounds` per SQLite database (shared by the stores opened on one file). */
const rateBounds = new WeakMap<object, RateBounds>();

/** The early-check bounds of a SQLite database; none on PostgreSQL (several instances). */
export function rateBoundsOf(database: DbScope): RateBounds | undefined {
  if (database.engine !== 'sqlite') return undefined;
  let bounds = rateBounds.get(database.db);
  if (!bounds) {
    bounds = new RateBounds();
    rateBounds.set(database.db, bounds);
  }
  return bounds;
}

/**
 * The rate-limit checks of one group-commit batch, built on its transaction's scope: the hits
 * of every client of the batch are counted with one statement (`reads`, at each client's first
 * submission), then kept up to date as the batch records hits (in memory, written with one
 * insert by `flush`) and as older hits leave the window (a count over the few milliseconds
 * between two submissions of one client), instead of counting the whole window again for each
 * submission. Exact: nothing else writes the client's hits while the batch holds the write
 * lock (SQLite) or the client's advisory lock (PostgreSQL, `rateLockName`), and the hits still
 * in memory are written before any other count reads the table (`writes` hands the last ones
 * to the batch's final statement).
 */
export class BatchRateCounts {
  readonly #hits: RateHitStore;
  readonly #known = new Map<string, { since: number; count: number }>();
  /** Clients with a hit recorded whose count is not known any more. */
  readonly #unknown = new Set<string>();
  /** Hits recorded by the batch, not written yet. */
  #pending: Array<{ client_key: string; at: number }> = [];

  constructor(transaction: DbScope) {
    this.#hits = new RateHitStore(transaction);
  }

  /** The read (one statement) of the hits of each client at its first `{ policy, now }`. */
  reads(requests: ReadonlyArray<{ policy: RatePolicy; now: number }>): BatchRead {
    const first = new Map<string, number>();
    for (const { policy, now } of requests) {
      if (!first.has(policy.key) && !this.#known.has(policy.key)) {
        first.set(policy.key, now - policy.windowMs);
      }
    }
    const wanted = [...first].map(([key, since]) => ({ key, since }));
    return {
      statements: this.#hits.countStatements(wanted),
      apply: (results) => {
        const counts: number[] = [];
        for (const rows of results) readHitCounts(rows, counts);
        wanted.forEach(({ key, since }, i) =>
          this.#known.set(key, { since, count: counts[i] ?? 0 }),
        );
      },
    };
  }

  /** Same verdict as `RateHitStore.check` at `now`. */
  async check(policy: RatePolicy, now: number): Promise<RateVerdict> {
    const since = now - policy.windowMs;
    const count = await this.#count(policy.key, since);
    this.#known.set(policy.key, { since, count });
    if (count < policy.limit) return { allowed: true };
    await this.flush();
    return this.#hits.refusal(policy, now);
  }

  /** The client's count after `since`, from what the batch knows and the hits in between. */
  async #count(key: string, since: number): Promise<number> {
    const known = this.#known.get(key);
    if (known && since === known.since) return known.count;
    await this.flush();
    if (!known) return this.#hits.count(key, since);
    return since > known.since
      ? known.count - (await this.#hits.countBetween(key, known.since, since))
      : known.count + (await this.#hits.countBetween(key, since, known.since));
  }

  /** Hands the counts of this batch to `bounds` (before the commit). */
  publish(bounds: RateBounds): void {
    for (const [key, known] of this.#known) bounds.set(key, known.since, known.count);
    for (const key of this.#unknown) if (!this.#known.has(key)) bounds.forget(key);
  }

  /** Records a hit of `policy.key` at `now`, right after `check` for the same submission. */
  record(policy: RatePolicy, now: number): void {
    this.#pending.push({ client_key: policy.key, at: now });
    const since = now - policy.windowMs;
    const known = this.#known.get(policy.key);
    if (known && known.since === since) {
      known.count += 1;
    } else {
      this.#known.delete(policy.key);
      this.#unknown.add(policy.key);
    }
  }

  /** The insert of the hits recorded so far (none when there are none), taken from memory. */
  writes(): CompiledQuery[] {
    const hits = this.#pending;
    this.#pending = [];
    return this.#hits.insertStatements(hits);
  }

  /** Writes the hits recorded so far (before another count reads the table). */
  async flush(): Promise<void> {
    const hits = this.#pending;
    this.#pending = [];
    await this.#hits.insert(hits);
  }
}

import { CompiledQuery, type Kysely } from 'kysely';

import { lockStatement } from '#server/db/advisory-locks.ts';
import type { Engine } from '#server/db/connection.ts';
import { preparedInsert, preparedQuery } from '#server/db/prepared.ts';
import type { BatchRead } from '#server/db/batch-statements.ts';
import { countHitsStatements, readHitCounts } from './rate-counts.ts';
import type { Tables } from '#server/db/schema.ts';

/**
 * The per-client sliding window, kept in the database so that it holds across restarts and
 * across instances. Clients are stored as a truncated hash of their address (see
 * server/rate-limit.ts), never the address itself.
 */
export type RateVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RatePolicy {
  key: string;
  limit: number;
  windowMs: number;
}

const countSince = preparedQuery((db, p: { key: string; since: number }) =>
  db
    .selectFrom('rate_limit_hits')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('client_key', '=', p.key)
    .where('at', '>', p.since),
);

const countBetween = preparedQuery((db, p: { key: string; after: number; upTo: number }) =>
  db
    .selectFrom('rate_limit_hits')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('client_key', '=', p.key)
    .where('at', '>', p.after)
    .where('at', '<=', p.upTo),
);

const insertHit = preparedQuery((db, p: { key: string; at: number }) =>
  db.insertInto('rate_limit_hits').values({ client_key: p.key, at: p.at }),
);

const insertHits = preparedInsert('rate_limit_hits', ['client_key', 'at']);

/** The client's hits after `since` (a count only: the oldest hit is read when refusing). */
async function hitsSince(db: Kysely<Tables>, key: string, since: number): Promise<number> {
  const { rows } = await countSince(db, { key, since });
  return Number(rows[0]?.count ?? 0);
}

/** Records one hit of `key` at `at`. */
export async function recordHit(db: Kysely<Tables>, key: string, at: number): Promise<void> {
  await insertHit(db, { key, at });
}

/** The refusal of a client found at or over its limit, with when the window frees a slot. */
async function refusal(
  db: Kysely<Tables>,
  policy: RatePolicy,
  now: number,
): Promise<{ allowed: false; retryAfterSeconds: number }> {
  const since = now - policy.windowMs;
  // The window frees a slot when the hit `limit` places back from the newest leaves it.
  const hit = await db
    .selectFrom('rate_limit_hits')
    .select('at')
    .where('client_key', '=', policy.key)
    .where('at', '>', since)
    .orderBy('at', 'desc')
    .limit(1)
    .offset(policy.limit - 1)
    .executeTakeFirst();
  const oldest = hit
    ? undefined
    : await db
        .selectFrom('rate_limit_hits')
        .select((eb) => eb.fn.min('at').as('oldest'))
        .where('client_key', '=', policy.key)
        .where('at', '>', since)
        .executeTakeFirst();
  const freedAt = Number(hit?.at ?? oldest?.oldest ?? now) + policy.windowMs;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freedAt - now) / 1000)) };
}

/** Whether `policy.key` may make one more request at `now` (does not count it). */
export async function checkRate(
  db: Kysely<Tables>,
  policy: RatePolicy,
  now: number,
): Promise<RateVerdict> {
  return verdictFor(db, policy, now, await hitsSince(db, policy.key, now - policy.windowMs));
}

/** The verdict of a client with `count` hits in its window at `now`. */
export async function verdictFor(
  db: Kysely<Tables>,
  policy: RatePolicy,
  now: number,
  count: number,
): Promise<RateVerdict> {
  return count < policy.limit ? { allowed: true } : refusal(db, policy, now);
}

/** Clients remembered by `RateBounds` at most (forgotten wholesale past it). */
const MAX_BOUNDED_CLIENTS = 10_000;

/**
 * SQLite only (exactly one instance per file, so every hit is written by this process): for
 * each client, its count of hits after `since` as the last batch that counted it left it.
 * Until that client's next hit, this is an upper bound of its count at any later time (hits
 * only leave the window or get purged), so the early check (`checkRate` before the body is
 * read) can answer "allowed" from memory when the bound is under the limit, instead of
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

/**
 * The rate-limit checks of one group-commit batch, inside its transaction: the hits of every
 * client of the batch are counted with one statement (`reads`, at each client's first
 * submission), then kept up to date as the batch records hits (in memory, written with one
 * insert by `flush`) and as older hits leave the window (a count over the few milliseconds
 * between two submissions of one client), instead of counting the whole window again for each
 * submission. Exact: nothing else writes the client's hits while the batch holds the write
 * lock (SQLite) or the client's advisory lock (PostgreSQL, `lockBatch`), and the hits still
 * in memory are written before any other count reads the table (`writes` hands the last ones
 * to the batch's final statement).
 */
export class BatchRateCounts {
  readonly #known = new Map<string, { since: number; count: number }>();
  /** Clients with a hit recorded whose count is not known any more. */
  readonly #unknown = new Set<string>();
  /** Hits recorded by the batch, not written yet. */
  #hits: Array<{ client_key: string; at: number }> = [];

  /** The read (one statement) of the hits of each client at its first `{ policy, now }`. */
  reads(
    db: Kysely<Tables>,
    requests: ReadonlyArray<{ policy: RatePolicy; now: number }>,
  ): BatchRead {
    const first = new Map<string, number>();
    for (const { policy, now } of requests) {
      if (!first.has(policy.key) && !this.#known.has(policy.key)) {
        first.set(policy.key, now - policy.windowMs);
      }
    }
    const wanted = [...first].map(([key, since]) => ({ key, since }));
    return {
      statements: countHitsStatements(db, wanted),
      apply: (results) => {
        const counts: number[] = [];
        for (const rows of results) readHitCounts(rows, counts);
        wanted.forEach(({ key, since }, i) =>
          this.#known.set(key, { since, count: counts[i] ?? 0 }),
        );
      },
    };
  }

  /** Same verdict as `checkRate` at `now`. */
  async check(db: Kysely<Tables>, policy: RatePolicy, now: number): Promise<RateVerdict> {
    const since = now - policy.windowMs;
    const known = this.#known.get(policy.key);
    let count: number;
    if (known && since === known.since) {
      count = known.count;
    } else {
      await this.flush(db);
      if (!known) {
        count = await hitsSince(db, policy.key, since);
      } else if (since > known.since) {
        const { rows } = await countBetween(db, {
          key: policy.key,
          after: known.since,
          upTo: since,
        });
        count = known.count - Number(rows[0]?.count ?? 0);
      } else {
        const { rows } = await countBetween(db, {
          key: policy.key,
          after: since,
          upTo: known.since,
        });
        count = known.count + Number(rows[0]?.count ?? 0);
      }
    }
    this.#known.set(policy.key, { since, count });
    if (count < policy.limit) return { allowed: true };
    await this.flush(db);
    return refusal(db, policy, now);
  }

  /** Hands the counts of this batch to `bounds` (before the commit). */
  publish(bounds: RateBounds): void {
    for (const [key, known] of this.#known) bounds.set(key, known.since, known.count);
    for (const key of this.#unknown) if (!this.#known.has(key)) bounds.forget(key);
  }

  /** Records a hit of `policy.key` at `now`, right after `check` for the same submission. */
  record(policy: RatePolicy, now: number): void {
    this.#hits.push({ client_key: policy.key, at: now });
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
  writes(db: Kysely<Tables>): CompiledQuery[] {
    const hits = this.#hits;
    this.#hits = [];
    return hits.length === 0 ? [] : insertHits(db, hits);
  }

  /** Writes the hits recorded so far (before another count reads the table). */
  async flush(db: Kysely<Tables>): Promise<void> {
    for (const statement of this.writes(db)) await db.executeQuery(statement);
  }
}

/**
 * Checks and, when allowed, counts the request; run inside a transaction. On PostgreSQL a
 * transaction-scoped advisory lock on the client's key makes check-then-insert atomic across
 * instances (READ COMMITTED alone would let two instances both see `limit - 1`). SQLite's
 * `BEGIN IMMEDIATE` already serialises writers.
 */
export async function consumeRate(
  db: Kysely<Tables>,
  engine: Engine,
  policy: RatePolicy,
  now: number,
): Promise<RateVerdict> {
  const lock = engine === 'postgres' ? lockStatement([rateLockName(policy.key)]) : undefined;
  if (lock) await db.executeQuery(CompiledQuery.raw(lock));
  const verdict = await checkRate(db, policy, now);
  if (verdict.allowed) await recordHit(db, policy.key, now);
  return verdict;
}

/** The name of a client's advisory lock (see `lockStatement`), the same for every locker. */
export function rateLockName(key: string): string {
  return `rate:${key}`;
}

/** Drops the hits that no window can see any more. */
export async function purgeRateHits(db: Kysely<Tables>, before: number): Promise<number> {
  const result = await db
    .deleteFrom('rate_limit_hits')
    .where('at', '<=', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

import { CompiledQuery, sql } from 'kysely';

import { lockStatement } from '#server/db/advisory-locks.ts';
import type { ReadRow } from '#server/db/batch-statements.ts';
import { preparedInsert, preparedQuery } from '#server/db/prepared.ts';
import type { DbScope } from '#server/db/scope.ts';

/**
 * The `rate_limit_hits` table's store: the stored budgets' sliding windows (the contact
 * endpoint's, the staff sign-in's), kept in the database so that they hold across restarts and
 * across instances. Clients are stored as a truncated hash of their address (`clientKey` of
 * ./request-client.ts), never the address itself. Built from the database or, to count inside
 * a transaction opened elsewhere (a batch of lead submissions, the retention purge), from that
 * transaction's scope (ADR 0041).
 */
/** A budget's answer: allowed (and counted, when consumed), or how long to wait. */
export type RateVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** One client's budget as the database counts it: its key, its limit, its sliding window. */
export interface RatePolicy {
  key: string;
  limit: number;
  windowMs: number;
}

/** One client's hits after `since`, as `RateHitStore.count` counts them. */
export interface HitCount {
  key: string;
  since: number;
}

/** Pairs per counting statement at most (2 parameters each: far below both engines' limits). */
const CHUNK = 500;

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

/** The name of a client's advisory lock (see `lockStatement`), the same for every locker. */
export function rateLockName(key: string): string {
  return `rate:${key}`;
}

/** Puts the counts of `countStatements`'s rows at their positions in `counts`. */
export function readHitCounts(rows: readonly ReadRow[], counts: number[]): void {
  for (const row of rows) counts[Number(row.position)] = Number(row.count);
}

export class RateHitStore {
  readonly #scope: DbScope;

  constructor(scope: DbScope) {
    this.#scope = scope;
  }

  /** The client's hits after `since` (a count only: the oldest hit is read when refusing). */
  async count(key: string, since: number): Promise<number> {
    const { rows } = await countSince(this.#scope.db, { key, since });
    return Number(rows[0]?.count ?? 0);
  }

  /** The client's hits after `after` and at or before `upTo`. */
  async countBetween(key: string, after: number, upTo: number): Promise<number> {
    const { rows } = await countBetween(this.#scope.db, { key, after, upTo });
    return Number(rows[0]?.count ?? 0);
  }

  /** For each `{ key, since }`, the client's hits after `since`, as `count` gives them. */
  async countMany(wanted: readonly HitCount[]): Promise<number[]> {
    const counts: number[] = [];
    for (const statement of this.countStatements(wanted)) {
      readHitCounts((await this.#scope.db.executeQuery<ReadRow>(statement)).rows, counts);
    }
    return counts;
  }

  /**
   * `countMany`'s statements, to run with `runReads` (one per `CHUNK` pairs): the pairs go in
   * as a `VALUES` list (named `column1`, `column2` by both engines), each counted by a
   * correlated subquery on the `(client_key, at)` index, one round trip for a whole batch.
   */
  countStatements(wanted: readonly HitCount[]): CompiledQuery[] {
    const statements: CompiledQuery[] = [];
    for (let start = 0; start < wanted.length; start += CHUNK) {
      const chunk = wanted.slice(start, start + CHUNK);
      const rows = sql.join(
        chunk.map(
          ({ key, since }, i) =>
            sql`(CAST(${start + i} AS INTEGER), CAST(${key} AS TEXT), CAST(${since} AS BIGINT))`,
        ),
      );
      statements.push(
        sql`
        SELECT v.column1 AS position,
               (SELECT count(*) FROM rate_limit_hits h
                 WHERE h.client_key = v.column2 AND h.at > v.column3) AS count
          FROM (VALUES ${rows}) AS v`.compile(this.#scope.db),
      );
    }
    return statements;
  }

  /** Records one hit of `key` at `at`. */
  async record(key: string, at: number): Promise<void> {
    await insertHit(this.#scope.db, { key, at });
  }

  /** The insert of `hits` (none when there are none), to run with `runWrites`. */
  insertStatements(hits: ReadonlyArray<{ client_key: string; at: number }>): CompiledQuery[] {
    return hits.length === 0 ? [] : insertHits(this.#scope.db, hits);
  }

  /** Writes `hits` at once. */
  async insert(hits: ReadonlyArray<{ client_key: string; at: number }>): Promise<void> {
    for (const statement of this.insertStatements(hits)) {
      await this.#scope.db.executeQuery(statement);
    }
  }

  /** Whether `policy.key` may make one more request at `now` (does not count it). */
  async check(policy: RatePolicy, now: number): Promise<RateVerdict> {
    return this.verdictFor(policy, now, await this.count(policy.key, now - policy.windowMs));
  }

  /** The verdict of a client with `count` hits in its window at `now`. */
  async verdictFor(policy: RatePolicy, now: number, count: number): Promise<RateVerdict> {
    return count < policy.limit ? { allowed: true } : this.refusal(policy, now);
  }

  /** The refusal of a client found at or over its limit, with when the window frees a slot. */
  async refusal(
    policy: RatePolicy,
    now: number,
  ): Promise<{ allowed: false; retryAfterSeconds: number }> {
    const { db } = this.#scope;
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

  /**
   * Checks and, when allowed, counts the request; run on a transaction's scope. On PostgreSQL a
   * transaction-scoped advisory lock on the client's key makes check-then-insert atomic across
   * instances (READ COMMITTED alone would let two instances both see `limit - 1`). SQLite's
   * `BEGIN IMMEDIATE` already serialises writers.
   */
  async consume(policy: RatePolicy, now: number): Promise<RateVerdict> {
    const { db, engine } = this.#scope;
    const lock = engine === 'postgres' ? lockStatement([rateLockName(policy.key)]) : undefined;
    if (lock) await db.executeQuery(CompiledQuery.raw(lock));
    const verdict = await this.check(policy, now);
    if (verdict.allowed) await this.record(policy.key, now);
    return verdict;
  }

  /** Drops the hits that no window can see any more. */
  async purge(before: number): Promise<number> {
    const result = await this.#scope.db
      .deleteFrom('rate_limit_hits')
      .where('at', '<=', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

import { sql, type Kysely } from 'kysely';

import type { Engine } from './connection.ts';
import type { Tables } from './schema.ts';

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

/** Whether `policy.key` may make one more request at `now` (does not count it). */
export async function checkRate(
  db: Kysely<Tables>,
  policy: RatePolicy,
  now: number,
): Promise<RateVerdict> {
  const since = now - policy.windowMs;
  const row = await db
    .selectFrom('rate_limit_hits')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('at').as('oldest')])
    .where('client_key', '=', policy.key)
    .where('at', '>', since)
    .executeTakeFirst();
  const count = Number(row?.count ?? 0);
  if (count < policy.limit) return { allowed: true };
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
  const freedAt = Number(hit?.at ?? row?.oldest ?? now) + policy.windowMs;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freedAt - now) / 1000)) };
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
  if (engine === 'postgres') {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`rate:${policy.key}`}, 0))`.execute(
      db,
    );
  }
  const verdict = await checkRate(db, policy, now);
  if (verdict.allowed) {
    await db.insertInto('rate_limit_hits').values({ client_key: policy.key, at: now }).execute();
  }
  return verdict;
}

/** Drops the hits that no window can see any more. */
export async function purgeRateHits(db: Kysely<Tables>, before: number): Promise<number> {
  const result = await db
    .deleteFrom('rate_limit_hits')
    .where('at', '<=', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

import type { Kysely } from 'kysely';

import type { Tables } from './schema.ts';

/**
 * Fixed-window counters in the database, shared by every instance: one row per counter and
 * window, incremented with one upsert (atomic on both engines: PostgreSQL locks the row until
 * the transaction ends, SQLite has one writer). Used for the site-wide budget of new requests
 * and for the company's notifications per 10 minutes.
 */
export const SITE_BUDGET_COUNTER = 'site-requests';
export const NOTIFICATION_COUNTER = 'notifications';

export function windowStart(now: number, windowMs: number): number {
  return Math.floor(now / windowMs) * windowMs;
}

/**
 * Adds one to the counter of the window holding `now` unless it already reached `limit`.
 * Returns the new count, or `undefined` when the limit was already reached (nothing counted).
 */
export async function incrementCounter(
  db: Kysely<Tables>,
  name: string,
  now: number,
  windowMs: number,
  limit: number = Number.POSITIVE_INFINITY,
): Promise<number | undefined> {
  const start = windowStart(now, windowMs);
  const row = await db
    .insertInto('counters')
    .values({ name, window_start: start, count: 1 })
    .onConflict((conflict) => {
      const update = conflict
        .columns(['name', 'window_start'])
        .doUpdateSet((eb) => ({ count: eb('counters.count', '+', 1) }));
      return Number.isFinite(limit) ? update.where('counters.count', '<', limit) : update;
    })
    .returning('count')
    .executeTakeFirst();
  return row ? Number(row.count) : undefined;
}

/** The count of the window holding `at` (0 when nothing was counted). */
export async function readCounter(
  db: Kysely<Tables>,
  name: string,
  at: number,
  windowMs: number,
): Promise<number> {
  const row = await db
    .selectFrom('counters')
    .select('count')
    .where('name', '=', name)
    .where('window_start', '=', windowStart(at, windowMs))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Drops the windows that ended before `before`. */
export async function purgeCounters(db: Kysely<Tables>, before: number): Promise<number> {
  const result = await db
    .deleteFrom('counters')
    .where('window_start', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

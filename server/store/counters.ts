import type { Kysely } from 'kysely';

import { preparedQuery } from './prepared.ts';
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

const upsertCounter = preparedQuery((db, p: { name: string; windowStart: number }) =>
  db
    .insertInto('counters')
    .values({ name: p.name, window_start: p.windowStart, count: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(['name', 'window_start'])
        .doUpdateSet((eb) => ({ count: eb('counters.count', '+', 1) })),
    )
    .returning('count'),
);

const upsertCounterBelow = preparedQuery(
  (db, p: { name: string; windowStart: number; limit: number }) =>
    db
      .insertInto('counters')
      .values({ name: p.name, window_start: p.windowStart, count: 1 })
      .onConflict((conflict) =>
        conflict
          .columns(['name', 'window_start'])
          .doUpdateSet((eb) => ({ count: eb('counters.count', '+', 1) }))
          .where('counters.count', '<', p.limit),
      )
      .returning('count'),
);

const addToCounter = preparedQuery((db, p: { name: string; windowStart: number; added: number }) =>
  db
    .updateTable('counters')
    .set((eb) => ({ count: eb('counters.count', '+', p.added) }))
    .where('name', '=', p.name)
    .where('window_start', '=', p.windowStart),
);

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
  const params = { name, windowStart: windowStart(now, windowMs) };
  const { rows } = Number.isFinite(limit)
    ? await upsertCounterBelow(db, { ...params, limit })
    : await upsertCounter(db, params);
  return rows[0] ? Number(rows[0].count) : undefined;
}

/**
 * The counters of one group-commit batch, inside its transaction: the first increment of a
 * counter window in the batch is the upsert of `incrementCounter` (which also locks the row on
 * PostgreSQL until the commit); the batch's further increments of that window are counted in
 * memory against the count it returned, and `flush` writes them with one update before the
 * commit. Each submission gets the count (or the refusal) it would have got from its own
 * upsert: nothing else can change the row while the batch holds it.
 */
export class BatchCounters {
  readonly #known = new Map<
    string,
    { name: string; start: number; count: number; added: number }
  >();

  /** Same result as `incrementCounter`. */
  async increment(
    db: Kysely<Tables>,
    name: string,
    now: number,
    windowMs: number,
    limit: number = Number.POSITIVE_INFINITY,
  ): Promise<number | undefined> {
    const start = windowStart(now, windowMs);
    const key = `${name}\u0000${start}`;
    const known = this.#known.get(key);
    if (known) {
      if (known.count >= limit) return undefined;
      known.count += 1;
      known.added += 1;
      return known.count;
    }
    const count = await incrementCounter(db, name, now, windowMs, limit);
    // A refusal says the count reached the limit, not what it is: not remembered.
    if (count !== undefined) this.#known.set(key, { name, start, count, added: 0 });
    return count;
  }

  /** Writes the increments counted in memory; run before the batch commits. */
  async flush(db: Kysely<Tables>): Promise<void> {
    for (const known of this.#known.values()) {
      if (known.added === 0) continue;
      await addToCounter(db, { name: known.name, windowStart: known.start, added: known.added });
      known.added = 0;
    }
  }
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

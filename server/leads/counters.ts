import type { CompiledQuery, Kysely } from 'kysely';

import { preparedQuery } from '#server/db/prepared.ts';
import type { BatchRead } from '#server/db/batch-statements.ts';
import type { Tables } from '#server/db/schema.ts';
import type { DbScope } from '#server/db/scope.ts';

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

/** Adds one to a counter's window unless it reached `limit` (see `Counters.increment`). */
async function incrementCounter(
  db: Kysely<Tables>,
  name: string,
  now: number,
  windowMs: number,
  limit: number,
): Promise<number | undefined> {
  const params = { name, windowStart: windowStart(now, windowMs) };
  const { rows } = Number.isFinite(limit)
    ? await upsertCounterBelow(db, { ...params, limit })
    : await upsertCounter(db, params);
  return rows[0] ? Number(rows[0].count) : undefined;
}

/** The counters' table: count, read and purge windows. */
export class Counters {
  readonly #db: Kysely<Tables>;

  constructor(scope: DbScope) {
    this.#db = scope.db;
  }

  /**
   * Adds one to the counter of the window holding `now` unless it already reached `limit`.
   * Returns the new count, or `undefined` when the limit was already reached (nothing counted).
   */
  increment(
    name: string,
    now: number,
    windowMs: number,
    limit: number = Number.POSITIVE_INFINITY,
  ): Promise<number | undefined> {
    return incrementCounter(this.#db, name, now, windowMs, limit);
  }

  /** The count of the window holding `at` (0 when nothing was counted). */
  async read(name: string, at: number, windowMs: number): Promise<number> {
    const row = await this.#db
      .selectFrom('counters')
      .select('count')
      .where('name', '=', name)
      .where('window_start', '=', windowStart(at, windowMs))
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  /** Drops the windows that ended before `before`. */
  async purge(before: number): Promise<number> {
    const result = await this.#db
      .deleteFrom('counters')
      .where('window_start', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

/**
 * The counters of one group-commit batch, inside its transaction: `reads` reads (and on
 * PostgreSQL locks until the commit) every counter window the batch may count, with one upsert
 * that adds nothing; a window it did not read is read by its first increment (the upsert of
 * `Counters.increment`). The batch's increments are then counted in memory against those counts,
 * and `writes` gives the one upsert that writes them before the commit. Each submission gets the count (or
 * the refusal) it would have got from its own upsert: nothing else can change the rows while
 * the batch holds them.
 */
export class BatchCounters {
  readonly #known = new Map<
    string,
    { name: string; start: number; count: number; added: number }
  >();

  /** The read that holds the windows `{ name, start }` (one statement, none when all known). */
  reads(db: Kysely<Tables>, windows: ReadonlyArray<{ name: string; start: number }>): BatchRead {
    const wanted = new Map(windows.map((window) => [keyOf(window.name, window.start), window]));
    for (const key of this.#known.keys()) wanted.delete(key);
    if (wanted.size === 0) return { statements: [], apply: () => undefined };
    // One order for every batch, so that two instances' batches never wait on each other in a cycle.
    const sorted = [...wanted.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const statement = db
      .insertInto('counters')
      .values(sorted.map(([, { name, start }]) => ({ name, window_start: start, count: 0 })))
      .onConflict((conflict) =>
        conflict
          .columns(['name', 'window_start'])
          .doUpdateSet((eb) => ({ count: eb.ref('counters.count') })),
      )
      .returning(['name', 'window_start', 'count'])
      .compile();
    return {
      statements: [statement],
      apply: ([rows = []]) => {
        for (const row of rows) {
          const start = Number(row.window_start);
          this.#known.set(keyOf(String(row.name), start), {
            name: String(row.name),
            start,
            count: Number(row.count),
            added: 0,
          });
        }
      },
    };
  }

  /** Same result as `Counters.increment`. */
  async increment(
    db: Kysely<Tables>,
    name: string,
    now: number,
    windowMs: number,
    limit: number = Number.POSITIVE_INFINITY,
  ): Promise<number | undefined> {
    const start = windowStart(now, windowMs);
    const key = keyOf(name, start);
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

  /** The upsert of the increments counted in memory (none when there are none). */
  writes(db: Kysely<Tables>): CompiledQuery[] {
    const added = [...this.#known.values()].filter((known) => known.added > 0);
    if (added.length === 0) return [];
    const statement = db
      .insertInto('counters')
      .values(
        added.map((known) => ({ name: known.name, window_start: known.start, count: known.added })),
      )
      .onConflict((conflict) =>
        conflict
          .columns(['name', 'window_start'])
          .doUpdateSet((eb) => ({ count: eb('counters.count', '+', eb.ref('excluded.count')) })),
      )
      .compile();
    for (const known of added) known.added = 0;
    return [statement];
  }
}

function keyOf(name: string, start: number): string {
  return `${name}\u0000${start}`;
}

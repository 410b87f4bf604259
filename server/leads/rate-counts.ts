import { sql, type CompiledQuery, type Kysely } from 'kysely';

import type { ReadRow } from '#server/db/batch-statements.ts';
import type { Tables } from '#server/db/schema.ts';

/**
 * Rate-limit counts of several clients in one statement: for each `{ key, since }`, the
 * client's hits after `since`, as `checkRate` counts one. The pairs go in as a `VALUES` list
 * (named `column1`, `column2` by both engines), each counted by a correlated subquery on the
 * `(client_key, at)` index: one round trip for a whole group-commit batch, or for every early
 * check arriving in one turn of the event loop (`RateCheckGroup`).
 */
export interface HitCount {
  key: string;
  since: number;
}

/** Pairs per statement at most (2 parameters each: far below both engines' limits). */
const CHUNK = 500;

export async function countHits(
  db: Kysely<Tables>,
  wanted: readonly HitCount[],
): Promise<number[]> {
  const counts: number[] = [];
  for (const statement of countHitsStatements(db, wanted)) {
    readHitCounts((await db.executeQuery<ReadRow>(statement)).rows, counts);
  }
  return counts;
}

/** `countHits`'s statements, to run with `runReads` (one per `CHUNK` pairs). */
export function countHitsStatements(
  db: Kysely<Tables>,
  wanted: readonly HitCount[],
): CompiledQuery[] {
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
        FROM (VALUES ${rows}) AS v`.compile(db),
    );
  }
  return statements;
}

/** Puts the counts of `countHitsStatements`'s rows at their positions in `counts`. */
export function readHitCounts(rows: readonly ReadRow[], counts: number[]): void {
  for (const row of rows) counts[Number(row.position)] = Number(row.count);
}

/**
 * The early rate checks (`LeadStore.checkRate`) of one turn of the event loop, counted
 * together: each caller gets the count `countHits` gives for its own `{ key, since }`, the
 * same figure it would have read alone, from one statement for all of them.
 */
export class HitCountGroup {
  readonly #count: (wanted: readonly HitCount[]) => Promise<number[]>;
  #pending: Array<{
    wanted: HitCount;
    resolve: (count: number) => void;
    reject: (error: unknown) => void;
  }> = [];

  constructor(count: (wanted: readonly HitCount[]) => Promise<number[]>) {
    this.#count = count;
  }

  count(wanted: HitCount): Promise<number> {
    return new Promise((resolve, reject) => {
      if (this.#pending.length === 0) setImmediate(() => void this.#run());
      this.#pending.push({ wanted, resolve, reject });
    });
  }

  async #run(): Promise<void> {
    const group = this.#pending;
    this.#pending = [];
    try {
      const counts = await this.#count(group.map((entry) => entry.wanted));
      group.forEach((entry, i) => entry.resolve(counts[i] ?? 0));
    } catch (error) {
      for (const entry of group) entry.reject(error);
    }
  }
}

import { CompiledQuery, type Kysely } from 'kysely';

import type { Engine } from './connection.ts';
import type { Tables } from './schema.ts';

/**
 * A group-commit batch's statements in as few round trips as PostgreSQL allows: its reads in one
 * statement (`runReads`), its writes in another (`runWrites`). Each round trip costs both
 * processes a system call to send and one to be woken up, whatever the statement holds; on a
 * loaded machine those cost more than the statements themselves. SQLite has no round trips:
 * there the statements run one after the other, as they are.
 */

/** PostgreSQL's bound on one statement's parameters. */
const MAX_POSTGRES_PARAMETERS = 65_535;

/** The statements' SQL with their parameters renumbered to follow each other in one statement. */
function renumbered(statements: readonly CompiledQuery[]): {
  parts: string[];
  parameters: unknown[];
} {
  let offset = 0;
  const parts = statements.map((statement) => {
    const shift = offset;
    offset += statement.parameters.length;
    return statement.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + shift}`);
  });
  return { parts, parameters: statements.flatMap((statement) => [...statement.parameters]) };
}

/** Whether PostgreSQL can take `statements` as one statement (and whether it is worth it). */
function combinable(engine: Engine, statements: readonly CompiledQuery[]): boolean {
  const parameters = statements.reduce((sum, statement) => sum + statement.parameters.length, 0);
  return engine === 'postgres' && statements.length >= 2 && parameters <= MAX_POSTGRES_PARAMETERS;
}

/**
 * Runs write statements that return nothing, in order. PostgreSQL: as one statement when they
 * fit (all but the last become data-modifying `WITH` clauses, their parameters renumbered), so
 * a batch's inserts cost one round trip; the foreign keys are checked at the end of that
 * statement, when every row of it is there. SQLite: one after the other.
 */
export async function runWrites(
  db: Kysely<Tables>,
  engine: Engine,
  statements: readonly CompiledQuery[],
): Promise<void> {
  if (!combinable(engine, statements)) {
    for (const statement of statements) await db.executeQuery(statement);
    return;
  }
  const { parts, parameters } = renumbered(statements);
  const last = parts.pop() ?? '';
  const text = `WITH ${parts.map((part, i) => `w${i} AS (${part})`).join(', ')} ${last}`;
  await db.executeQuery(CompiledQuery.raw(text, parameters));
}

export type ReadRow = Record<string, unknown>;

/**
 * What one part of a batch reads: its statements (selects, or an upsert with `RETURNING`), and
 * what it does with their rows, given in the statements' order. The rows of a statement come in
 * no particular order: a reader that needs one sorts them itself.
 */
export interface BatchRead {
  statements: readonly CompiledQuery[];
  apply(rows: ReadonlyArray<readonly ReadRow[]>): void;
}

/**
 * Runs the reads of a batch and hands each its rows. PostgreSQL: as one statement, each read a
 * `WITH` clause whose rows come back as one JSON array column, so that the whole batch's reads
 * cost one round trip, all of them seeing one snapshot (taken after the batch's locks, which are
 * a statement of their own). Columns come back as JSON gives them: texts as strings, numbers
 * (BIGINT times and counts included) as numbers. SQLite: one statement after the other.
 */
export async function runReads(
  db: Kysely<Tables>,
  engine: Engine,
  reads: readonly BatchRead[],
): Promise<void> {
  const statements = reads.flatMap((read) => read.statements);
  const results = await readAll(db, engine, statements);
  let next = 0;
  for (const read of reads) {
    read.apply(results.slice(next, next + read.statements.length));
    next += read.statements.length;
  }
}

async function readAll(
  db: Kysely<Tables>,
  engine: Engine,
  statements: readonly CompiledQuery[],
): Promise<ReadRow[][]> {
  if (!combinable(engine, statements)) {
    const results: ReadRow[][] = [];
    for (const statement of statements) {
      results.push((await db.executeQuery<ReadRow>(statement)).rows);
    }
    return results;
  }
  const { parts, parameters } = renumbered(statements);
  const columns = parts.map(
    (_, i) => `(SELECT coalesce(json_agg(r${i}), '[]') FROM r${i}) AS r${i}`,
  );
  const text = `WITH ${parts.map((part, i) => `r${i} AS (${part})`).join(', ')} SELECT ${columns.join(', ')}`;
  const { rows } = await db.executeQuery<Record<string, ReadRow[]>>(
    CompiledQuery.raw(text, parameters),
  );
  return parts.map((_, i) => rows[0]?.[`r${i}`] ?? []);
}

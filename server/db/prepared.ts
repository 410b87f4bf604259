import type { CompiledQuery, Compilable, Kysely, QueryResult } from 'kysely';

import type { Tables } from './schema.ts';

/**
 * A query of the submission path built and compiled by Kysely once per dialect, then run with
 * new values: building a query (its operation tree) and compiling it to SQL cost more CPU than
 * SQLite took to run most of them. The SQL stays Kysely's, the same on both engines.
 *
 * `build` receives a placeholder for each named parameter; it must hand each one to Kysely as
 * a value as it is (`where('a', '=', p.a)`, `values({ a: p.a })`), never compute with it. The
 * first compilation checks that every parameter ended up bound as a value, and throws
 * otherwise. A query whose shape depends on the values (a list of rows, an optional clause)
 * is one prepared query per shape.
 */

interface Prepared {
  compiled: CompiledQuery;
  /** For each of the compiled query's parameters: a parameter name, or a constant. */
  slots: Array<{ name: string } | { value: unknown }>;
}

const MARKER = '\u0000prepared-parameter:';

export function preparedQuery<P extends object, R>(
  build: (db: Kysely<Tables>, params: P) => Compilable<R>,
): (db: Kysely<Tables>, params: P) => Promise<QueryResult<R>> {
  const compile = preparedCompile(build);
  return async (db, params) => db.executeQuery<R>(compile(db, params));
}

/** `preparedQuery`'s compiled query with the call's values, not run (see `runWrites`). */
function preparedCompile<P extends object, R>(
  build: (db: Kysely<Tables>, params: P) => Compilable<R>,
): (db: Kysely<Tables>, params: P) => CompiledQuery<R> {
  // Per dialect adapter (one per engine and database handle); transactions share it.
  const byAdapter = new WeakMap<object, Prepared>();
  return (db, params) => {
    const adapter = db.getExecutor().adapter;
    let prepared = byAdapter.get(adapter);
    if (!prepared) {
      prepared = prepare(db, build, Object.keys(params));
      byAdapter.set(adapter, prepared);
    }
    const values = params as Record<string, unknown>;
    const parameters = prepared.slots.map((slot) =>
      'name' in slot ? values[slot.name] : slot.value,
    );
    return { ...prepared.compiled, parameters } as CompiledQuery<R>;
  };
}

function prepare<P extends object, R>(
  db: Kysely<Tables>,
  build: (db: Kysely<Tables>, params: P) => Compilable<R>,
  names: readonly string[],
): Prepared {
  const placeholders = Object.fromEntries(names.map((name) => [name, `${MARKER}${name}`]));
  const compiled = build(db, placeholders as P).compile();
  if (compiled.sql.includes(MARKER)) {
    throw new Error('preparedQuery: a parameter was written into the SQL text');
  }
  const used = new Set<string>();
  const slots = compiled.parameters.map((value) => {
    if (typeof value === 'string' && value.startsWith(MARKER)) {
      const name = value.slice(MARKER.length);
      used.add(name);
      return { name };
    }
    return { value };
  });
  const unbound = names.filter((name) => !used.has(name));
  if (unbound.length > 0) {
    throw new Error(`preparedQuery: parameters not bound as values: ${unbound.join(', ')}`);
  }
  return { compiled, slots };
}

/** Rows per multi-row insert at most (SQLite allows 32 766 parameters, PostgreSQL 65 535). */
const ROWS_PER_INSERT = 500;

/**
 * A multi-row insert into `table` of the given columns: one statement for all the rows (in
 * chunks of `ROWS_PER_INSERT`), prepared once per number of rows. Every column is a value of
 * each row (null included); the rows are inserted in their order. Returns the compiled
 * statements, to run with `runWrites`.
 */
export function preparedInsert<T extends keyof Tables & string>(
  table: T,
  columns: readonly (keyof Tables[T] & string)[],
): (db: Kysely<Tables>, rows: ReadonlyArray<Partial<Record<string, unknown>>>) => CompiledQuery[] {
  type Params = Record<string, unknown>;
  const byCount = new Map<number, (db: Kysely<Tables>, params: Params) => CompiledQuery>();
  const insertOf = (count: number) => {
    let insert = byCount.get(count);
    if (!insert) {
      insert = preparedCompile((db, p: Params) =>
        db.insertInto(table).values(
          Array.from(
            { length: count },
            (_, i) =>
              // Kysely cannot type a row built column by column: the columns are the table's.
              Object.fromEntries(columns.map((column) => [column, p[`${column}${i}`]])) as never,
          ),
        ),
      );
      byCount.set(count, insert);
    }
    return insert;
  };
  return (db, rows) => {
    const statements: CompiledQuery[] = [];
    for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
      const chunk = rows.slice(start, start + ROWS_PER_INSERT);
      const params: Params = {};
      chunk.forEach((row, i) => {
        for (const column of columns) params[`${column}${i}`] = row[column] ?? null;
      });
      statements.push(insertOf(chunk.length)(db, params));
    }
    return statements;
  };
}

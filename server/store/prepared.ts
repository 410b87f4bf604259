import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';

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
  // Per dialect adapter (one per engine and database handle); transactions share it.
  const byAdapter = new WeakMap<object, Prepared>();
  return async (db, params) => {
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
    return db.executeQuery<R>({ ...prepared.compiled, parameters });
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

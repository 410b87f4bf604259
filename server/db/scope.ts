import type { Kysely } from 'kysely';

import type { Engine } from './connection.ts';
import type { Tables } from './schema.ts';

/**
 * What a store class is built from: the queries' handle and the engine they run on. The
 * `Database` is one (the stores a capability keeps); a transaction is another, through
 * `scopeOf`: a capability that writes inside another's transaction builds that capability's
 * store on the transaction's scope (`new OutboxStore(scopeOf(database, trx))`), so every query
 * of a table stays in its capability's store class and no exported function takes a handle.
 */
export interface DbScope {
  readonly engine: Engine;
  readonly db: Kysely<Tables>;
}

/** The scope of a transaction `trx` opened on `connection`. */
export function scopeOf(connection: { readonly engine: Engine }, trx: Kysely<Tables>): DbScope {
  return { engine: connection.engine, db: trx };
}

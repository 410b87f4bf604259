import { Kysely } from 'kysely';
import { PostgresJSDialect } from 'kysely-postgres-js';
import postgres from 'postgres';

import { DURABLE_ON_COMMIT, type Connection } from './connection.ts';
import type { Tables } from './schema.ts';

/**
 * The PostgreSQL store over Postgres.js instead of `pg`: what the Supabase Edge Functions use
 * (Deno; Supabase's connection pooler in transaction mode, hence no prepared statements). The
 * same Kysely queries run on it; the database must already be migrated (`supabase db push`).
 * It runs on Node too, which is how the store's tests cover it.
 */
export interface PostgresJsOptions {
  /** Connections per isolate (default 3: an Edge Function handles few requests at once). */
  max?: number;
  /** Longest wait for a connection, in seconds (default 3). */
  connectTimeoutSeconds?: number;
  /** Longest statement, in ms (default 5 000). */
  statementTimeoutMs?: number;
}

/** PostgreSQL's type id of BIGINT (int8). */
const INT8_OID = 20;

export function openPostgresJs(url: string, options: PostgresJsOptions = {}): Connection {
  const sql = postgres(url, {
    max: options.max ?? 3,
    prepare: false,
    connect_timeout: options.connectTimeoutSeconds ?? 3,
    idle_timeout: 20,
    onnotice: () => undefined,
    connection: {
      application_name: 'renovation-edge',
      statement_timeout: options.statementTimeoutMs ?? 5_000,
      idle_in_transaction_session_timeout: 15_000,
    },
    types: {
      // Times (ms) and counts fit a double exactly; read BIGINT as a number, as with `pg`.
      bigint: {
        to: INT8_OID,
        from: [INT8_OID],
        serialize: (value: number) => String(value),
        parse: (value: string) => Number(value),
      },
    },
  });
  const db = new Kysely<Tables>({ dialect: new PostgresJSDialect({ postgres: sql }) });
  return { engine: 'postgres', db, ...DURABLE_ON_COMMIT, close: () => db.destroy() };
}

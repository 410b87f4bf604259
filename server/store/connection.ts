import { join } from 'node:path';

import { sql, type Kysely } from 'kysely';

import type { Tables } from './schema.ts';

/**
 * What the store knows of its database whichever driver opened it: the engine, the Kysely
 * handle, and how a transaction runs. The drivers live apart (`sqlite-connection.ts`,
 * `postgres-connection.ts`, `postgres-js.ts`) so that a runtime loads only its own: the Supabase
 * Edge Functions never reach better-sqlite3 or `pg`; `open.ts` picks one for the Node server.
 *
 * - SQLite (default): one file under DATA_DIR, WAL with `synchronous=FULL` (a commit is on disk
 *   before the endpoint answers), write transactions taken with `BEGIN IMMEDIATE`.
 * - PostgreSQL (`DATABASE_URL=postgres://…`): a pool with short connection and statement
 *   timeouts, so that an unreachable database turns into a quick 503 instead of a hung request;
 *   migrations under an advisory lock, so instances starting together apply each one once.
 */
export type Engine = 'sqlite' | 'postgres';

export const DATABASE_FILE = 'leads.sqlite';

export interface StoreConfig {
  /** `postgres://…` or `postgresql://…` selects PostgreSQL; unset: SQLite under `dataDir`. */
  databaseUrl?: string;
  /** SQLite's folder (and, for both engines, the `.eml` outbox's parent). */
  dataDir: string;
  /** PostgreSQL: connections per process (default 10). */
  poolMax?: number;
  /** PostgreSQL: longest wait for a connection, in ms (default 3 000). */
  connectTimeoutMs?: number;
  /** PostgreSQL: longest statement, in ms (default 5 000). */
  statementTimeoutMs?: number;
  /** PostgreSQL: an idle pooled connection failed (the pool drops it and makes a new one). */
  onPoolError?: (error: Error) => void;
}

export interface Connection {
  readonly engine: Engine;
  readonly db: Kysely<Tables>;
  close(): Promise<void>;
}

/** The database could not be opened or migrated; the message names it without credentials. */
export class StoreOpenError extends Error {}

export function isPostgresUrl(value: string): boolean {
  try {
    return ['postgres:', 'postgresql:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** `postgres://host:port/database`, without user or password, for messages and logs. */
export function describeDatabase(config: Pick<StoreConfig, 'databaseUrl' | 'dataDir'>): string {
  if (!config.databaseUrl) return join(config.dataDir, DATABASE_FILE);
  try {
    const url = new URL(config.databaseUrl);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return 'postgres (unparseable URL)';
  }
}

/**
 * Runs `work` in one transaction, committed when it resolves. SQLite takes the write lock at
 * once (`BEGIN IMMEDIATE`: no failed upgrade from a read when the staff CLI writes at the same
 * time); PostgreSQL uses READ COMMITTED, and the callers lock what they must.
 */
export async function inTransaction<T>(
  connection: Connection,
  work: (trx: Kysely<Tables>) => Promise<T>,
): Promise<T> {
  if (connection.engine === 'postgres') return connection.db.transaction().execute(work);
  return connection.db.connection().execute(async (db) => {
    await sql`BEGIN IMMEDIATE`.execute(db);
    try {
      const result = await work(db);
      await sql`COMMIT`.execute(db);
      return result;
    } catch (error) {
      await sql`ROLLBACK`.execute(db).catch(() => undefined);
      throw error;
    }
  });
}

/**
 * Runs `work` (the outbox's bookkeeping: claims and marks) without waiting for a disk flush at
 * its commit. SQLite: `synchronous=NORMAL` for these statements (in WAL mode still durable when
 * the process dies, only an OS crash or power loss can drop the last ones); PostgreSQL:
 * `synchronous_commit = off` for the transaction (a server crash can drop the last few hundred
 * ms of them). Losing such a mark at worst resends an e-mail with the same Message-ID, the
 * failure mode the outbox already accepts; a stored request is never written this way.
 */
export async function withoutFlush<T>(
  connection: Connection,
  work: (db: Kysely<Tables>) => Promise<T>,
): Promise<T> {
  if (connection.engine === 'postgres') {
    return connection.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL synchronous_commit = off`.execute(trx);
      return work(trx);
    });
  }
  return connection.db.connection().execute(async (db) => {
    await sql`PRAGMA synchronous = NORMAL`.execute(db);
    try {
      return await work(db);
    } finally {
      await sql`PRAGMA synchronous = FULL`.execute(db);
    }
  });
}

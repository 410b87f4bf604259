import { join } from 'node:path';

import { CompiledQuery, type Kysely } from 'kysely';

import type { Tables } from './schema.ts';

/**
 * What the store knows of its database whichever driver opened it: the engine, the Kysely
 * handle, and how a transaction runs. The drivers live apart (`sqlite-connection.ts`,
 * `postgres-connection.ts`, `postgres-js.ts`) so that a runtime loads only its own: the Supabase
 * Edge Functions never reach better-sqlite3 or `pg`; `open.ts` picks one for the Node server.
 *
 * - SQLite (default): one file under DATA_DIR, WAL with `synchronous=FULL` (group-commit
 *   batches: the log fsynced off the event loop before the endpoint answers, see
 *   `inDurableTransaction`), write transactions taken with `BEGIN IMMEDIATE`.
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
  /**
   * The CRM webhook is on (WEBHOOK_URL): requests, status changes and erasures queue their
   * events in their own transactions (ADR 0024).
   */
  webhookEvents?: boolean;
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
  /**
   * Resolves once every transaction committed before the call is on disk. SQLite: an fsync of
   * the write-ahead log that starts after the call, off the event loop (`WalSync` in
   * sqlite-connection.ts); PostgreSQL: at once (a commit returns once it is durable).
   */
  synced(): Promise<void>;
  /** Throws when a flush of this connection failed (SQLite, see `WalSync`): write nothing more. */
  assertFlushable(): void;
  /**
   * After an erasure committed (ADR 0032): leaves none of the deleted bytes in the database's
   * files. SQLite: the file rewritten with the live rows only (`VACUUM`; `throttled`, an
   * erasure's: at most one a minute, see `SqliteScrubber`; `now`, the daily purge's: at once,
   * not counted), then its log emptied (`wal_checkpoint(TRUNCATE)`). PostgreSQL: undefined,
   * nothing the server can do (dead tuples stay until `VACUUM`; see docs/data-and-retention.md).
   */
  scrub(when?: ScrubWhen): Promise<ScrubResult | undefined>;
  close(): Promise<void>;
}

/** An erasure's scrub (`throttled`) or the daily purge's (`now`). */
export type ScrubWhen = 'throttled' | 'now';

/** What a SQLite scrub did. */
export interface ScrubResult {
  /** The file was rewritten with the live rows only (`VACUUM`). */
  vacuumed: boolean;
  /**
   * A `VACUUM` is scheduled (one ran less than a minute ago): the deleted rows' own cells are
   * zeroed already (`secure_delete`); the stale copies a page split may have left go with it.
   */
  vacuumPending: boolean;
  /** The log (`-wal`) is empty: no reader of another process held it. */
  logTruncated: boolean;
}

/**
 * What a driver whose commits are durable when they return (PostgreSQL) gives `Connection`; its
 * deleted rows stay in its files until `VACUUM`, which the server leaves to the database.
 */
export const DURABLE_ON_COMMIT = {
  synced: async (): Promise<void> => undefined,
  assertFlushable: (): void => undefined,
  scrub: async (): Promise<ScrubResult | undefined> => undefined,
} as const;

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

const BEGIN_IMMEDIATE = CompiledQuery.raw('BEGIN IMMEDIATE');
const COMMIT = CompiledQuery.raw('COMMIT');
const ROLLBACK = CompiledQuery.raw('ROLLBACK');
const BEGIN_WITHOUT_FLUSH = CompiledQuery.raw('BEGIN; SET LOCAL synchronous_commit = off');

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
  return connection.db.connection().execute((db) => explicitTransaction(db, BEGIN_IMMEDIATE, work));
}

/**
 * `work` on one connection between `begin` (SQLite's `BEGIN IMMEDIATE`, or PostgreSQL's `BEGIN`
 * with `SET LOCAL` or a batch's locks in the same round trip) and `COMMIT`, rolled back when it
 * throws. `begin` is inside the rollback's reach: when a statement sent after PostgreSQL's
 * `BEGIN` fails (a lock not taken within the statement timeout), the transaction is open and
 * aborted, and the connection would go back to the pool refusing every later statement.
 */
async function explicitTransaction<T>(
  db: Kysely<Tables>,
  begin: CompiledQuery,
  work: (trx: Kysely<Tables>) => Promise<T>,
): Promise<T> {
  try {
    await db.executeQuery(begin);
    const result = await work(db);
    await db.executeQuery(COMMIT);
    return result;
  } catch (error) {
    await db.executeQuery(ROLLBACK).catch(() => undefined);
    throw error;
  }
}

const SYNCHRONOUS_NORMAL = CompiledQuery.raw('PRAGMA synchronous = NORMAL');
const SYNCHRONOUS_FULL = CompiledQuery.raw('PRAGMA synchronous = FULL');

/**
 * `inTransaction` for a group-commit batch, resolved only once the transaction is on disk, but
 * without holding the event loop during the disk flush. SQLite: committed with
 * `synchronous=NORMAL` (the commit writes the log without an fsync), then `synced()` fsyncs the
 * log off the event loop; the connection is free for other work meanwhile. If that fsync fails,
 * this rejects, and so does every later call (see `WalSync`): the batch is refused, though its
 * rows may be on disk whole (never part of them); a client that sends its request again is
 * folded into the stored one by the duplicate rule. PostgreSQL: a READ COMMITTED transaction
 * as `inTransaction`'s, with `first` (a statement without parameters: the batch's advisory
 * locks) sent with its `BEGIN` in one round trip.
 */
export async function inDurableTransaction<T>(
  connection: Connection,
  work: (trx: Kysely<Tables>) => Promise<T>,
  first?: string,
): Promise<T> {
  if (connection.engine === 'postgres') {
    const begin = CompiledQuery.raw(first ? `BEGIN; ${first}` : 'BEGIN');
    return connection.db.connection().execute((db) => explicitTransaction(db, begin, work));
  }
  connection.assertFlushable();
  const result = await connection.db.connection().execute(async (db) => {
    await db.executeQuery(SYNCHRONOUS_NORMAL);
    try {
      return await explicitTransaction(db, BEGIN_IMMEDIATE, work);
    } finally {
      await db.executeQuery(SYNCHRONOUS_FULL);
    }
  });
  await connection.synced();
  return result;
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
    // BEGIN and SET LOCAL in one round trip (a query without parameters may hold several
    // statements): the bookkeeping runs once per e-mail sent.
    return connection.db
      .connection()
      .execute((db) => explicitTransaction(db, BEGIN_WITHOUT_FLUSH, work));
  }
  return withSynchronousNormal(connection, work);
}

/** SQLite: `work` on the connection with `synchronous=NORMAL`, then back to `FULL`. */
function withSynchronousNormal<T>(
  connection: Connection,
  work: (db: Kysely<Tables>) => Promise<T>,
): Promise<T> {
  return connection.db.connection().execute(async (db) => {
    await db.executeQuery(SYNCHRONOUS_NORMAL);
    try {
      return await work(db);
    } finally {
      await db.executeQuery(SYNCHRONOUS_FULL);
    }
  });
}

/**
 * `inTransaction` without waiting for a disk flush at its commit: bookkeeping of several
 * statements that must hold together (the CRM webhook's record of a round of attempts). Same
 * durability as `withoutFlush`: a process crash loses nothing committed, an OS crash may drop the
 * last ones, which then repeat an attempt (under the same webhook id).
 */
export async function inTransactionWithoutFlush<T>(
  connection: Connection,
  work: (trx: Kysely<Tables>) => Promise<T>,
): Promise<T> {
  if (connection.engine === 'postgres') return withoutFlush(connection, work);
  return withSynchronousNormal(connection, (db) => explicitTransaction(db, BEGIN_IMMEDIATE, work));
}

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, sql, SqliteDialect } from 'kysely';
import pg from 'pg';

import { MIGRATIONS, type Migration } from './migrations.ts';
import type { Tables } from './schema.ts';

/**
 * Opening the database of either engine, migrating it, and running a transaction. This is the
 * only module that knows the drivers; everything else speaks Kysely to `Tables`.
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

/** Arbitrary but fixed: the key of the advisory lock that serialises migrations. */
const MIGRATION_LOCK_KEY = 7_301_146_913;

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

export async function openConnection(
  config: StoreConfig,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<Connection> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, config, migrations);
  return openSqlite(config.dataDir, migrations);
}

/**
 * One connection per SQLite file and process, shared by every store opened on it: better-sqlite3
 * waits for a lock synchronously, so two connections of one process would wait on each other
 * until the busy timeout. Kysely's connection mutex then orders the transactions.
 */
const sqliteFiles = new Map<string, { connection: Connection; users: number }>();

function openSqlite(dataDir: string, migrations: readonly Migration[]): Connection {
  const file = join(dataDir, DATABASE_FILE);
  const shared = sqliteFiles.get(file);
  if (shared) {
    shared.users += 1;
    return releasing(file, shared.connection);
  }
  let database: Database.Database;
  try {
    mkdirSync(dataDir, { recursive: true });
    database = new Database(file);
    database.pragma('journal_mode = WAL');
    database.pragma('synchronous = FULL');
    database.pragma('foreign_keys = ON');
    database.pragma('busy_timeout = 5000');
    migrateSqlite(database, migrations);
  } catch (error) {
    throw new StoreOpenError(
      `Cannot open the SQLite database ${file}: ${(error as Error).message}`,
    );
  }
  const db = new Kysely<Tables>({
    dialect: new SqliteDialect({ database: cachingStatements(database) }),
  });
  const connection: Connection = { engine: 'sqlite', db, close: () => db.destroy() };
  sqliteFiles.set(file, { connection, users: 1 });
  return releasing(file, connection);
}

/** Prepared statements kept at most (forgotten wholesale past it). */
const STATEMENT_CACHE_SIZE = 256;

/**
 * The database as Kysely's SQLite dialect sees it, with its statements prepared once per SQL
 * text: the dialect prepares every query anew, which was a third of the CPU a submission took.
 * Safe with better-sqlite3, whose statements run synchronously, one at a time.
 */
function cachingStatements(database: Database.Database) {
  const statements = new Map<string, Database.Statement>();
  return {
    close: () => {
      statements.clear();
      database.close();
    },
    prepare: (text: string) => {
      let statement = statements.get(text);
      if (!statement) {
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
        statement = database.prepare(text);
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

/** A handle on the shared connection whose `close` closes it with its last user. */
function releasing(file: string, connection: Connection): Connection {
  let closed = false;
  return {
    engine: connection.engine,
    db: connection.db,
    close: async () => {
      if (closed) return;
      closed = true;
      const shared = sqliteFiles.get(file);
      if (!shared || shared.connection !== connection) return;
      shared.users -= 1;
      if (shared.users > 0) return;
      sqliteFiles.delete(file);
      await connection.close();
    },
  };
}

/** Each migration in its own `BEGIN IMMEDIATE` transaction, re-checked under the write lock. */
export function migrateSqlite(database: Database.Database, migrations: readonly Migration[]) {
  database.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at INTEGER NOT NULL
  ) STRICT`);
  const isApplied = database.prepare<[number], { version: number }>(
    'SELECT version FROM schema_migrations WHERE version = ?',
  );
  const record = database.prepare(
    'INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)',
  );
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    database
      .transaction(() => {
        if (isApplied.get(migration.version)) return;
        database.exec(migration.sqlite);
        record.run(migration.version, migration.name, Date.now());
      })
      .immediate();
  }
}

const INT8_OID = 20;

async function openPostgres(
  url: string,
  config: StoreConfig,
  migrations: readonly Migration[],
): Promise<Connection> {
  const where = describeDatabase(config);
  if (!isPostgresUrl(url)) {
    throw new StoreOpenError('DATABASE_URL must be a postgres:// or postgresql:// URL');
  }
  const statementTimeout = config.statementTimeoutMs ?? 5_000;
  const pool = new pg.Pool({
    connectionString: url,
    max: config.poolMax ?? 10,
    connectionTimeoutMillis: config.connectTimeoutMs ?? 3_000,
    statement_timeout: statementTimeout,
    query_timeout: statementTimeout + 1_000,
    idle_in_transaction_session_timeout: 15_000,
    application_name: 'renovation-site',
    keepAlive: true,
    types: {
      // Times (ms) and counts fit a double exactly; read BIGINT as a number, not a string.
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
    },
  });
  // Without listeners, a connection dropped by the server (a restart, a failover) would crash the
  // process: the pool's for idle connections, each client's own while it is checked out (its
  // query then fails, and the pool discards it).
  pool.on('error', (error) => config.onPoolError?.(error));
  pool.on('connect', (client) => client.on('error', (error) => config.onPoolError?.(error)));
  try {
    await migratePostgres(pool, migrations);
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new StoreOpenError(
      `Cannot connect to or migrate the PostgreSQL database ${where}: ${(error as Error).message}`,
    );
  }
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
  return { engine: 'postgres', db, close: () => db.destroy() };
}

/** Under a session advisory lock: a second instance waits, then finds everything applied. */
async function migratePostgres(pool: pg.Pool, migrations: readonly Migration[]) {
  const client = await pool.connect();
  try {
    // Migrations may take longer than a request's statement timeout.
    await client.query('SET statement_timeout = 0');
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
        version INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        applied_at BIGINT NOT NULL
      )`);
      const applied = new Set(
        (await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map(
          (row) => row.version,
        ),
      );
      for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
        if (applied.has(migration.version)) continue;
        await client.query('BEGIN');
        try {
          await client.query(migration.postgres);
          await client.query(
            'INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)',
            [migration.version, migration.name, Date.now()],
          );
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        }
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
    await client.query('RESET statement_timeout');
    client.release();
  } catch (error) {
    // A connection in an unknown state is not returned to the pool.
    client.release(true);
    throw error;
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

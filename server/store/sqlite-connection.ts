import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';

import { DATABASE_FILE, StoreOpenError, type Connection } from './connection.ts';
import type { Migration } from './migrations.ts';
import type { Tables } from './schema.ts';

/**
 * The SQLite driver (better-sqlite3): one file under DATA_DIR, WAL with `synchronous=FULL` (a
 * commit is on disk before the endpoint answers), write transactions taken with `BEGIN
 * IMMEDIATE` (see `inTransaction`).
 */
/**
 * One connection per SQLite file and process, shared by every store opened on it: better-sqlite3
 * waits for a lock synchronously, so two connections of one process would wait on each other
 * until the busy timeout. Kysely's connection mutex then orders the transactions.
 */
const sqliteFiles = new Map<string, { connection: Connection; users: number }>();

export function openSqlite(dataDir: string, migrations: readonly Migration[]): Connection {
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

import { mkdirSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';

import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';

import { DATABASE_FILE, StoreOpenError, type Connection } from './connection.ts';
import type { Migration } from './migrations/index.ts';
import type { Tables } from './schema.ts';
import { SqliteScrubber } from './sqlite-scrub.ts';

/**
 * The SQLite driver (better-sqlite3): one file under DATA_DIR, WAL with `synchronous=FULL` (a
 * commit is on disk before the endpoint answers; a group-commit batch's log is fsynced off the
 * event loop by `WalSync`, see `inDurableTransaction`), write transactions taken with `BEGIN
 * IMMEDIATE` (see `inTransaction`), `secure_delete` on (a deleted row's cells and freed pages
 * are overwritten with zeros; what it misses, an erasure's `scrub` removes: ADR 0032).
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
    database.pragma('secure_delete = ON');
    migrateSqlite(database, migrations);
  } catch (error) {
    throw new StoreOpenError(
      `Cannot open the SQLite database ${file}: ${(error as Error).message}`,
    );
  }
  const db = new Kysely<Tables>({
    dialect: new SqliteDialect({ database: cachingStatements(database) }),
  });
  const wal = new WalSync(`${file}-wal`);
  const scrubber = new SqliteScrubber(db);
  const connection: Connection = {
    engine: 'sqlite',
    db,
    synced: () => wal.sync(),
    assertFlushable: () => wal.assertHealthy(),
    scrub: (when) => scrubber.scrub(when),
    close: async () => {
      // A VACUUM still scheduled runs first, then the flushes in flight end (SQLite deletes the
      // log once the last connection closes).
      await scrubber.close();
      await wal.close();
      await db.destroy();
    },
  };
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

/**
 * fsyncs of SQLite's write-ahead log on libuv's thread pool, so that the event loop keeps
 * serving requests while the disk flushes. Calls that arrive while an fsync is in flight share
 * the next one (which starts after it, hence after their commits): one fsync covers every
 * commit before it. The log file keeps its inode while a connection is open (SQLite deletes it
 * only when the last connection closes; checkpoints reuse or truncate it).
 *
 * A failed fsync (or a log that cannot be opened) is final for this connection: the frames of
 * that commit may be lost while later ones reach the disk, and SQLite's recovery stops at the
 * first missing frame, so no later commit could be called durable either. Every later `sync`
 * rejects with the same error, and no later batch is written (the endpoint answers 503), until
 * the store is opened again (the process restarts).
 */
class WalSync {
  readonly #path: string;
  #file: Promise<FileHandle> | undefined;
  #current: Promise<void> | undefined;
  #next: Promise<void> | undefined;
  #failure: unknown;
  #failed = false;

  constructor(path: string) {
    this.#path = path;
  }

  assertHealthy(): void {
    if (this.#failed) throw this.#failure;
  }

  /** Resolves once an fsync that started after this call has completed. */
  sync(): Promise<void> {
    if (this.#failed) return Promise.reject(this.#failure);
    if (!this.#current) return this.#start();
    this.#next ??= this.#current
      .catch(() => undefined)
      .then(() => {
        this.#next = undefined;
        return this.#start();
      });
    return this.#next;
  }

  #start(): Promise<void> {
    if (this.#failed) return Promise.reject(this.#failure);
    const current = (async () => {
      this.#file ??= open(this.#path, 'r');
      await (await this.#file).sync();
    })();
    this.#current = current;
    current.then(
      () => this.#settled(current),
      (error: unknown) => {
        this.#failed = true;
        this.#failure = error;
        this.#settled(current);
      },
    );
    return current;
  }

  #settled(finished: Promise<void>): void {
    if (this.#current === finished) this.#current = undefined;
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.#current, this.#next]);
    const file = this.#file;
    this.#file = undefined;
    await (await file?.catch(() => undefined))?.close();
  }
}

/** A handle on the shared connection whose `close` closes it with its last user. */
function releasing(file: string, connection: Connection): Connection {
  let closed = false;
  return {
    engine: connection.engine,
    db: connection.db,
    synced: () => connection.synced(),
    assertFlushable: () => connection.assertFlushable(),
    scrub: (when) => connection.scrub(when),
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
function migrateSqlite(database: Database.Database, migrations: readonly Migration[]) {
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

import type { Kysely } from 'kysely';

import {
  describeDatabase,
  type Connection,
  type Engine,
  type ScrubResult,
  type ScrubWhen,
  type StoreConfig,
} from './connection.ts';
import type { Tables } from './schema.ts';

/**
 * The one database handle every capability gets its store from (`new InboxStore(database)`,
 * …): an open, migrated connection (the Node server's, `openDatabase` in ./open.ts, or the Edge
 * Functions' Postgres.js one) with what the stores need to know of the settings. It is a
 * `Connection`, so the transaction helpers of ./connection.ts take it; once closed, every use
 * throws.
 */
export class Database implements Connection {
  readonly engine: Engine;
  /** SQLite's folder, and for both engines the `.eml` outbox's parent. */
  readonly dataDir: string;
  /** Where the data lives, without credentials (for messages). */
  readonly location: string;
  /** The CRM webhook is on: status changes and erasures queue their events (ADR 0024). */
  readonly webhookEvents: boolean;
  readonly #connection: Connection;
  #closed = false;

  constructor(connection: Connection, config: StoreConfig) {
    this.#connection = connection;
    this.engine = connection.engine;
    this.dataDir = config.dataDir;
    this.location = describeDatabase(config);
    this.webhookEvents = config.webhookEvents ?? false;
  }

  /** The Kysely handle, unless this database was closed. */
  get db(): Kysely<Tables> {
    return this.#live().db;
  }

  /** The driver's connection itself (a key shared by every handle on it). */
  get raw(): Connection {
    return this.#live();
  }

  /** Throws when this database was closed. */
  assertOpen(): void {
    this.#live();
  }

  synced(): Promise<void> {
    return this.#live().synced();
  }

  assertFlushable(): void {
    this.#live().assertFlushable();
  }

  scrub(when?: ScrubWhen): Promise<ScrubResult | undefined> {
    return this.#live().scrub(when);
  }

  /**
   * Throws when this database can no longer make a commit durable (SQLite: a flush of its log
   * failed, and every submission is refused until a restart): `/healthz` reports it, so that a
   * service manager or load balancer takes the instance out.
   */
  assertWritable(): void {
    this.assertFlushable();
  }

  /** The schema versions applied, in order. */
  async appliedMigrations(): Promise<number[]> {
    const rows = await this.db
      .selectFrom('schema_migrations')
      .select('version')
      .orderBy('version')
      .execute();
    return rows.map((row) => row.version);
  }

  /** Closes the connection (or this handle's share of it); every later use throws. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#connection.close();
  }

  #live(): Connection {
    if (this.#closed) throw new Error('the database is closed');
    return this.#connection;
  }
}

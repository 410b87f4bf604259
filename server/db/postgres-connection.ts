import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';

import {
  describeDatabase,
  DURABLE_ON_COMMIT,
  isPostgresUrl,
  StoreOpenError,
  type Connection,
  type StoreConfig,
} from './connection.ts';
import type { Migration } from './migrations/index.ts';
import type { Tables } from './schema.ts';

/**
 * The PostgreSQL driver of the Node server (`pg`): a pool with short connection and statement
 * timeouts, so that an unreachable database turns into a quick 503 instead of a hung request;
 * migrations under an advisory lock, so instances starting together apply each one once.
 */

/** Arbitrary but fixed: the key of the advisory lock that serialises migrations. */
const MIGRATION_LOCK_KEY = 7_301_146_913;

const INT8_OID = 20;

export async function openPostgres(
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
  return { engine: 'postgres', db, ...DURABLE_ON_COMMIT, close: () => db.destroy() };
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

import type { Connection, StoreConfig } from './connection.ts';
import { Database } from './database.ts';
import { MIGRATIONS, type Migration } from './migrations/index.ts';
import { openPostgres } from './postgres-connection.ts';
import { openSqlite } from './sqlite-connection.ts';

/**
 * Opening the Node server's database: PostgreSQL through `pg` when `databaseUrl` is set, else
 * SQLite under `dataDir`; migrated on the way. The only module that knows both drivers (the
 * Edge Functions open theirs with `postgres-js.ts`).
 */
export async function openConnection(
  config: StoreConfig,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<Connection> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, config, migrations);
  return openSqlite(config.dataDir, migrations);
}

/** Opens (and migrates) the database; throws `StoreOpenError` with a clear message. */
export async function openDatabase(config: StoreConfig): Promise<Database> {
  return new Database(await openConnection(config), config);
}

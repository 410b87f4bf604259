import type { Connection, StoreConfig } from './connection.ts';
import { LeadStore } from './index.ts';
import { MIGRATIONS, type Migration } from './migrations.ts';
import { openPostgres } from './postgres-connection.ts';
import { openSqlite } from './sqlite-connection.ts';

/**
 * Opening the Node server's database: PostgreSQL through `pg` when `databaseUrl` is set, else
 * SQLite under `dataDir`; migrated on the way. The only module that knows both drivers (the
 * Edge Functions open theirs with `postgres-js.ts` and `LeadStore.fromConnection`).
 */
export async function openConnection(
  config: StoreConfig,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<Connection> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, config, migrations);
  return openSqlite(config.dataDir, migrations);
}

/** Opens (and migrates) the database; throws `StoreOpenError` with a clear message. */
export async function openLeadStore(config: StoreConfig): Promise<LeadStore> {
  return LeadStore.fromConnection(await openConnection(config), config);
}

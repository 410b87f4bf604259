import { rmSync } from 'node:fs';

import { createTempDir } from './harness.ts';
import { createTestDatabase } from './postgres.ts';
import { postgresAdminUrl } from './postgres-run.ts';
import { openStores, type Stores } from '#server/compose/stores.ts';
import { type StoreConfig } from '#server/db/connection.ts';

/**
 * Both database engines, for suites that must hold on each: SQLite in a fresh temporary folder,
 * PostgreSQL as a fresh database on the run's private server (see postgres-run.ts).
 */
export const ENGINES = ['sqlite', 'postgres'] as const;
export type EngineName = (typeof ENGINES)[number];

export interface EngineFixture {
  config: StoreConfig;
  cleanup(): Promise<void>;
}

export async function engineFixture(engine: EngineName): Promise<EngineFixture> {
  const dataDir = createTempDir(`store-${engine}`);
  if (engine === 'sqlite') {
    return {
      config: { dataDir },
      cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const database = await createTestDatabase(await postgresAdminUrl());
  return {
    config: { dataDir, databaseUrl: database.url },
    cleanup: async () => {
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Two server instances' stores (two connection pools) on one fresh PostgreSQL database: what a
 * race test fires its requests through, where they really run at once. `close` ends both and
 * drops the database.
 */
export interface TwoInstances {
  one: Stores;
  two: Stores;
  close(): Promise<void>;
}

export async function twoPostgresInstances(): Promise<TwoInstances> {
  const fixture = await engineFixture('postgres');
  const one = await openStores(fixture.config);
  const two = await openStores(fixture.config);
  return {
    one,
    two,
    close: async () => {
      await one.close();
      await two.close();
      await fixture.cleanup();
    },
  };
}

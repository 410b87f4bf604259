import { afterEach, beforeEach } from 'vitest';

import { engineFixture, type EngineFixture, type EngineName } from '#test-support/engines.ts';
import { sampleConsent, sampleLead } from '#test-support/lead-input.ts';
import { openStores, storesOf, type Stores } from '#server/compose/stores.ts';
import type { StoreConfig } from '#server/db/connection.ts';
import { Database } from '#server/db/database.ts';
import { openPostgresJs } from '#server/db/postgres-js.ts';
import type { LeadInput } from '#server/db/records/lead.ts';
import type { NewMail } from './store.ts';

/**
 * What the store's contract tests (lead-store.*.test.ts) share: sample leads and e-mails, and a
 * fresh database per test on each engine, opened by as many stores (instances) as a test wants.
 */
export const DAY = 24 * 60 * 60 * 1000;
export const HOUR = 60 * 60 * 1000;

/** The drivers the contract runs on: both engines, and PostgreSQL through Postgres.js. */
export type StoreDriver = EngineName | 'postgres-js';

export function lead(overrides: Partial<LeadInput> = {}): LeadInput {
  return sampleLead({ message: 'Bonjour « chauffage » 🔥', ...overrides });
}

export function mails(id: string): NewMail[] {
  return [
    { kind: 'notification', messageId: `<${id}.notification@x.example>` },
    { kind: 'confirmation', messageId: `<${id}.confirmation@x.example>` },
  ];
}

/**
 * PostgreSQL through Postgres.js (the Supabase Edge Functions' driver) on a database the `pg`
 * store migrated, as `supabase db push` would have.
 */
async function openOnPostgresJs(config: StoreConfig): Promise<Stores> {
  await (await openStores(config)).close();
  return storesOf(new Database(openPostgresJs(config.databaseUrl ?? ''), config));
}

/**
 * Called inside a `describe`: a new database before each test, every store opened on it closed
 * and the database dropped after it.
 */
export function storeFixture(driver: StoreDriver) {
  const engine = driver === 'postgres-js' ? 'postgres' : driver;
  let fixture: EngineFixture;
  const opened: Stores[] = [];
  const open = async () => {
    const store =
      driver === 'postgres-js'
        ? await openOnPostgresJs(fixture.config)
        : await openStores(fixture.config);
    opened.push(store);
    return store;
  };
  const seed = async (store: Stores, id: string, at: number, input?: Partial<LeadInput>) =>
    store.leads.insertLead(id, lead(input), sampleConsent(at), mails(id), at);

  beforeEach(async () => {
    fixture = await engineFixture(engine);
  });
  afterEach(async () => {
    while (opened.length > 0) await opened.pop()?.close();
    await fixture.cleanup();
  });
  return { engine, open, seed };
}

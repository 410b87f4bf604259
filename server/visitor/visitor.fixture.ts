import { DEFAULT_CALENDAR } from '#server/callback/index.ts';
import { type Stores, openStores } from '#server/compose/stores.ts';
import { engineFixture, type EngineFixture, type EngineName } from '#test-support/engines.ts';
import { sampleConsent, sampleLead } from '#test-support/lead-input.ts';
import { VisitorService } from './service.ts';

/**
 * Several instances of the visitor page's service on one database, each with its own
 * connections (SQLite: its own handle on the file; PostgreSQL: its own pool), as several server
 * processes would run them; the clock is the test's.
 */
export interface VisitorInstances {
  fixture: EngineFixture;
  stores: Stores[];
  services: VisitorService[];
  /** Stores request `id` received an hour before `at`, and mints its link. */
  seed(id: string, at: number): Promise<string>;
  /** The request's contact columns as stored. */
  row(id: string): Promise<{
    contact_channel: string;
    contact_days: string;
    contact_slots: string;
    contact_text: string;
    contact_version: string;
    contact_given_at: number | null;
    phone_withdrawn_at: number | null;
  }>;
  /** The request's audit entries, in the order they were written. */
  audit(id: string): Promise<Array<{ id: number; action: string; detail: string }>>;
  close(): Promise<void>;
}

export const DOMAIN = 'calora-energies.example';
const HOUR = 60 * 60 * 1000;

export async function visitorInstances(
  engine: EngineName,
  count: number,
  now: () => number,
): Promise<VisitorInstances> {
  const fixture = await engineFixture(engine);
  const stores: Stores[] = [];
  // One after the other: the first applies the migrations.
  for (let i = 0; i < count; i += 1) {
    stores.push(await openStores({ ...fixture.config, webhookEvents: true }));
  }
  const services = stores.map(
    (store) =>
      new VisitorService({
        links: store.visitorLinks,
        store: store.visitor,
        retention: store.retention,
        calendar: DEFAULT_CALENDAR,
        messageDomain: DOMAIN,
        now,
      }),
  );
  const [first] = stores as [Stores];
  const db = () => first.database.db;
  return {
    fixture,
    stores,
    services,
    async seed(id, at) {
      await first.leads.insertLead(
        id,
        sampleLead({ email: `${id}@example.fr` }),
        sampleConsent(at - HOUR),
        [],
        at - HOUR,
      );
      return first.visitorLinks.mint(id, at - HOUR);
    },
    async row(id) {
      return db()
        .selectFrom('leads')
        .select([
          'contact_channel',
          'contact_days',
          'contact_slots',
          'contact_text',
          'contact_version',
          'contact_given_at',
          'phone_withdrawn_at',
        ])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    },
    async audit(id) {
      const rows = await db()
        .selectFrom('staff_audit')
        .select(['id', 'action', 'detail'])
        .where('lead_id', '=', id)
        .orderBy('id')
        .execute();
      return rows.map((row) => ({ ...row, id: Number(row.id) }));
    },
    async close() {
      for (const store of stores) await store.close();
      await fixture.cleanup();
    },
  };
}

import { unspecifiedContact } from '#server/db/records/lead.ts';
import { describe, expect, it } from 'vitest';

import { ENGINES } from '#test-support/engines.ts';
import { sampleConsent } from '#test-support/lead-input.ts';
import { MIGRATIONS } from '#server/db/migrations/index.ts';
import { DAY, HOUR, lead, storeFixture } from './lead-store.fixture.ts';
import { RETENTION_MS } from './store.ts';

/**
 * The store's contract on its records, run unchanged on both engines: migrations, leads stored
 * and listed exactly, one person erased, retention purged.
 */
describe.each([...ENGINES, 'postgres-js'] as const)('the store on %s', (driver) => {
  const { engine, open, seed } = storeFixture(driver);

  it('applies every migration once, also when two processes open it at the same moment', async () => {
    const [first, second] = await Promise.all([open(), open()]);
    expect(first!.database.engine).toBe(engine);
    const versions = MIGRATIONS.map((migration) => migration.version);
    expect(await first!.database.appliedMigrations()).toEqual(versions);
    expect(await second!.database.appliedMigrations()).toEqual(versions);
    const third = await open();
    expect(await third.database.appliedMigrations()).toEqual(versions);
  });

  it('stores a lead with its consent and e-mails, and reads them back exactly', async () => {
    const store = await open();
    const at = Date.UTC(2026, 10, 23, 10, 30);
    await seed(store, 'a', at, { message: 'Ligne 1\nLigne "2" ; l’été' });
    expect(await store.leads.getLead('a')).toEqual({
      id: 'a',
      createdAt: at,
      ...lead({ message: 'Ligne 1\nLigne "2" ; l’été' }),
      consent: sampleConsent(at),
      // No choice given (the seed's contract): `non_precise`, due by the reception's rule.
      contact: unspecifiedContact(at),
    });
    expect(await store.leads.getLead('missing')).toBeUndefined();
    const rows = await store.outbox.mailFor('a');
    expect(rows.map((row) => [row.kind, row.status, row.attempts, row.messageId])).toEqual([
      ['notification', 'pending', 0, '<a.notification@x.example>'],
      ['confirmation', 'pending', 0, '<a.confirmation@x.example>'],
    ]);
    expect(await store.outbox.backlog(at + 90_000)).toEqual({
      pending: 2,
      oldestPendingAgeSeconds: 90,
    });
  });

  it('lists newest first with the delivery state of each e-mail', async () => {
    const store = await open();
    const now = Date.now();
    await seed(store, 'old', now - DAY);
    await seed(store, 'new', now);
    const [claimed] = await store.outbox.claimDue(now, 1, 'w', 60_000);
    await store.outbox.markSent(claimed!.id, now);
    const list = await store.leads.listLeads();
    expect(list.map((item) => item.id)).toEqual(['new', 'old']);
    expect(list[1]?.delivery).toEqual([
      { kind: 'notification', status: 'sent', attempts: 1, sentAt: now, withheldReason: null },
      { kind: 'confirmation', status: 'pending', attempts: 0, sentAt: null, withheldReason: null },
    ]);
  });

  it('erases one person (any letter case) with their e-mails, and nothing else', async () => {
    const store = await open();
    const now = Date.now();
    await seed(store, 'p1', now - DAY, { email: 'Paul@Entreprise.example' });
    await seed(store, 'p2', now, { email: 'paul@entreprise.example' });
    await seed(store, 'other', now);
    expect((await store.retention.forget(' PAUL@entreprise.example')).sort()).toEqual(['p1', 'p2']);
    expect((await store.leads.listLeads()).map((item) => item.id)).toEqual(['other']);
    expect(await store.outbox.mailFor('p1')).toEqual([]);
    expect(await store.outbox.backlog(now)).toMatchObject({ pending: 2 });
  });

  it('purges people past retention and expired rate-limit hits, harmlessly twice', async () => {
    const store = await open();
    const now = Date.now();
    const old = now - RETENTION_MS - DAY;
    await seed(store, 'gone', old, { email: 'gone@entreprise.example' });
    await seed(store, 'kept-old', old, { email: 'back@entreprise.example' });
    await seed(store, 'kept-new', now - DAY, { email: 'back@entreprise.example' });
    await store.rates.consume({ key: 'expired', limit: 1, windowMs: HOUR }, now - HOUR - 1);
    await store.rates.consume({ key: 'current', limit: 1, windowMs: HOUR }, now);
    expect(await store.retention.purge(now, HOUR)).toEqual({
      leadIds: ['gone'],
      webhookEvents: 0,
      rateLimitHits: 1,
      staffAuth: 0,
      counters: 0,
      visitorLinks: 0,
    });
    expect(await store.retention.purge(now, HOUR)).toEqual({
      leadIds: [],
      webhookEvents: 0,
      rateLimitHits: 0,
      staffAuth: 0,
      counters: 0,
      visitorLinks: 0,
    });
    expect((await store.leads.listLeads()).map((item) => item.id).sort()).toEqual([
      'kept-new',
      'kept-old',
    ]);
    expect(
      (await store.rates.consume({ key: 'current', limit: 1, windowMs: HOUR }, now)).allowed,
    ).toBe(false);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ENGINES, engineFixture, type EngineFixture } from '../../test-support/engines';
import { openStores, storesOf, type Stores } from '../compose/stores.ts';
import type { StoreConfig } from '../db/connection.ts';
import { Database } from '../db/database.ts';
import type { LeadInput } from '../db/records/lead.ts';
import { RETENTION_MS, type NewMail } from './store.ts';
import { MIGRATIONS } from '../db/migrations/index.ts';
import { openPostgresJs } from '../db/postgres-js';
import { sampleConsent, sampleLead } from '../../test-support/lead-input';

/**
 * The store's contract, run unchanged on both engines: what the endpoint, the outbox worker,
 * the staff CLI and several instances rely on.
 */
const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

function lead(overrides: Partial<LeadInput> = {}): LeadInput {
  return sampleLead({ message: 'Bonjour « chauffage » 🔥', ...overrides });
}

function mails(id: string): NewMail[] {
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

describe.each([...ENGINES, 'postgres-js'] as const)('the store on %s', (driver) => {
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

  it('commits the rate-limit hit and the lead together, or neither', async () => {
    const store = await open();
    const policy = { key: 'client', limit: 5, windowMs: HOUR };
    const now = Date.now();
    await store.leads.submit({
      id: 'dup',
      lead: lead(),
      consent: sampleConsent(now),
      mails: mails('dup'),
      now,
      rate: policy,
    });
    await expect(
      store.leads.submit({
        id: 'dup',
        lead: lead(),
        consent: sampleConsent(now),
        mails: [],
        now,
        rate: policy,
      }),
    ).rejects.toThrow();
    // The failed insert did not count: 1 hit, so 4 more are allowed.
    for (let i = 0; i < 4; i += 1) {
      expect(await store.leads.consumeRate(policy, now)).toEqual({ allowed: true });
    }
    expect((await store.leads.consumeRate(policy, now)).allowed).toBe(false);
    expect((await store.leads.listLeads()).map((item) => item.id)).toEqual(['dup']);
  });

  it('keeps a sliding window per client and says when a slot frees', async () => {
    const store = await open();
    const policy = (key: string) => ({ key, limit: 3, windowMs: 60_000 });
    expect(await store.leads.consumeRate(policy('a'), 1_000)).toEqual({ allowed: true });
    expect(await store.leads.consumeRate(policy('a'), 2_000)).toEqual({ allowed: true });
    expect(await store.leads.consumeRate(policy('a'), 3_000)).toEqual({ allowed: true });
    expect(await store.leads.checkRate(policy('a'), 4_000)).toEqual({
      allowed: false,
      retryAfterSeconds: 57,
    });
    expect(await store.leads.consumeRate(policy('a'), 4_000)).toEqual({
      allowed: false,
      retryAfterSeconds: 57,
    });
    expect(await store.leads.consumeRate(policy('b'), 4_000)).toEqual({ allowed: true });
    expect(await store.leads.consumeRate(policy('a'), 61_000)).toEqual({ allowed: true });
    expect(await store.leads.consumeRate(policy('a'), 61_500)).toEqual({
      allowed: false,
      retryAfterSeconds: 1,
    });
  });

  it('holds the rate limit when two instances count the same client at the same moment', async () => {
    const [one, two] = await Promise.all([open(), open()]);
    const policy = { key: 'shared', limit: 5, windowMs: HOUR };
    const now = Date.now();
    const verdicts = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        (i % 2 === 0 ? one! : two!).leads.submit({
          id: `r${i}`,
          lead: lead(),
          consent: sampleConsent(now),
          mails: mails(`r${i}`),
          now,
          rate: policy,
        }),
      ),
    );
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(5);
    expect(await one!.leads.listLeads()).toHaveLength(5);
  });

  it('never gives the same e-mail to two workers claiming at once', async () => {
    const [one, two] = await Promise.all([open(), open()]);
    const now = Date.now();
    for (let i = 0; i < 15; i += 1) await seed(one!, `l${i}`, now - i);
    const rounds = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        (i % 2 === 0 ? one! : two!).outbox.claimDue(now, 7, `worker-${i}`, 60_000),
      ),
    );
    const ids = rounds.flat().map((row) => row.id);
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
    expect(await one!.outbox.claimDue(now, 10, 'late', 60_000)).toEqual([]);
  });

  it('gives a claim back when its lease runs out or its worker releases it', async () => {
    const store = await open();
    const now = Date.now();
    await seed(store, 'a', now);
    const claimed = await store.outbox.claimDue(now, 10, 'w1', 1_000);
    expect(claimed.map((row) => row.claimedUntil)).toEqual([now + 1_000, now + 1_000]);
    expect(await store.outbox.claimDue(now + 999, 10, 'w2', 1_000)).toEqual([]);
    expect(await store.outbox.nextDueAt()).toBe(now + 1_000);
    // The first worker is presumed dead: its rows come back.
    const retaken = await store.outbox.claimDue(now + 1_000, 10, 'w2', 1_000);
    expect(retaken.map((row) => row.id)).toEqual(claimed.map((row) => row.id));
    // The dead worker's late retry must not undo the new claim.
    await store.outbox.markRetry(claimed[0]!.id, 'w1', now + 1_001, now + 9_000, 'ETIMEDOUT');
    expect((await store.outbox.mailFor('a'))[0]).toMatchObject({
      attempts: 0,
      claimedUntil: now + 2_000,
    });
    await store.outbox.releaseClaims(
      retaken.map((row) => row.id),
      'w2',
    );
    expect(await store.outbox.claimDue(now + 1_002, 10, 'w3', 1_000)).toHaveLength(2);
  });

  it('gives a worker back its own abandoned claims at once, and nobody else', async () => {
    const store = await open();
    const now = Date.now();
    await seed(store, 'a', now);
    const claimed = await store.outbox.claimDue(now, 10, 'w1', 60_000);
    expect(claimed).toHaveLength(2);
    // The database failed before w1 could mark them: w1 takes them again, w2 cannot.
    expect(await store.outbox.claimDue(now + 1, 10, 'w2', 60_000)).toEqual([]);
    const again = await store.outbox.claimDue(now + 1, 10, 'w1', 60_000);
    expect(again.map((row) => [row.id, row.claimedUntil])).toEqual(
      claimed.map((row) => [row.id, now + 60_001]),
    );
  });

  it('records retries, failures and sends, and never hands out a sent e-mail again', async () => {
    const store = await open();
    const now = Date.now();
    await seed(store, 'a', now);
    const [notification, confirmation] = await store.outbox.claimDue(now, 10, 'w', 60_000);
    await store.outbox.markRetry(notification!.id, 'w', now, now + 5_000, 'ECONNREFUSED');
    await store.outbox.markFailed(confirmation!.id, 'w', now, 'smtp_550');
    expect(await store.outbox.claimDue(now + 4_999, 10, 'w', 60_000)).toEqual([]);
    expect(await store.outbox.nextDueAt()).toBe(now + 5_000);
    const [again] = await store.outbox.claimDue(now + 5_000, 10, 'w', 60_000);
    expect(again).toMatchObject({ id: notification!.id, attempts: 1 });
    await store.outbox.markSent(again!.id, now + 5_001);
    await store.outbox.markSent(again!.id, now + 9_999);
    expect(await store.outbox.claimDue(now + DAY, 10, 'w', 60_000)).toEqual([]);
    expect(
      (await store.outbox.mailFor('a')).map((row) => [
        row.status,
        row.attempts,
        row.sentAt,
        row.lastError,
      ]),
    ).toEqual([
      ['sent', 2, now + 5_001, null],
      ['failed', 1, null, 'smtp_550'],
    ]);
    expect(await store.outbox.backlog(now)).toEqual({ pending: 0, oldestPendingAgeSeconds: null });
    expect(await store.outbox.nextDueAt()).toBeUndefined();
  });

  it('makes pending mail due at once when a worker starts', async () => {
    const store = await open();
    const now = Date.now();
    await seed(store, 'a', now);
    const claimed = await store.outbox.claimDue(now, 10, 'w', 60_000);
    for (const row of claimed)
      await store.outbox.markRetry(row.id, 'w', now, now + HOUR, 'ECONNREFUSED');
    expect(await store.outbox.retryPendingNow(now + 1)).toBe(2);
    expect(await store.outbox.claimDue(now + 1, 10, 'w', 60_000)).toHaveLength(2);
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
    await store.leads.consumeRate({ key: 'expired', limit: 1, windowMs: HOUR }, now - HOUR - 1);
    await store.leads.consumeRate({ key: 'current', limit: 1, windowMs: HOUR }, now);
    expect(await store.retention.purge(now, HOUR)).toEqual({
      leadIds: ['gone'],
      webhookEvents: 0,
      rateLimitHits: 1,
      staffAuth: 0,
      counters: 0,
    });
    expect(await store.retention.purge(now, HOUR)).toEqual({
      leadIds: [],
      webhookEvents: 0,
      rateLimitHits: 0,
      staffAuth: 0,
      counters: 0,
    });
    expect((await store.leads.listLeads()).map((item) => item.id).sort()).toEqual([
      'kept-new',
      'kept-old',
    ]);
    expect(
      (await store.leads.consumeRate({ key: 'current', limit: 1, windowMs: HOUR }, now)).allowed,
    ).toBe(false);
  });
});

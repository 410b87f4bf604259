import { afterAll, describe, expect, it } from 'vitest';

import { createTempDir, startTestServer, type TestServer } from '#test-support/harness.ts';
import { sampleConsent, sampleLead } from '#test-support/lead-input.ts';
import { createTestDatabase } from '#test-support/postgres.ts';
import { postgresAdminUrl } from '#test-support/postgres-run.ts';
import { startSmtpPeer, type SmtpPeer } from '#test-support/smtp-peer.ts';
import { type LeadInput } from '#server/db/records/lead.ts';
import { type Stores, openStores } from '#server/compose/stores.ts';
import { type StoreConfig } from '#server/db/connection.ts';

/**
 * The morning digest with a controlled clock (the pipeline's `clock`; production passes
 * `Date.now`): once at DIGEST_AT, not on a weekend, not twice after a restart, once across two
 * instances on PostgreSQL, late after downtime, never after the call hours. Real SMTP peer.
 */
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

const paris = (iso: string) => Date.parse(iso);
const MONDAY_0829 = paris('2026-11-30T08:29:00+01:00');
const MONDAY_0830 = paris('2026-11-30T08:30:00+01:00');

/** A clock the test moves by hand. */
function manualClock(start: number) {
  let now = start;
  return { now: () => now, set: (at: number) => void (now = at) };
}

/** Three requests: one overdue on Monday morning, one due on Monday, one due on Tuesday. */
async function seed(config: StoreConfig): Promise<void> {
  const store = await openStores(config);
  const leads: Array<[string, string, LeadInput['produit'], string]> = [
    // Thursday 09:00 → due Friday 09:00: overdue.
    ['digest-late', 'Paul', 'Audit énergétique', '2026-11-26T09:00:00+01:00'],
    // Friday 17:00 → due Monday 17:00: due today.
    ['digest-today', 'Léa', 'HP flottante', '2026-11-27T17:00:00+01:00'],
    // Monday 08:00 → due Tuesday 08:00: not in Monday's digest.
    ['digest-tomorrow', 'Hugo', 'Éclairage LED', '2026-11-30T08:00:00+01:00'],
  ];
  for (const [id, prenom, produit, at] of leads) {
    const receivedAt = paris(at);
    await store.leads.insertLead(
      id,
      sampleLead({ prenom, produit, email: `${id}@example.fr` }),
      sampleConsent(receivedAt),
      [],
      receivedAt,
    );
  }
  await store.close();
}

function digests(peer: SmtpPeer) {
  return peer.messages.filter((mail) => mail.subject.startsWith('Demandes du jour'));
}

async function digestRows(store: Stores) {
  return store.callback.digests.digestMails();
}

async function server(
  peer: SmtpPeer,
  clock: { now: () => number },
  extra: Parameters<typeof startTestServer>[0] = {},
): Promise<TestServer> {
  const instance = await startTestServer({
    smtpUrl: peer.url,
    clock: clock.now,
    // Looks are made by the test (`digest.look()`), not by the minute timer.
    digestLookEveryMs: 3_600_000,
    ...extra,
  });
  return instance;
}

describe('the morning digest (SQLite)', () => {
  it('is sent once at DIGEST_AT, with the overdue and due-today requests, soonest first', async () => {
    const peer = await startSmtpPeer();
    cleanups.push(() => peer.stop());
    const dataDir = createTempDir('digest-once');
    await seed({ dataDir });
    const clock = manualClock(MONDAY_0829);
    const instance = await server(peer, clock, { dataDir });
    cleanups.push(() => instance.close());
    const { stores: store, digest } = instance.pipeline;

    expect(await digest.look()).toBeUndefined();
    expect(await digestRows(store)).toHaveLength(0);

    clock.set(MONDAY_0830);
    expect(await digest.look()).toEqual({ day: '2026-11-30', claimed: true, count: 2 });
    await peer.waitFor((messages) => digests({ messages } as SmtpPeer).length === 1);
    const [mail] = digests(peer);
    expect(mail?.envelopeTo).toEqual(['equipe@calora-energies.example']);
    expect(mail?.subject).toBe('Demandes du jour\u00a0: 1 en retard, 1 à traiter aujourd’hui');
    const text = mail?.text ?? '';
    expect(text.indexOf('Paul')).toBeLessThan(text.indexOf('Léa'));
    expect(text).toContain(
      'Paul – Audit énergétique – à rappeler avant vendredi 27\u00a0novembre à 9\u00a0h',
    );
    expect(text).toContain(
      'Léa – HP flottante – à rappeler avant lundi 30\u00a0novembre à 17\u00a0h',
    );
    expect(text).toContain('https://www.calora-energies.example/equipe/demandes/digest-late');
    expect(text).not.toContain('Hugo');
    // No phone number or address of the person in it.
    expect(text).not.toContain('06 12 34 56 78');

    // Later looks the same day claim nothing.
    clock.set(paris('2026-11-30T12:00:00+01:00'));
    expect(await digest.look()).toBeUndefined();
    expect(await digestRows(store)).toHaveLength(1);
    // Marked sent once the transport accepted it.
    await expect.poll(async () => (await digestRows(store))[0]?.status).toBe('sent');
  });

  it('is not sent twice after a restart, and is sent late by a server that was down at 08:30', async () => {
    const peer = await startSmtpPeer();
    cleanups.push(() => peer.stop());
    const dataDir = createTempDir('digest-restart');
    // Down at 08:30: the server starts at 11:00 and sends it then.
    const clock = manualClock(paris('2026-11-30T11:00:00+01:00'));
    await seed({ dataDir });
    const first = await server(peer, clock, { dataDir });
    // Its first look, at start, claims the day and queues the e-mail.
    await peer.waitFor((messages) => digests({ messages } as SmtpPeer).length === 1);
    expect(await digestRows(first.pipeline.stores)).toHaveLength(1);
    expect(digests(peer)[0]?.text).toContain('Léa');
    await first.close();

    // Restarted on the same data at 11:30: the day is taken.
    clock.set(paris('2026-11-30T11:30:00+01:00'));
    const second = await server(peer, clock, { dataDir });
    cleanups.push(() => second.close());
    const look = await second.pipeline.digest.look();
    expect(look).toEqual({ day: '2026-11-30', claimed: false, count: 0 });
    expect(await digestRows(second.pipeline.stores)).toHaveLength(1);

    // The next working day, after the call hours: too late, never sent for that day.
    clock.set(paris('2026-12-01T20:00:00+01:00'));
    expect(await second.pipeline.digest.look()).toBeUndefined();
    expect(await digestRows(second.pipeline.stores)).toHaveLength(1);
    expect(digests(peer)).toHaveLength(1);
  });

  it('is never sent on a weekend or a holiday, and not on a day when nothing is due', async () => {
    const peer = await startSmtpPeer();
    cleanups.push(() => peer.stop());
    const dataDir = createTempDir('digest-weekend');
    await seed({ dataDir });
    const clock = manualClock(paris('2026-11-28T08:30:00+01:00'));
    const instance = await server(peer, clock, { dataDir });
    cleanups.push(() => instance.close());
    const { stores: store, digest } = instance.pipeline;
    expect(await digest.look()).toBeUndefined();
    clock.set(paris('2026-11-29T10:00:00+01:00'));
    expect(await digest.look()).toBeUndefined();
    clock.set(paris('2026-12-25T09:00:00+01:00'));
    expect(await digest.look()).toBeUndefined();
    expect(await digestRows(store)).toHaveLength(0);

    // A working day with nothing due: the day is decided, and no e-mail.
    const emptyClock = manualClock(MONDAY_0829);
    const empty = await server(peer, emptyClock);
    cleanups.push(() => empty.close());
    emptyClock.set(MONDAY_0830);
    expect(await empty.pipeline.digest.look()).toEqual({
      day: '2026-11-30',
      claimed: true,
      count: 0,
    });
    expect(await digestRows(empty.pipeline.stores)).toHaveLength(0);
  });
});

describe('the morning digest on PostgreSQL', () => {
  it('is sent once across two instances looking at the same moment', async () => {
    const database = await createTestDatabase(await postgresAdminUrl());
    cleanups.push(() => database.drop());
    const peer = await startSmtpPeer();
    cleanups.push(() => peer.stop());
    await seed({ dataDir: createTempDir('digest-pg'), databaseUrl: database.url });
    const clock = manualClock(MONDAY_0829);
    const a = await server(peer, clock, { databaseUrl: database.url });
    cleanups.push(() => a.close());
    const b = await server(peer, clock, { databaseUrl: database.url });
    cleanups.push(() => b.close());
    clock.set(MONDAY_0830);

    const looks = await Promise.all([a.pipeline.digest.look(), b.pipeline.digest.look()]);
    expect(looks.filter((look) => look?.claimed)).toHaveLength(1);
    await peer.waitFor((messages) => digests({ messages } as SmtpPeer).length === 1);
    const rows = await digestRows(a.pipeline.stores);
    expect(rows).toHaveLength(1);
    // Both workers drained the outbox: the one e-mail was sent by one of them only.
    await Promise.all([a.pipeline.worker.runOnce(), b.pipeline.worker.runOnce()]);
    expect(digests(peer)).toHaveLength(1);
  });
});

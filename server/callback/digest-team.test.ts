import { afterAll, describe, expect, it } from 'vitest';

import { createTempDir, startTestServer, type TestServer } from '#test-support/harness.ts';
import { sampleConsent, sampleLead } from '#test-support/lead-input.ts';
import { createTestDatabase } from '#test-support/postgres.ts';
import { postgresAdminUrl } from '#test-support/postgres-run.ts';
import { startSmtpPeer, type SmtpPeer } from '#test-support/smtp-peer.ts';
import { type LeadInput } from '#server/db/records/lead.ts';
import { openStores } from '#server/compose/stores.ts';
import { type StoreConfig } from '#server/db/connection.ts';

/**
 * Every active person gets their own morning digest (ADR 0048), with a fixed clock: their own
 * requests overdue and due today, then the unassigned; a responsable's adds the overdue count
 * per person; nobody gets another person's requests; a person whose digest is off gets none;
 * each digest is sent once across two instances looking at the same moment, on both engines.
 */
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

const paris = (iso: string) => Date.parse(iso);
const MONDAY_0829 = paris('2026-11-30T08:29:00+01:00');
const MONDAY_0830 = paris('2026-11-30T08:30:00+01:00');
const CHEF = 'chef@calora-energies.example';
const MARIE = 'marie@calora-energies.example';
const JEAN = 'jean@calora-energies.example';

function manualClock(start: number) {
  let now = start;
  return { now: () => now, set: (at: number) => void (now = at) };
}

/** Four requests: Marie's overdue, Jean's overdue, one unassigned due today, one due tomorrow. */
const LEADS: Array<[string, string, LeadInput['produit'], string]> = [
  ['team-marie', 'Paul', 'Audit énergétique', '2026-11-26T09:00:00+01:00'],
  ['team-jean', 'Zoé', 'Climatisation', '2026-11-26T10:00:00+01:00'],
  ['team-free', 'Léa', 'HP flottante', '2026-11-27T17:00:00+01:00'],
  ['team-tomorrow', 'Hugo', 'Éclairage LED', '2026-11-30T08:00:00+01:00'],
];

async function seedLeads(config: StoreConfig): Promise<void> {
  const store = await openStores(config);
  for (const [id, prenom, produit, at] of LEADS) {
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

/** Marie and Jean (commerciaux; Jean's digest off) own one request each; the chef is seeded. */
async function seedTeam(instance: TestServer): Promise<Record<string, string>> {
  const { team, stores } = instance.pipeline;
  const ids: Record<string, string> = {};
  for (const [firstName, email] of [
    ['Marie', MARIE],
    ['Jean', JEAN],
  ] as const) {
    const added = await team.add(
      { firstName, lastName: 'Test', email, role: 'commercial' },
      CHEF,
      MONDAY_0829,
    );
    if (!added.ok) throw new Error(added.reason);
    ids[email] = added.person.id;
  }
  const db = stores.database.db;
  await db.updateTable('staff_people').set({ digest: 0 }).where('email', '=', JEAN).execute();
  for (const [lead, email] of [
    ['team-marie', MARIE],
    ['team-jean', JEAN],
  ] as const) {
    await db.updateTable('leads').set({ owner_id: ids[email] }).where('id', '=', lead).execute();
  }
  return ids;
}

function digestsTo(peer: SmtpPeer, address: string) {
  return peer.messages.filter(
    (mail) => mail.subject.startsWith('Demandes du jour') && mail.envelopeTo.includes(address),
  );
}

async function twoInstances(config: StoreConfig, peer: SmtpPeer) {
  await seedLeads(config);
  const clock = manualClock(MONDAY_0829);
  const options = {
    smtpUrl: peer.url,
    clock: clock.now,
    digestLookEveryMs: 3_600_000,
    staffEmails: [CHEF],
    ...config,
  };
  const a = await startTestServer(options);
  cleanups.push(() => a.close());
  await seedTeam(a);
  const b = await startTestServer(options);
  cleanups.push(() => b.close());
  clock.set(MONDAY_0830);
  return { a, b };
}

async function expectOnePerPerson(a: TestServer, b: TestServer, peer: SmtpPeer) {
  const looks = await Promise.all([a.pipeline.digest.look(), b.pipeline.digest.look()]);
  expect(looks.map((look) => look?.day)).toEqual(['2026-11-30', '2026-11-30']);
  await peer.waitFor(
    () => digestsTo(peer, CHEF).length === 1 && digestsTo(peer, MARIE).length === 1,
  );
  await Promise.all([a.pipeline.worker.runOnce(), b.pipeline.worker.runOnce()]);
  // One row per person whose digest is on, whatever instance claimed it.
  const rows = await a.pipeline.stores.callback.digests.digestMails();
  expect(rows).toHaveLength(2);
  expect(new Set(rows.map((row) => row.personId)).size).toBe(2);
  expect(digestsTo(peer, CHEF)).toHaveLength(1);
  expect(digestsTo(peer, MARIE)).toHaveLength(1);
  expect(digestsTo(peer, JEAN)).toHaveLength(0);
  expect(digestsTo(peer, 'equipe@calora-energies.example')).toHaveLength(0);
}

function expectContents(peer: SmtpPeer) {
  const marie = digestsTo(peer, MARIE)[0]?.text ?? '';
  expect(marie).toContain('Bonjour Marie,');
  expect(marie).toContain('Vos demandes en retard (1)');
  expect(marie.indexOf('Paul')).toBeLessThan(marie.indexOf('À attribuer (1)'));
  expect(marie.indexOf('À attribuer (1)')).toBeLessThan(marie.indexOf('Léa'));
  // Not a colleague's request, not one due tomorrow, no team counts for a commercial.
  expect(marie).not.toContain('Zoé');
  expect(marie).not.toContain('Hugo');
  expect(marie).not.toContain('par personne');
  const chef = digestsTo(peer, CHEF)[0]?.text ?? '';
  expect(chef).toContain('À attribuer (1)');
  expect(chef).toContain('Léa');
  expect(chef).not.toContain('Paul');
  expect(chef).toContain('En retard, par personne');
  expect(chef).toContain('Jean Test\u00a0: 1 demande en retard');
  expect(chef).toContain('Marie Test\u00a0: 1 demande en retard');
}

describe('the morning digest per person (SQLite)', () => {
  it('is sent once to each person across two instances, with their own then the unassigned', async () => {
    const peer = await startSmtpPeer();
    cleanups.push(() => peer.stop());
    const { a, b } = await twoInstances({ dataDir: createTempDir('digest-team') }, peer);
    await expectOnePerPerson(a, b, peer);
    expectContents(peer);
    // A later look, on either instance, claims nothing more.
    expect(await b.pipeline.digest.look()).toBeUndefined();
  });
});

describe('the morning digest per person (PostgreSQL)', () => {
  it('is sent once to each person across two instances looking at the same moment', async () => {
    const database = await createTestDatabase(await postgresAdminUrl());
    cleanups.push(() => database.drop());
    const peer = await startSmtpPeer();
    cleanups.push(() => peer.stop());
    const config = { dataDir: createTempDir('digest-team-pg'), databaseUrl: database.url };
    const { a, b } = await twoInstances(config, peer);
    await expectOnePerPerson(a, b, peer);
    expectContents(peer);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { engineFixture, type EngineFixture } from '#test-support/engines.ts';
import { startTestServer } from '#test-support/harness.ts';
import { startSmtpPeer } from '#test-support/smtp-peer.ts';
import { runLeadsCommand } from './leads.ts';
import { type LeadInput } from '#server/db/records/lead.ts';
import { type StoreConfig } from '#server/db/connection.ts';
import { openStores } from '#server/compose/stores.ts';
import { TeamService } from '#server/team/index.ts';

/**
 * `npm run leads -- copy-to-postgres`: from the SQLite file of DATA_DIR into the (empty)
 * PostgreSQL database of DATABASE_URL, idempotently, pending mail still pending.
 */
let sqlite: EngineFixture;
let postgres: EngineFixture;
let config: StoreConfig;

beforeEach(async () => {
  sqlite = await engineFixture('sqlite');
  postgres = await engineFixture('postgres');
  config = { dataDir: sqlite.config.dataDir, databaseUrl: postgres.config.databaseUrl };
});

afterEach(async () => {
  await sqlite.cleanup();
  await postgres.cleanup();
});

function lead(i: number): LeadInput {
  return {
    clientType: 'professionnel',
    nom: `Lefèvre-${i}`,
    prenom: 'Zoé « Ève »',
    adresse: `${i} place de l’Église, 69001 Lyon`,
    telephone: '06 12 34 56 78',
    email: `zoe${i}@entreprise.example`,
    produit: 'Climatisation',
    message: `Ligne 1\nLigne "${i}" 🔥`,
  };
}

/** Leads with e-mails in every state: sent, failed, pending after retries, pending untouched. */
async function seedSqlite(count: number): Promise<void> {
  const store = await openStores(sqlite.config);
  const start = Date.UTC(2026, 9, 1);
  for (let i = 0; i < count; i += 1) {
    const id = `lead-${String(i).padStart(3, '0')}`;
    await store.leads.insertLead(
      id,
      lead(i),
      { text: 'J’accepte…', version: '2026-11-01', givenAt: start + i * 1000 },
      [
        { kind: 'notification', messageId: `<${id}.notification@calora-energies.example>` },
        { kind: 'confirmation', messageId: `<${id}.confirmation@calora-energies.example>` },
      ],
      start + i * 1000,
    );
  }
  const now = start + count * 1000;
  const rows = await store.outbox.claimDue(now, 1_000, 'seed', 60_000);
  for (const [index, row] of rows.entries()) {
    if (index % 4 === 0) await store.outbox.markSent(row.id, now);
    else if (index % 4 === 1) await store.outbox.markFailed(row.id, 'seed', now, 'smtp_550');
    else if (index % 4 === 2)
      await store.outbox.markRetry(row.id, 'seed', now, now + 5_000, 'ECONNREFUSED');
  }
  // The rest stay claimed by a "worker" of the old server: the copy must not carry the claim.
  await store.close();
}

async function snapshot(storeConfig: StoreConfig) {
  const store = await openStores(storeConfig);
  try {
    const leads = await store.leads.listLeads();
    const mails = await Promise.all(
      leads.map(async (item) =>
        (await store.outbox.mailFor(item.id)).map(
          ({ id: _id, claimedUntil: _claim, ...row }) => row,
        ),
      ),
    );
    return { leads, mails, backlog: await store.outbox.backlog(Date.UTC(2026, 10, 1)) };
  } finally {
    await store.close();
  }
}

describe('copy-to-postgres', () => {
  it('copies every lead, consent and e-mail; twice copies nothing more; pending mail is then sent', async () => {
    await seedSqlite(30);
    const first = await runLeadsCommand(['copy-to-postgres'], config);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(
      'Leads: 30 in SQLite, 30 copied, 0 already in PostgreSQL.\n' +
        'E-mails: 60 in SQLite (30 pending), 60 copied, 0 already in PostgreSQL.\n',
    );
    expect(first.stdout).not.toContain('postgres@');

    const source = await snapshot(sqlite.config);
    const target = await snapshot(postgres.config);
    expect(target).toEqual(source);
    expect(target.backlog.pending).toBe(30);

    const second = await runLeadsCommand(['copy-to-postgres'], config);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain(
      'Leads: 30 in SQLite, 0 copied, 30 already in PostgreSQL.\n' +
        'E-mails: 60 in SQLite (30 pending), 0 copied, 60 already in PostgreSQL.\n',
    );
    expect(await snapshot(postgres.config)).toEqual(source);

    // A server on PostgreSQL sends exactly the pending ones, claims of the old server or not.
    const peer = await startSmtpPeer();
    const server = await startTestServer({
      smtpUrl: peer.url,
      dataDir: postgres.config.dataDir,
      databaseUrl: postgres.config.databaseUrl,
    });
    try {
      await peer.waitFor((messages) => messages.length >= 30);
      const pendingIds = source.mails
        .flat()
        .filter((row) => row.status === 'pending')
        .map((row) => row.messageId)
        .sort();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(peer.messages.map((mail) => mail.headers.get('message-id')).sort()).toEqual(
        pendingIds,
      );
    } finally {
      await server.close();
      await peer.stop();
    }
  });

  it('carries the team: each request keeps its owner, the same person by address on both', async () => {
    await seedSqlite(3);
    const source = await openStores(sqlite.config);
    const target = await openStores(postgres.config);
    try {
      const leaSource = await new TeamService(source.database).add(
        {
          firstName: 'Léa',
          lastName: 'Martin',
          email: 'lea@calora-energies.example',
          role: 'commercial',
        },
        'test',
        1,
      );
      const paulSource = await new TeamService(source.database).add(
        {
          firstName: 'Paul',
          lastName: 'Roux',
          email: 'paul@calora-energies.example',
          role: 'commercial',
        },
        'test',
        2,
      );
      // The target already has Léa (as STAFF_EMAILS seeds at start), under another id.
      const leaTarget = await new TeamService(target.database).add(
        {
          firstName: 'Léa',
          lastName: 'Martin',
          email: 'LEA@calora-energies.example',
          role: 'responsable',
        },
        'test',
        3,
      );
      if (!leaSource.ok || !paulSource.ok || !leaTarget.ok) throw new Error('team not seeded');
      const owners = { 'lead-000': leaSource.person.id, 'lead-001': paulSource.person.id };
      for (const [id, owner] of Object.entries(owners)) {
        await source.database.db
          .updateTable('leads')
          .set({ owner_id: owner })
          .where('id', '=', id)
          .execute();
      }
      const copied = await runLeadsCommand(['copy-to-postgres'], config);
      expect(copied.stderr).toBe('');
      expect(copied.code).toBe(0);
      const rows = await target.database.db
        .selectFrom('leads')
        .leftJoin('staff_people', 'staff_people.id', 'leads.owner_id')
        .select(['leads.id', 'staff_people.email', 'leads.owner_id'])
        .orderBy('leads.id')
        .execute();
      expect(rows).toEqual([
        { id: 'lead-000', email: 'LEA@calora-energies.example', owner_id: leaTarget.person.id },
        { id: 'lead-001', email: 'paul@calora-energies.example', owner_id: paulSource.person.id },
        { id: 'lead-002', email: null, owner_id: null },
      ]);
    } finally {
      await source.close();
      await target.close();
    }
  });

  it('needs DATABASE_URL', async () => {
    const result = await runLeadsCommand(['copy-to-postgres'], sqlite.config);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('DATABASE_URL');
  });
});

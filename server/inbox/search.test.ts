import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ENGINES, engineFixture, type EngineFixture } from '#test-support/engines.ts';
import { sampleConsent, sampleLead } from '#test-support/lead-input.ts';
import type { InboxFilter } from '#contracts/staff/contract.ts';
import { phoneKey } from '#contracts/contact/phone-key.ts';
import type { Connection } from '#server/db/connection.ts';
import { MIGRATIONS } from '#server/db/migrations/index.ts';
import { openPostgres } from '#server/db/postgres-connection.ts';
import { openSqlite } from '#server/db/sqlite-connection.ts';
import { type Stores, openStores } from '#server/compose/stores.ts';

/**
 * The staff search on both engines (docs/staff.md): each result says where it stands; numbers match
 * whatever their format, names in any order; a search narrows the view it runs in; the
 * phone key of the requests stored before migration 9 is the one phoneKey gives.
 */
const HOUR = 60 * 60 * 1000;
const NOW = Date.parse('2026-11-30T10:00:00Z');
const STAFF = 'camille@calora-energies.example';

/** A connection of its own to the fixture's database, migrated up to `migrations`. */
function connect(fixture: EngineFixture, migrations = MIGRATIONS): Promise<Connection> {
  return fixture.config.databaseUrl
    ? openPostgres(fixture.config.databaseUrl, fixture.config, migrations)
    : Promise.resolve(openSqlite(fixture.config.dataDir, migrations));
}

const PEOPLE = [
  // id, prénom, nom, e-mail, téléphone, received hours ago
  ['called', 'Paul', 'Martin', 'paul.martin@example.fr', '06 12 34 56 78', 50],
  ['late', 'Léa', 'Durand', 'lea@example.fr', '+33 4 78 12 34 56', 40],
  ['fresh', 'Hugo', 'Bernard', 'hugo@example.fr', '07.11.22.33.44', 2],
  ['lost', 'Inès', 'Martin', 'ines@example.fr', '+32 470 12 34 56', 60],
] as const;

describe.each(ENGINES)('the staff search on %s', (engine) => {
  let fixture: EngineFixture;
  let store: Stores;
  const search = async (filter: InboxFilter) =>
    store.inbox.searchInbox(filter, 25, {
      overdue: { dueBy: NOW, receivedBy: NOW - 24 * HOUR, inclusive: false },
    });
  const found = async (filter: InboxFilter) =>
    (await search(filter)).rows.map((row) => [row.id, row.standing]);

  beforeAll(async () => {
    fixture = await engineFixture(engine);
    store = await openStores(fixture.config);
    for (const [id, prenom, nom, email, telephone, hoursAgo] of PEOPLE) {
      const at = NOW - hoursAgo * HOUR;
      await store.leads.insertLead(
        id,
        sampleLead({ prenom, nom, email, telephone }),
        sampleConsent(at),
        [],
        at,
      );
    }
    const recorded = await store.callback.recordCall({
      leadId: 'called',
      outcome: 'joint',
      note: '',
      staff: STAFF,
      now: NOW - HOUR,
    });
    expect(recorded).toBe('recorded');
    await store.inbox.changeStatus({ leadId: 'lost', status: 'perdu', actor: STAFF, now: NOW });
  });
  afterAll(async () => {
    await store.close();
    await fixture.cleanup();
  });

  it('finds someone already called among all requests, and says where each result stands', async () => {
    expect(await found({ vue: 'a-rappeler' })).toEqual([
      ['late', 'en-retard'],
      ['fresh', 'a-rappeler'],
    ]);
    // In « À rappeler » only those to call back; in « Toutes les demandes » (where the staff
    // pages run a new search) the person already called, « joint ».
    expect(await found({ vue: 'a-rappeler', q: 'paul.martin@example.fr' })).toEqual([]);
    expect(await found({ vue: 'toutes', q: 'paul.martin@example.fr' })).toEqual([
      ['called', 'joint'],
    ]);
    expect(await found({ vue: 'toutes', q: 'martin' })).toEqual([
      ['called', 'joint'],
      ['lost', 'perdu'],
    ]);
    expect(await found({ q: 'example.fr' })).toEqual([
      ['fresh', 'a-rappeler'],
      ['late', 'en-retard'],
      ['called', 'joint'],
      ['lost', 'perdu'],
    ]);
    // The view and the other fields narrow a search.
    expect(await found({ vue: 'en-retard', q: 'example.fr' })).toEqual([['late', 'en-retard']]);
    expect(await found({ vue: 'toutes', q: 'martin', status: 'perdu' })).toEqual([
      ['lost', 'perdu'],
    ]);
    expect((await search({ vue: 'toutes', q: 'martin' })).total).toBe(2);
  });

  it('finds a number whatever the format it was stored or typed in', async () => {
    for (const term of ['+33 6 12 34 56 78', '+33612345678', '0612345678', '06.12.34.56.78']) {
      expect(await found({ vue: 'toutes', q: term }), term).toEqual([['called', 'joint']]);
    }
    for (const term of ['04 78 12 34 56', '0478123456', '+33478123456']) {
      expect(await found({ q: term }), term).toEqual([['late', 'en-retard']]);
    }
    expect(await found({ q: '+33 7 11 22 33 44' })).toEqual([['fresh', 'a-rappeler']]);
    expect(await found({ q: '0032 470 12 34 56' })).toEqual([['lost', 'perdu']]);
    // Part of a number: inside the key, whatever the separators.
    expect(await found({ q: '+33 6 12' })).toEqual([['called', 'joint']]);
    expect(await found({ q: '11 22 33' })).toEqual([['fresh', 'a-rappeler']]);
    expect(await found({ q: '06 99 99 99 99' })).toEqual([]);
    // « +33 » alone is no number: found only where it is written so (as text).
    expect(await found({ q: '+33' })).toEqual([['late', 'en-retard']]);
  });

  it('finds first and last names in any order, and a name with part of its number', async () => {
    for (const term of ['Paul Martin', 'martin paul', 'MARTIN  Paul', 'paul martin 0612']) {
      expect(await found({ q: term }), term).toEqual([['called', 'joint']]);
    }
    expect(await found({ q: 'Martin Hugo' })).toEqual([]);
    expect(await found({ q: '100%' })).toEqual([]);
  });

  it('keeps the stored key equal to what phoneKey gives', async () => {
    const connection = await connect(fixture);
    try {
      const keys = await connection.db
        .selectFrom('leads')
        .select(['telephone', 'phone_key'])
        .execute();
      expect(keys).toHaveLength(PEOPLE.length);
      for (const row of keys) expect(row.phone_key).toBe(phoneKey(row.telephone));
    } finally {
      await connection.close();
    }
  });

  it('links the other requests of the same number, whatever its format', async () => {
    await store.leads.insertLead(
      'again',
      sampleLead({ email: 'autre@example.fr', telephone: '+33 6 12 34 56 78' }),
      sampleConsent(NOW),
      [],
      NOW,
    );
    const detail = await store.inbox.leadDetail('again');
    expect(detail?.related.map((lead) => lead.id)).toEqual(['called']);
  });
});

describe.each(ENGINES)('migration 9 (phone key) on %s', (engine) => {
  it('gives the requests stored before it the key phoneKey gives', async () => {
    const fixture = await engineFixture(engine);
    const numbers = [
      '06 12 34 56 78',
      '+33 6 12 34 56 78',
      '+33 (0)4 78 12 34 56',
      '0033 1 23 45 67 89',
      '+33 06 12 34 56 78',
      '06.12.34.56.78',
      '06-12-34-56-78',
      '06\u00a012\u202f34\t56 78',
      '+32 470 12 34 56',
      '0032 470 12 34 56',
      '0612345678',
    ];
    try {
      const before = await connect(
        fixture,
        MIGRATIONS.filter((migration) => migration.version <= 8),
      );
      try {
        for (const [index, telephone] of numbers.entries()) {
          await sql`INSERT INTO leads (id, created_at, client_type, nom, prenom, adresse,
              telephone, email, email_key, produit, message, consent_given_at, consent_version,
              consent_text)
            VALUES (${`lead-${index}`}, 1, 'particulier', 'Martin', 'Paul', '1 rue A', ${telephone},
              'paul@example.fr', 'paul@example.fr', '', '', 1, 'v1', 'J’accepte')`.execute(
            before.db,
          );
        }
      } finally {
        await before.close();
      }
      const after = await connect(fixture);
      try {
        const rows = await after.db
          .selectFrom('leads')
          .select(['telephone', 'phone_key'])
          .orderBy('id')
          .execute();
        expect(rows.map((row) => row.phone_key)).toEqual(
          rows.map((row) => phoneKey(row.telephone)),
        );
        expect(rows).toHaveLength(numbers.length);
      } finally {
        await after.close();
      }
    } finally {
      await fixture.cleanup();
    }
  });
});

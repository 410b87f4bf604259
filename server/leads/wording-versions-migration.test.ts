import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';

import { ENGINES, engineFixture, type EngineFixture } from '#test-support/engines.ts';
import { CONSENT_VERSION, SEED_CONSENT_VERSION } from '#contracts/contact/consent.ts';
import { CHOICE_VERSION } from '#contracts/contact/contact-choice.ts';
import type { Connection } from '#server/db/connection.ts';
import { MIGRATIONS } from '#server/db/migrations/index.ts';
import { openPostgres } from '#server/db/postgres-connection.ts';
import { openSqlite } from '#server/db/sqlite-connection.ts';

/**
 * Migration 11 on a database at version 10: the consent's and the choice's wordings stored with
 * « 2026-12-01 », a date after the consents they record, carry the day they took effect; the
 * seed's wording, an empty version and an undelivered `lead.created` event's choice too.
 */
const paris = (iso: string) => Date.parse(iso);
const GIVEN = paris('2026-11-28T15:04:00+01:00');
const PAYLOAD = (version: string) =>
  JSON.stringify({
    contact: {
      channel: 'telephone',
      days: [],
      slots: [],
      text: 'Comment souhaitez-vous être recontacté(e) ? Par téléphone.',
      version,
      givenAt: new Date(GIVEN).toISOString(),
      dueAt: null,
    },
  });

/** The day (company time) a consent was given: no version may come after it. */
const dayOf = (ms: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(ms);

describe.each(ENGINES)('migration 11 (wording versions) on %s', (engine) => {
  let fixture: EngineFixture;
  afterEach(async () => fixture.cleanup());

  const open = (migrations: typeof MIGRATIONS): Promise<Connection> =>
    fixture.config.databaseUrl
      ? openPostgres(fixture.config.databaseUrl, fixture.config, migrations)
      : Promise.resolve(openSqlite(fixture.config.dataDir, migrations));

  const lead = (id: string, consentVersion: string, contactVersion: string) =>
    sql`INSERT INTO leads (id, created_at, client_type, nom, prenom, adresse, telephone, email,
        email_key, produit, message, consent_given_at, consent_version, consent_text, phone_key,
        contact_channel, contact_text, contact_version, contact_given_at)
      VALUES (${id}, ${GIVEN}, 'particulier', 'Martin', 'Paul', '1 rue A', '0612345678',
        ${`${id}@example.fr`}, ${`${id}@example.fr`}, '', '', ${GIVEN}, ${consentVersion},
        'J’accepte…', '0612345678', ${contactVersion ? 'telephone' : 'non_precise'},
        ${contactVersion ? 'Comment souhaitez-vous être recontacté(e) ? Par téléphone.' : ''},
        ${contactVersion}, ${GIVEN})`;

  it('dates the stored wordings from the day they took effect, before the consents', async () => {
    fixture = await engineFixture(engine);
    const before = await open(MIGRATIONS.filter((migration) => migration.version <= 10));
    try {
      await lead('form', '2026-12-01', '2026-12-01').execute(before.db);
      await lead('seed', SEED_CONSENT_VERSION, '').execute(before.db);
      await sql`INSERT INTO webhook_events (message_id, lead_id, type, payload, status,
          created_at, next_attempt_at)
        VALUES ('msg_form', 'form', 'lead.created', ${PAYLOAD('2026-12-01')}, 'pending',
          ${GIVEN}, ${GIVEN})`.execute(before.db);
    } finally {
      await before.close();
    }
    const after = await open(MIGRATIONS);
    try {
      const rows = await after.db
        .selectFrom('leads')
        .select(['id', 'consent_version', 'contact_version', 'consent_given_at'])
        .orderBy('id')
        .execute();
      expect(rows.map((row) => [row.id, row.consent_version, row.contact_version])).toEqual([
        ['form', CONSENT_VERSION, CHOICE_VERSION],
        ['seed', SEED_CONSENT_VERSION, ''],
      ]);
      expect([CONSENT_VERSION, CHOICE_VERSION]).toEqual(['2026-11-26', '2026-11-26']);
      for (const row of rows) {
        expect(row.consent_version <= dayOf(Number(row.consent_given_at)), row.id).toBe(true);
      }
      const event = await after.db
        .selectFrom('webhook_events')
        .select('payload')
        .executeTakeFirstOrThrow();
      expect(event.payload).toBe(PAYLOAD(CHOICE_VERSION));
    } finally {
      await after.close();
    }
  });
});

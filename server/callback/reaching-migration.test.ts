import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';

import { ENGINES, engineFixture, type EngineFixture } from '#test-support/engines.ts';
import type { Connection } from '#server/db/connection.ts';
import { openPostgres } from '#server/db/postgres-connection.ts';
import { openSqlite } from '#server/db/sqlite-connection.ts';
import { MIGRATIONS } from '#server/db/migrations/index.ts';

/**
 * Migration 8 on a database at version 7 holding calls: the log is kept (ids included), the
 * written answer `repondu_email` is accepted afterwards, an unknown outcome still refused.
 */
describe.each(ENGINES)('migration 8 (written answers in the call log) on %s', (engine) => {
  let fixture: EngineFixture;
  afterEach(async () => fixture.cleanup());

  const open = (migrations: typeof MIGRATIONS): Promise<Connection> =>
    fixture.config.databaseUrl
      ? openPostgres(fixture.config.databaseUrl, fixture.config, migrations)
      : Promise.resolve(openSqlite(fixture.config.dataDir, migrations));

  const call = (leadId: string, outcome: string, at: number) =>
    sql`INSERT INTO lead_calls (lead_id, at, outcome, note, staff)
        VALUES (${leadId}, ${at}, ${outcome}, '', 'camille@example.fr')`;

  it('keeps the calls and accepts « Répondu par e-mail »', async () => {
    fixture = await engineFixture(engine);
    const before = await open(MIGRATIONS.filter((migration) => migration.version <= 7));
    try {
      await sql`INSERT INTO leads (id, created_at, client_type, nom, prenom, adresse, telephone,
          email, email_key, produit, message, consent_given_at, consent_version, consent_text)
        VALUES ('lead-1', 1, 'particulier', 'Martin', 'Paul', '1 rue A', '0612345678',
          'paul@example.fr', 'paul@example.fr', 'Pompe à chaleur', '', 1, 'v1', 'J’accepte')`.execute(
        before.db,
      );
      await call('lead-1', 'messagerie', 10).execute(before.db);
      await expect(call('lead-1', 'repondu_email', 11).execute(before.db)).rejects.toThrow();
    } finally {
      await before.close();
    }
    const after = await open(MIGRATIONS);
    try {
      await call('lead-1', 'repondu_email', 12).execute(after.db);
      await expect(call('lead-1', 'rappel', 13).execute(after.db)).rejects.toThrow();
      const rows = await after.db
        .selectFrom('lead_calls')
        .select(['id', 'at', 'outcome'])
        .orderBy('id')
        .execute();
      expect(rows.map((row) => [Number(row.at), row.outcome])).toEqual([
        [10, 'messagerie'],
        [12, 'repondu_email'],
      ]);
      expect(Number(rows[1]?.id)).toBeGreaterThan(Number(rows[0]?.id));
    } finally {
      await after.close();
    }
  });
});

import type { Migration } from './migration.ts';

/**
 * The columns and tables of a team working the requests together (ADR 0044), the same on both
 * engines but for the time type:
 * - `leads.owner_id` (the `staff_people` id that handles the request; null: « À attribuer »)
 *   and `leads.assigned_at` (when it got its current owner);
 * - on `staff_people`: `last_assigned_at` (when the rule last gave them a request: « Chacun son
 *   tour » picks the smallest), an absence (`absent_from`, `absent_until`: Paris dates
 *   `YYYY-MM-DD`, both included, or both null) and `digest` (1: their morning digest is sent);
 * - `team_departements`: for « Par département », who covers a département (`01`…`95`, `2A`,
 *   `2B`, `971`…`976`);
 * - `lead_call_marks`: « Marie Dupont appelle… », one mark per request, until `expires_at` or
 *   until her call is logged; erased with its request.
 */
function statements(time: 'INTEGER' | 'BIGINT', strict: string): string {
  return `
      ALTER TABLE leads ADD COLUMN owner_id TEXT REFERENCES staff_people (id);
      ALTER TABLE leads ADD COLUMN assigned_at ${time};
      CREATE INDEX leads_owner ON leads (owner_id);

      ALTER TABLE staff_people ADD COLUMN last_assigned_at ${time} NOT NULL DEFAULT 0;
      ALTER TABLE staff_people ADD COLUMN absent_from TEXT;
      ALTER TABLE staff_people ADD COLUMN absent_until TEXT;
      ALTER TABLE staff_people ADD COLUMN digest INTEGER NOT NULL DEFAULT 1
        CHECK (digest IN (0, 1));

      CREATE TABLE team_departements (
        departement TEXT PRIMARY KEY,
        person_id TEXT NOT NULL REFERENCES staff_people (id)
      )${strict};

      CREATE TABLE lead_call_marks (
        lead_id TEXT PRIMARY KEY REFERENCES leads (id) ON DELETE CASCADE,
        person_id TEXT NOT NULL REFERENCES staff_people (id),
        started_at ${time} NOT NULL,
        expires_at ${time} NOT NULL
      )${strict};
    `;
}

/** Migration 13 (ADR 0044): an owner for every request, absences, départements, calling marks. */
export const MIGRATION_013: Migration = {
  version: 13,
  name: 'the team works the requests: owners, absences, départements, calling marks',
  sqlite: statements('INTEGER', ' STRICT'),
  postgres: statements('BIGINT', ''),
};

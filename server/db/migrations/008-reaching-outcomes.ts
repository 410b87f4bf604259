import type { Migration } from './migration.ts';

const OUTCOMES = `'joint', 'pas_de_reponse', 'messagerie', 'numero_errone', 'repondu_email'`;

/**
 * Migration 8 (ADR 0028): the call log takes a written answer recorded by staff
 * (`repondu_email`), which reaches the person as a call answered does. SQLite cannot change a
 * CHECK in place: `lead_calls` is rebuilt (nothing refers to it), same columns, ids and index.
 */
export const MIGRATION_008: Migration = {
  version: 8,
  name: 'call log: a written answer (repondu_email) reaches the person',
  sqlite: `
    CREATE TABLE lead_calls_v8 (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      lead_id TEXT NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
      at INTEGER NOT NULL,
      outcome TEXT NOT NULL CHECK (outcome IN (${OUTCOMES})),
      note TEXT NOT NULL,
      staff TEXT NOT NULL
    ) STRICT;
    INSERT INTO lead_calls_v8 (id, lead_id, at, outcome, note, staff)
      SELECT id, lead_id, at, outcome, note, staff FROM lead_calls;
    DROP TABLE lead_calls;
    ALTER TABLE lead_calls_v8 RENAME TO lead_calls;
    CREATE INDEX lead_calls_lead ON lead_calls (lead_id, at);
  `,
  postgres: `
    ALTER TABLE lead_calls DROP CONSTRAINT lead_calls_outcome_check;
    ALTER TABLE lead_calls ADD CONSTRAINT lead_calls_outcome_check
      CHECK (outcome IN (${OUTCOMES}));
  `,
};

import type { Migration } from './migration.ts';

/**
 * Migration 12 (ADR 0044): the sales team in the database. `staff_people`: who may sign in, with
 * a role (`responsable` or `commercial`) and whether they are active; `email_key` is the
 * comparable key (records/lead.ts `emailKey`), unique. `team_settings`: one row (id 1), the
 * assignment rule and whether commerciaux see every request (stored here, applied elsewhere).
 */
export const MIGRATION_012: Migration = {
  version: 12,
  name: 'the sales team: people with a role, the team settings',
  sqlite: `
      CREATE TABLE staff_people (
        id TEXT PRIMARY KEY,
        first_name TEXT NOT NULL,
        last_name TEXT NOT NULL,
        email_key TEXT NOT NULL UNIQUE,
        email TEXT NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('responsable', 'commercial')),
        active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
        created_at INTEGER NOT NULL,
        changed_at INTEGER NOT NULL
      ) STRICT;

      CREATE TABLE team_settings (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        assignment_rule TEXT NOT NULL DEFAULT 'chacun_son_tour'
          CHECK (assignment_rule IN ('chacun_son_tour', 'par_departement', 'personne')),
        commerciaux_see_all INTEGER NOT NULL DEFAULT 1 CHECK (commerciaux_see_all IN (0, 1)),
        changed_at INTEGER NOT NULL DEFAULT 0
      ) STRICT;
      INSERT INTO team_settings (id) VALUES (1);
    `,
  postgres: `
      CREATE TABLE staff_people (
        id TEXT PRIMARY KEY,
        first_name TEXT NOT NULL,
        last_name TEXT NOT NULL,
        email_key TEXT NOT NULL UNIQUE,
        email TEXT NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('responsable', 'commercial')),
        active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
        created_at BIGINT NOT NULL,
        changed_at BIGINT NOT NULL
      );

      CREATE TABLE team_settings (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        assignment_rule TEXT NOT NULL DEFAULT 'chacun_son_tour'
          CHECK (assignment_rule IN ('chacun_son_tour', 'par_departement', 'personne')),
        commerciaux_see_all INTEGER NOT NULL DEFAULT 1 CHECK (commerciaux_see_all IN (0, 1)),
        changed_at BIGINT NOT NULL DEFAULT 0
      );
      INSERT INTO team_settings (id) VALUES (1);
    `,
};

/** The sales team's tables (migration 12, ADR 0044), part of the store's `Tables`. */

import type { Generated } from 'kysely';

import type { TeamRole } from '#contracts/staff/statuses.ts';

export type { TeamRole } from '#contracts/staff/statuses.ts';
type AssignmentRule = 'chacun_son_tour' | 'par_departement' | 'personne';

/** One person who may sign in while `active` is 1. */
export interface StaffPeopleTable {
  id: string;
  first_name: string;
  last_name: string;
  /** The comparable key of `email` (records/lead.ts `emailKey`): unique. */
  email_key: string;
  email: string;
  role: TeamRole;
  /** 1 active, 0 deactivated (kept for the audit trail and reactivation). */
  active: number;
  created_at: number;
  changed_at: number;
  /** When the assignment rule last gave them a request (migration 13); 0: never. */
  last_assigned_at: Generated<number>;
  /** An absence, Paris dates `YYYY-MM-DD` both included (migration 13); both null: present. */
  absent_from: Generated<string | null>;
  absent_until: Generated<string | null>;
  /** 1: their morning digest is sent (the default); 0: turned off from the inbox. */
  digest: Generated<number>;
}

/** « Par département »: who covers a département (migration 13). */
interface TeamDepartementsTable {
  /** `01`…`95`, `2A`, `2B`, `971`…`976`. */
  departement: string;
  person_id: string;
}

/** « Marie Dupont appelle… » (migration 13): one per request, erased with it. */
interface LeadCallMarksTable {
  lead_id: string;
  person_id: string;
  started_at: number;
  expires_at: number;
}

/** The team's settings: one row, id 1. */
interface TeamSettingsTable {
  id: number;
  assignment_rule: AssignmentRule;
  /** « Les commerciaux voient toutes les demandes »: 1 (the default) or 0. */
  commerciaux_see_all: number;
  changed_at: number;
}

export interface TeamTables {
  staff_people: StaffPeopleTable;
  team_settings: TeamSettingsTable;
  team_departements: TeamDepartementsTable;
  lead_call_marks: LeadCallMarksTable;
}

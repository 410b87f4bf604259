/** The sales team's tables (migration 12, ADR 0044), part of the store's `Tables`. */

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
}

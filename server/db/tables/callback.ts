import type { Generated } from 'kysely';

/** The call-back clock's tables (migrations 5 and 8), part of the store's `Tables`. */

import type { CallOutcome } from '#contracts/staff/statuses.ts';

export { REACHING_OUTCOMES, type CallOutcome } from '#contracts/staff/statuses.ts';

/** One call made by staff to the person of a lead; erased with the lead. */
export interface LeadCallsTable {
  id: Generated<number>;
  lead_id: string;
  at: number;
  outcome: CallOutcome;
  /** Empty when the staff member wrote none. */
  note: string;
  /** Who called (the staff member's e-mail). */
  staff: string;
}

/**
 * One row per local day and person a digest was decided for (migration 14): its primary key is
 * what makes each person's digest happen once whatever the number of instances. `items` is the JSON list of the lead ids and due
 * times it reports (ids are random; the names are read when the e-mail is sent, so an erased
 * person is not in it). `count` 0: nothing was due, no e-mail.
 */
export interface DigestsTable {
  day: string;
  /** Whose digest (migration 14): a `staff_people` id; '' for the shared ones decided before. */
  person_id: string;
  created_at: number;
  items: string;
  count: number;
  /** A responsable's digest: the JSON list of overdue counts per person (migration 14). */
  team: Generated<string | null>;
}

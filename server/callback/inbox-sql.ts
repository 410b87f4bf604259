import { sql } from 'kysely';

import type { InboxPage, InboxRow, InboxStanding } from '#contracts/staff/contract.ts';
import { REACHING_OUTCOMES } from '#contracts/staff/statuses.ts';

/** The call-back clock's part of the inbox's SQL (server/inbox/store.ts and ./store.ts). */

/** `('joint', 'repondu_email')`: the outcomes that reach the person (constants, no input). */
export const reachingOutcomes = sql.raw(
  `(${REACHING_OUTCOMES.map((outcome) => `'${outcome}'`).join(', ')})`,
);

/**
 * A request still to call back (not yet "called back" in the promise's sense): nobody reached
 * yet (no « Joint », no « Répondu par e-mail »; unanswered attempts keep it listed), and not
 * closed (converted or lost). Written for `leads` joined with `lead_tracking`.
 */
export const notYetCalled = sql`NOT EXISTS (SELECT 1 FROM lead_calls WHERE lead_calls.lead_id = leads.id AND lead_calls.outcome IN ${reachingOutcomes})
  AND coalesce(lead_tracking.status, 'nouveau') IN ('nouveau', 'en_cours')`;

/** What the call-back clock adds to a search: the latest reception time now past due. */
export interface InboxClockFilter {
  overdueReceivedBy?: number;
}

/** The inbox's page as the inbox's store reads it (server/inbox); the clock adds its facts. */
export type StoreInboxPage = Omit<InboxPage, 'rows' | 'now' | 'timeZone' | 'overdue'> & {
  rows: Array<InboxRow & { standing: InboxStanding }>;
};

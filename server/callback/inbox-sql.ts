import { sql } from 'kysely';

import type { InboxPage, InboxRow } from '../../contracts/staff/contract.ts';

/** The call-back clock's part of the inbox's SQL (server/inbox/store.ts and ./store.ts). */

/**
 * A request still to call back: no call recorded, and not closed (converted or lost) without one.
 * Written for `leads` joined with `lead_tracking`.
 */
export const notYetCalled = sql`NOT EXISTS (SELECT 1 FROM lead_calls WHERE lead_calls.lead_id = leads.id)
  AND coalesce(lead_tracking.status, 'nouveau') IN ('nouveau', 'en_cours')`;

/** What the call-back clock adds to a search: the latest reception time now past due. */
export interface InboxClockFilter {
  overdueReceivedBy?: number;
}

/** The inbox's page as the inbox's store reads it (server/inbox); the clock adds its facts. */
export type StoreInboxPage = Omit<InboxPage, 'rows' | 'now' | 'timeZone' | 'overdue'> & {
  rows: InboxRow[];
};

import { sql } from 'kysely';

import { REACHING_OUTCOMES } from '#contracts/staff/statuses.ts';

/**
 * The call-back clock's SQL conditions, for its own store (./store.ts) and the inbox's list
 * (server/inbox/search.ts), which lists and counts requests by the same conditions.
 */

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

/**
 * A bound on due times (ADR 0029): a request is due by it when its stored due time (`due_at`,
 * set for every request stored since migration 10 and moved by the visitor's changes) is before
 * `dueBy` (or at it, `inclusive`), or, for a request stored before (`due_at` NULL), when it was
 * received by `receivedBy`: the latest reception time the promise's rule makes due by `dueBy`
 * (calendar.ts `latestReceivedDueBy`). Both halves use an index (`leads_due_at`, which also
 * finds the NULLs, and `leads_created_at`).
 */
export interface DueBound {
  dueBy: number;
  receivedBy: number;
  inclusive: boolean;
}

export function dueWithin(bound: DueBound) {
  const stored = bound.inclusive
    ? sql`leads.due_at <= ${bound.dueBy}`
    : sql`leads.due_at < ${bound.dueBy}`;
  return sql<boolean>`((leads.due_at IS NULL AND leads.created_at <= ${bound.receivedBy}) OR ${stored})`;
}

/**
 * The order of the requests to call back, soonest due first: the stored due time, else the
 * reception time. Only the requests stored before migration 10 have no `due_at`, and they were
 * all received before any that has one, so their reception times sort them among themselves and
 * before the others (whose due time comes after their reception, itself after theirs).
 */
export const dueOrder = sql`coalesce(leads.due_at, leads.created_at)`;

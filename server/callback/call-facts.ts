import { sql } from 'kysely';

import type { CallRecord, RowClock } from '#contracts/staff/contract.ts';
import { PHONE_OUTCOMES, type LeadStatus } from '#contracts/staff/statuses.ts';
import { dueAt, workingTimeBetween, type CallbackCalendar } from './calendar.ts';

/**
 * What a request's call log says to the call-back clock (ADR 0028): the person is reached by the
 * first « Joint » or « Répondu par e-mail », which stops the clock; the other outcomes are
 * attempts that keep the request to call back; « Numéro erroné » flags it « répondre par
 * e-mail ». Read for a page of the inbox in one grouped query, or from a request's calls.
 */
export interface CallFacts {
  /** The first entry of the log, whatever its outcome. */
  firstCallAt: number | null;
  /** The first « Joint » and the first « Répondu par e-mail ». */
  jointAt: number | null;
  emailAt: number | null;
  /** Phone calls (every outcome but `repondu_email`) and the latest one. */
  attempts: number;
  lastAttemptAt: number | null;
  wrongNumber: boolean;
}

export const NO_CALLS: CallFacts = {
  firstCallAt: null,
  jointAt: null,
  emailAt: null,
  attempts: 0,
  lastAttemptAt: null,
  wrongNumber: false,
};

const phoneOutcomes = sql.raw(`(${PHONE_OUTCOMES.map((outcome) => `'${outcome}'`).join(', ')})`);

const asNumber = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);

/**
 * The grouped query's columns of a request's call facts (CallbackStore `callFacts`, one query
 * for a page of the inbox), grouped by `lead_id`.
 */
export const CALL_FACT_COLUMNS = [
  'lead_id',
  sql<number | string>`min(at)`.as('first_at'),
  sql<number | string | null>`min(CASE WHEN outcome = 'joint' THEN at END)`.as('joint_at'),
  sql<number | string | null>`min(CASE WHEN outcome = 'repondu_email' THEN at END)`.as('email_at'),
  sql<number | string>`count(CASE WHEN outcome IN ${phoneOutcomes} THEN 1 END)`.as('attempts'),
  sql<number | string | null>`max(CASE WHEN outcome IN ${phoneOutcomes} THEN at END)`.as(
    'last_attempt_at',
  ),
  sql<number | string>`count(CASE WHEN outcome = 'numero_errone' THEN 1 END)`.as('wrong'),
] as const;

/** The facts of one row of that query (the engines return counts and bigints as text or numbers). */
export function callFactsOfRow(row: {
  first_at: number | string;
  joint_at: number | string | null;
  email_at: number | string | null;
  attempts: number | string;
  last_attempt_at: number | string | null;
  wrong: number | string;
}): CallFacts {
  return {
    firstCallAt: asNumber(row.first_at),
    jointAt: asNumber(row.joint_at),
    emailAt: asNumber(row.email_at),
    attempts: Number(row.attempts),
    lastAttemptAt: asNumber(row.last_attempt_at),
    wrongNumber: Number(row.wrong) > 0,
  };
}

/** The same facts from one request's calls (its page). */
export function callFactsOf(calls: readonly CallRecord[]): CallFacts {
  const facts = { ...NO_CALLS };
  for (const call of calls) {
    facts.firstCallAt = Math.min(facts.firstCallAt ?? call.at, call.at);
    if (call.outcome === 'joint') facts.jointAt = Math.min(facts.jointAt ?? call.at, call.at);
    if (call.outcome === 'repondu_email') {
      facts.emailAt = Math.min(facts.emailAt ?? call.at, call.at);
      continue;
    }
    facts.attempts += 1;
    facts.lastAttemptAt = Math.max(facts.lastAttemptAt ?? call.at, call.at);
    if (call.outcome === 'numero_errone') facts.wrongNumber = true;
  }
  return facts;
}

/**
 * A request's clock: its due time (the stored one, which follows the visitor's choice; for a
 * request stored before migration 10, the promise's rule from its reception), whether and when
 * it was reached, its attempts.
 */
export function rowClock(
  lead: { createdAt: number; status: LeadStatus; dueAt: number | null },
  facts: CallFacts,
  calendar: CallbackCalendar,
): RowClock {
  const { jointAt, emailAt } = facts;
  const reachedBy =
    jointAt === null && emailAt === null
      ? null
      : emailAt === null || (jointAt !== null && jointAt <= emailAt)
        ? 'joint'
        : 'repondu_email';
  const reachedAt = reachedBy === 'joint' ? jointAt : reachedBy === null ? null : emailAt;
  return {
    dueAt: lead.dueAt ?? dueAt(lead.createdAt, calendar),
    firstCallAt: facts.firstCallAt,
    reachedAt,
    reachedBy,
    reachedAfterMs:
      reachedAt === null ? null : workingTimeBetween(lead.createdAt, reachedAt, calendar),
    attempts: facts.attempts,
    lastAttemptAt: facts.lastAttemptAt,
    wrongNumber: facts.wrongNumber && reachedAt === null,
    closed: lead.status === 'converti' || lead.status === 'perdu',
  };
}

import type { Kysely } from 'kysely';

import { lockStatement } from '#server/db/advisory-locks.ts';
import { inDurableTransaction, type Connection, type Engine } from '#server/db/connection.ts';
import {
  BatchCounters,
  NOTIFICATION_COUNTER,
  SITE_BUDGET_COUNTER,
  windowStart,
} from './counters.ts';
import type { AssignmentBatch, LeadAssigner } from './assignment.ts';
import { BatchLeads } from './batch-leads.ts';
import { GroupCommit } from '#server/db/group-commit.ts';
import { runReads, runWrites } from '#server/db/batch-statements.ts';
import {
  emailKey,
  type Consent,
  type LeadInput,
  type LeadOrigin,
  type NewContact,
  type NewMail,
} from './store.ts';
import type { RatePolicy } from '#server/http/client-budget.ts';
import { BatchRateCounts, type RateBounds } from '#server/http/rate-batch.ts';
import { rateLockName } from '#server/http/rate-hits.ts';
import type { Tables } from '#server/db/schema.ts';

/**
 * One submission inside a (group-commit) transaction: the per-client rate limit, the honeypot,
 * the duplicate rule, the site-wide budget, then the lead with its e-mails, each e-mail either
 * due or withheld with its reason (one confirmation per address per 24 h, notifications per 10
 * minutes with one alert when the window overflows). See docs/decisions/0008-group-commit-and-flood-budgets.md.
 */
export interface FloodPolicy {
  /** Site-wide budget of new requests (every instance together) per window. */
  siteBudget?: { limit: number; windowMs: number };
  /** Individual notifications per window; past it they are withheld and one alert is sent. */
  notifications?: { limit: number; windowMs: number; alertMessageId: string };
  /** The same e-mail, phone and message again within this period: acknowledged, stored once. */
  duplicateWindowMs?: number;
  /** At most one confirmation per address (normalised) within this period. */
  confirmationIntervalMs?: number;
}

export interface SubmissionInput {
  id: string;
  lead: LeadInput;
  consent: Consent;
  /** The visitor's choice of contact; absent: the seed's contract (`non_precise`). */
  contact?: NewContact;
  mails: readonly NewMail[];
  now: number;
  /** Counted (and checked) in the same transaction as the insert. */
  rate?: RatePolicy;
  /** Where the request came from (source page, campaign tags), when known. */
  origin?: LeadOrigin;
  /** False for a honeypot hit: count it against the rate limit, store nothing. */
  store?: boolean;
  /** The flood rules (ADR 0008); none: every e-mail is due, as for seeding. */
  flood?: FloodPolicy;
  /** Set when the CRM webhook is on: the `webhook-id` of the stored request's `lead.created`. */
  webhookId?: string;
  /** Who chooses the request's owner in its transaction (ADR 0045); none: « À attribuer ». */
  assigner?: LeadAssigner;
}

export type SubmitVerdict =
  /**
   * `earlierConfirmation`: its confirmation was withheld because one went to the address within
   * `confirmationIntervalMs` (that e-mail's link opens this request too, ADR 0031).
   */
  | { allowed: true; outcome: 'stored'; earlierConfirmation?: true }
  | { allowed: true; outcome: 'discarded' }
  /** The same request was stored moments ago: acknowledged with its id and reception time. */
  | { allowed: true; outcome: 'duplicate'; id: string; receivedAt: number }
  | { allowed: false; limit: 'client' | 'site'; retryAfterSeconds: number };

/**
 * PostgreSQL: the statement that takes the transaction-scoped advisory locks a batch needs (each
 * client's rate limit, each address's duplicate and confirmation rules), all at once in one
 * order (see `lockStatement`); sent with the batch's `BEGIN`, before any read. Undefined on
 * SQLite, which has a single writer, and when the batch needs none.
 */
export function batchLocks(engine: Engine, inputs: readonly SubmissionInput[]): string | undefined {
  if (engine !== 'postgres') return undefined;
  const names: string[] = [];
  for (const input of inputs) {
    if (input.rate) names.push(rateLockName(input.rate.key));
    if (input.flood) names.push(`lead:${emailKey(input.lead.email)}`);
  }
  // The team's turns: two instances' batches never both read the same counters (ADR 0045).
  const assigner = assignerOf(inputs);
  if (assigner) names.push(assigner.lockName);
  return lockStatement(names);
}

/** The batch's assigner, when one of its submissions may store a request. */
function assignerOf(inputs: readonly SubmissionInput[]): LeadAssigner | undefined {
  return inputs.find((input) => input.assigner && input.store !== false)?.assigner;
}

function secondsUntil(at: number, now: number): number {
  return Math.max(1, Math.ceil((at - now) / 1000));
}

const earliest = (values: readonly number[]) =>
  values.length === 0 ? undefined : Math.min(...values);

/**
 * The group commit of a store's submissions: each batch in one durable transaction, begun with
 * its locks, one batch at a time. On PostgreSQL a second batch in flight was measured (ADR
 * 0025): with a batch down to four round trips it gained nothing on one instance, and two
 * instances, whose batches then wait on each other's counter rows, took 30 % fewer requests.
 */
export function submissionCommits(
  connection: () => Connection,
  bounds?: RateBounds,
): GroupCommit<SubmissionInput, SubmitVerdict> {
  const { engine } = connection();
  return new GroupCommit(
    (inputs) =>
      inDurableTransaction(
        connection(),
        (trx) => submitBatch(trx, engine, inputs, bounds),
        batchLocks(engine, inputs),
      ),
    128,
  );
}

/**
 * Runs one group-commit batch inside its transaction (begun with `batchLocks` held), in a
 * handful of statements whatever its size: the reads of every submission at once (the clients'
 * rate-limit counts, the addresses' recent leads and confirmations, the counter windows: one
 * statement on PostgreSQL, one each on SQLite), then the writes (hits, leads, tracking rows,
 * outbox rows, counters: one statement on PostgreSQL, one per table on SQLite). In between,
 * each submission is decided in memory, in order, exactly as `submitOne` decided it with its
 * own queries: a later request of the batch sees what the earlier ones counted and stored.
 *
 * `bounds`: SQLite's early-check bounds (see `RateBounds`), updated with this batch's counts.
 */
async function submitBatch(
  db: Kysely<Tables>,
  engine: Engine,
  inputs: readonly SubmissionInput[],
  bounds?: RateBounds,
): Promise<SubmitVerdict[]> {
  const batch = {
    rates: new BatchRateCounts({ engine, db }),
    counters: new BatchCounters(),
    leads: new BatchLeads(),
    assignment: assignerOf(inputs)?.batch(),
  };
  const rated = inputs.flatMap((input) =>
    input.rate ? [{ policy: input.rate, now: input.now }] : [],
  );
  const stored = inputs.filter((input) => input.store !== false && input.flood);
  const windowed = (pick: (flood: FloodPolicy) => number | undefined) => {
    const chosen = stored.filter((input) => input.flood && pick(input.flood));
    const since = earliest(chosen.map((input) => input.now - (pick(input.flood ?? {}) ?? 0)));
    return since === undefined
      ? undefined
      : { keys: chosen.map((input) => emailKey(input.lead.email)), since };
  };
  // Every read of the batch in one statement on PostgreSQL (see `runReads`).
  await runReads(db, engine, [
    batch.rates.reads(rated),
    batch.leads.reads(db, {
      duplicates: windowed((flood) => flood.duplicateWindowMs),
      confirmations: windowed((flood) =>
        flood.confirmationIntervalMs ? flood.confirmationIntervalMs : undefined,
      ),
    }),
    batch.counters.reads(db, counterWindows(stored)),
    ...(batch.assignment ? [batch.assignment.reads(db)] : []),
  ]);
  const verdicts: SubmitVerdict[] = [];
  for (const input of inputs) verdicts.push(await submitOne(db, input, batch));
  // Every write of the batch in one statement on PostgreSQL (see `runWrites`).
  await runWrites(db, engine, [
    ...batch.rates.writes(),
    ...batch.leads.writes(db),
    ...batch.counters.writes(db),
    ...(batch.assignment?.writes(db) ?? []),
  ]);
  if (bounds) batch.rates.publish(bounds);
  return verdicts;
}

/** The counter windows the stored submissions may count (site budget, notifications). */
function counterWindows(inputs: readonly SubmissionInput[]) {
  return inputs.flatMap(({ flood, now, mails }) => [
    ...(flood?.siteBudget
      ? [{ name: SITE_BUDGET_COUNTER, start: windowStart(now, flood.siteBudget.windowMs) }]
      : []),
    ...(flood?.notifications && mails.some((mail) => mail.kind === 'notification')
      ? [{ name: NOTIFICATION_COUNTER, start: windowStart(now, flood.notifications.windowMs) }]
      : []),
  ]);
}

interface Batch {
  rates: BatchRateCounts;
  counters: BatchCounters;
  leads: BatchLeads;
  assignment: AssignmentBatch | undefined;
}

/** One submission of `submitBatch`, decided against what the batch read and did so far. */
async function submitOne(
  db: Kysely<Tables>,
  input: SubmissionInput,
  batch: Batch,
): Promise<SubmitVerdict> {
  const { now, flood } = input;
  if (input.rate) {
    const verdict = await batch.rates.check(input.rate, now);
    if (!verdict.allowed) {
      return { allowed: false, limit: 'client', retryAfterSeconds: verdict.retryAfterSeconds };
    }
  }
  const countHit = () => {
    if (input.rate) batch.rates.record(input.rate, now);
  };
  if (input.store === false) {
    countHit();
    return { allowed: true, outcome: 'discarded' };
  }
  const key = emailKey(input.lead.email);
  if (flood?.duplicateWindowMs) {
    const first = batch.leads.duplicateOf(key, input.lead, now - flood.duplicateWindowMs);
    if (first) {
      // It still counts against the client's limit: resending one body is no way around it.
      countHit();
      return { allowed: true, outcome: 'duplicate', id: first.id, receivedAt: first.createdAt };
    }
  }
  if (flood?.siteBudget) {
    const { limit, windowMs } = flood.siteBudget;
    const counted = await batch.counters.increment(db, SITE_BUDGET_COUNTER, now, windowMs, limit);
    if (counted === undefined) {
      const retryAfterSeconds = secondsUntil(windowStart(now, windowMs) + windowMs, now);
      return { allowed: false, limit: 'site', retryAfterSeconds };
    }
  }
  countHit();

  const mails: NewMail[] = [];
  let earlierConfirmation = false;
  for (const mail of input.mails) {
    if (mail.kind === 'notification' && flood?.notifications) {
      const { limit, windowMs, alertMessageId } = flood.notifications;
      const count = (await batch.counters.increment(db, NOTIFICATION_COUNTER, now, windowMs)) ?? 0;
      if (count <= limit) {
        mails.push(mail);
      } else {
        mails.push({ ...mail, withheldReason: 'notification-flood' });
        // The first request past the limit carries the window's one alert.
        if (count === limit + 1) mails.push({ kind: 'alert', messageId: alertMessageId });
      }
    } else if (mail.kind === 'confirmation' && flood?.confirmationIntervalMs) {
      const recent = batch.leads.confirmedSince(key, now - flood.confirmationIntervalMs);
      mails.push(recent ? { ...mail, withheldReason: 'confirmation-recent' } : mail);
      earlierConfirmation ||= recent;
    } else {
      mails.push(mail);
    }
  }
  batch.leads.add(
    input.id,
    input.lead,
    input.consent,
    mails,
    now,
    input.origin,
    input.webhookId,
    input.contact,
    batch.assignment?.assign(input.lead.adresse, now) ?? null,
  );
  return earlierConfirmation
    ? { allowed: true, outcome: 'stored', earlierConfirmation: true }
    : { allowed: true, outcome: 'stored' };
}

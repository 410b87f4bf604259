import { sql, type Kysely } from 'kysely';

import type { Engine } from './connection.ts';
import {
  BatchCounters,
  NOTIFICATION_COUNTER,
  SITE_BUDGET_COUNTER,
  windowStart,
} from './counters.ts';
import {
  emailKey,
  insertLead,
  type Consent,
  type LeadInput,
  type LeadOrigin,
  type NewMail,
} from './leads.ts';
import { preparedQuery } from './prepared.ts';
import { BatchRateCounts, type RateBounds, type RatePolicy } from './rate-hits.ts';
import type { Tables } from './schema.ts';

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
  mails: readonly NewMail[];
  now: number;
  /** Counted (and checked) in the same transaction as the insert. */
  rate?: RatePolicy;
  /** Where the request came from (source page, campaign tags), when known. */
  origin?: LeadOrigin;
  /** False for a honeypot hit: count it against the rate limit, store nothing. */
  store?: boolean;
  /** The flood rules (issue 17); none: every e-mail is due, as for seeding. */
  flood?: FloodPolicy;
}

export type SubmitVerdict =
  | { allowed: true; outcome: 'stored' | 'discarded' }
  /** The same request was stored moments ago: this one is acknowledged with its id. */
  | { allowed: true; outcome: 'duplicate'; id: string }
  | { allowed: false; limit: 'client' | 'site'; retryAfterSeconds: number };

/**
 * PostgreSQL: the transaction-scoped advisory locks a batch needs (each client's rate limit,
 * each address's duplicate and confirmation rules), taken up front in one sorted order, so that
 * two instances' batches never wait on each other in a cycle. SQLite has a single writer.
 */
export async function lockBatch(
  db: Kysely<Tables>,
  engine: Engine,
  inputs: readonly SubmissionInput[],
): Promise<void> {
  if (engine !== 'postgres') return;
  const keys = new Set<string>();
  for (const input of inputs) {
    if (input.rate) keys.add(`rate:${input.rate.key}`);
    if (input.flood) keys.add(`lead:${emailKey(input.lead.email)}`);
  }
  if (keys.size === 0) return;
  await sql`SELECT pg_advisory_xact_lock(h) FROM (
      SELECT DISTINCT hashtextextended(k, 0) AS h FROM unnest(${[...keys]}::text[]) AS k ORDER BY h
    ) AS ordered`.execute(db);
}

function secondsUntil(at: number, now: number): number {
  return Math.max(1, Math.ceil((at - now) / 1000));
}

/**
 * What the submissions of one batch share inside its transaction: the rate-limit counts and the
 * counters, each read once per batch and kept up to date in memory (see `BatchRateCounts`,
 * `BatchCounters`). `finish` writes what is still in memory; run it before the commit.
 */
export class SubmissionBatch {
  readonly rates = new BatchRateCounts();
  readonly counters = new BatchCounters();

  /** `bounds`: SQLite's early-check bounds (see `RateBounds`), updated with this batch's counts. */
  async finish(db: Kysely<Tables>, bounds?: RateBounds): Promise<void> {
    await this.counters.flush(db);
    if (bounds) this.rates.publish(bounds);
  }
}

const firstDuplicate = preparedQuery(
  (db, p: { key: string; telephone: string; message: string; since: number }) =>
    db
      .selectFrom('leads')
      .select('id')
      .where('email_key', '=', p.key)
      .where('telephone', '=', p.telephone)
      .where('message', '=', p.message)
      .where('created_at', '>', p.since)
      .orderBy('created_at')
      .limit(1),
);

const recentConfirmation = preparedQuery((db, p: { key: string; since: number }) =>
  db
    .selectFrom('outbox')
    .innerJoin('leads', 'leads.id', 'outbox.lead_id')
    .select('outbox.id')
    .where('leads.email_key', '=', p.key)
    .where('outbox.kind', '=', 'confirmation')
    .where('outbox.status', '!=', 'withheld')
    .where('outbox.created_at', '>', p.since)
    .limit(1),
);

/** Runs inside the batch's transaction, after `lockBatch`; `batch.finish` before the commit. */
export async function submitOne(
  db: Kysely<Tables>,
  input: SubmissionInput,
  batch: SubmissionBatch,
): Promise<SubmitVerdict> {
  const { now, flood } = input;
  if (input.rate) {
    const verdict = await batch.rates.check(db, input.rate, now);
    if (!verdict.allowed) {
      return { allowed: false, limit: 'client', retryAfterSeconds: verdict.retryAfterSeconds };
    }
  }
  const countHit = async () => {
    if (input.rate) await batch.rates.record(db, input.rate, now);
  };
  if (input.store === false) {
    await countHit();
    return { allowed: true, outcome: 'discarded' };
  }
  const key = emailKey(input.lead.email);
  if (flood?.duplicateWindowMs) {
    const { rows } = await firstDuplicate(db, {
      key,
      telephone: input.lead.telephone,
      message: input.lead.message,
      since: now - flood.duplicateWindowMs,
    });
    const first = rows[0];
    if (first) {
      // It still counts against the client's limit: resending one body is no way around it.
      await countHit();
      return { allowed: true, outcome: 'duplicate', id: first.id };
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
  await countHit();

  const mails: NewMail[] = [];
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
      const { rows } = await recentConfirmation(db, {
        key,
        since: now - flood.confirmationIntervalMs,
      });
      mails.push(rows[0] ? { ...mail, withheldReason: 'confirmation-recent' } : mail);
    } else {
      mails.push(mail);
    }
  }
  await insertLead(db, input.id, input.lead, input.consent, mails, now, input.origin);
  return { allowed: true, outcome: 'stored' };
}

import type { Kysely, Selectable } from 'kysely';

import type { Engine } from '#server/db/connection.ts';
import { claimLeased } from '#server/db/lease-claim.ts';
import type { MailKind, OutboxStatus, OutboxTable, Tables } from '#server/db/schema.ts';

/**
 * The outbox as a queue that several workers share, claimed by a lease (server/db/lease-claim.ts).
 */
export interface OutboxRow {
  id: number;
  /** Null for a digest, which has `digestDay` instead. */
  leadId: string | null;
  digestDay: string | null;
  /** The CRM webhook's alert a `webhook_alert` row sends; null for every other kind. */
  webhookAlertId: number | null;
  kind: MailKind;
  messageId: string;
  status: OutboxStatus;
  attempts: number;
  nextAttemptAt: number;
  createdAt: number;
  sentAt: number | null;
  lastError: string | null;
  claimedUntil: number | null;
}

export interface Backlog {
  pending: number;
  oldestPendingAgeSeconds: number | null;
}

export function toOutbox(row: Selectable<OutboxTable>): OutboxRow {
  return {
    id: row.id,
    leadId: row.lead_id,
    digestDay: row.digest_day,
    webhookAlertId: row.webhook_alert_id === null ? null : Number(row.webhook_alert_id),
    kind: row.kind,
    messageId: row.message_id,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    createdAt: row.created_at,
    sentAt: row.sent_at,
    lastError: row.last_error,
    claimedUntil: row.claimed_until,
  };
}

/** Claims up to `limit` due rows nobody else holds for `token`, until `now + leaseMs`. */
export async function claimDue(
  db: Kysely<Tables>,
  engine: Engine,
  now: number,
  limit: number,
  token: string,
  leaseMs: number,
): Promise<OutboxRow[]> {
  const rows = await claimLeased(
    db,
    engine,
    'outbox',
    { now, limit, token, leaseMs, reclaimOwn: true },
    (due) => due.orderBy('next_attempt_at').orderBy('id'),
  );
  return rows.map(toOutbox).sort((a, b) => a.nextAttemptAt - b.nextAttemptAt || a.id - b.id);
}

/** Gives back rows this worker claimed but will not handle now. */
export async function releaseClaims(
  db: Kysely<Tables>,
  ids: readonly number[],
  token: string,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('outbox')
    .set({ claimed_until: null, claim_token: null })
    .where('id', 'in', ids)
    .where('claim_token', '=', token)
    .execute();
}

/**
 * Records sends the transport accepted (one row or several, at `now`). Whoever holds the claim:
 * the e-mail has left, and the row must never be sent again.
 */
export async function markSent(
  db: Kysely<Tables>,
  ids: number | readonly number[],
  now: number,
): Promise<void> {
  const list = typeof ids === 'number' ? [ids] : ids;
  if (list.length === 0) return;
  await db
    .updateTable('outbox')
    .set((eb) => ({
      status: 'sent',
      sent_at: now,
      last_attempt_at: now,
      attempts: eb('attempts', '+', 1),
      last_error: null,
      claimed_until: null,
      claim_token: null,
    }))
    .where('id', 'in', list)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * Records a failed attempt and gives the claim back: `retry` at a later time, or `failed` for
 * good. Ignored if the claim was lost meanwhile (another worker now holds the row).
 */
async function recordFailedAttempt(
  db: Kysely<Tables>,
  id: number,
  token: string,
  now: number,
  error: string,
  outcome: { retryAt: number } | 'failed',
): Promise<void> {
  await db
    .updateTable('outbox')
    .set((eb) => ({
      ...(outcome === 'failed'
        ? { status: 'failed' as const }
        : { next_attempt_at: outcome.retryAt }),
      last_attempt_at: now,
      attempts: eb('attempts', '+', 1),
      last_error: error,
      claimed_until: null,
      claim_token: null,
    }))
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('claim_token', '=', token)
    .execute();
}

/** A failed attempt to retry at `nextAttemptAt`; ignored if the claim was lost meanwhile. */
export function markRetry(
  db: Kysely<Tables>,
  id: number,
  token: string,
  now: number,
  nextAttemptAt: number,
  error: string,
): Promise<void> {
  return recordFailedAttempt(db, id, token, now, error, { retryAt: nextAttemptAt });
}

/** Gives up on a message; ignored if the claim was lost meanwhile. */
export function markFailed(
  db: Kysely<Tables>,
  id: number,
  token: string,
  now: number,
  error: string,
): Promise<void> {
  return recordFailedAttempt(db, id, token, now, error, 'failed');
}

/** The earliest time a pending message is due (or its claim runs out), if any. */
export async function nextDueAt(db: Kysely<Tables>): Promise<number | undefined> {
  const rows = await db
    .selectFrom('outbox')
    .select(['next_attempt_at', 'claimed_until'])
    .where('status', '=', 'pending')
    .orderBy('next_attempt_at')
    .limit(50)
    .execute();
  let next: number | undefined;
  for (const row of rows) {
    const due = Math.max(row.next_attempt_at, row.claimed_until ?? 0);
    next = next === undefined ? due : Math.min(next, due);
  }
  return next;
}

/**
 * Makes every pending message due now (at startup: a restart often follows a fix). With
 * `releaseClaims` (SQLite, where one process is the only worker) the claims of a process that
 * died are given back at once instead of at the end of their lease.
 */
export async function retryPendingNow(
  db: Kysely<Tables>,
  now: number,
  releaseAllClaims: boolean,
): Promise<number> {
  const due = await db
    .updateTable('outbox')
    .set({ next_attempt_at: now })
    .where('status', '=', 'pending')
    .where('next_attempt_at', '>', now)
    .executeTakeFirst();
  if (releaseAllClaims) {
    await db
      .updateTable('outbox')
      .set({ claimed_until: null, claim_token: null })
      .where('status', '=', 'pending')
      .where('claimed_until', 'is not', null)
      .execute();
  }
  return Number(due.numUpdatedRows);
}

export async function backlog(db: Kysely<Tables>, now: number): Promise<Backlog> {
  const row = await db
    .selectFrom('outbox')
    .select((eb) => [eb.fn.countAll<number>().as('pending'), eb.fn.min('created_at').as('oldest')])
    .where('status', '=', 'pending')
    .executeTakeFirst();
  const pending = Number(row?.pending ?? 0);
  const oldest = row?.oldest ?? null;
  return {
    pending,
    oldestPendingAgeSeconds:
      oldest === null ? null : Math.max(0, Math.round((now - Number(oldest)) / 1000)),
  };
}

/** The e-mails of one lead, oldest first. */
export async function mailFor(db: Kysely<Tables>, leadId: string): Promise<OutboxRow[]> {
  const rows = await db
    .selectFrom('outbox')
    .selectAll()
    .where('lead_id', '=', leadId)
    .orderBy('id')
    .execute();
  return rows.map(toOutbox);
}

/** The kinds a request may have several of, queued one at a time by `queueLeadMail`. */
export type LeadMailKind = 'schedule_update' | 'schedule_cancel' | 'visitor_notice';

/**
 * Queues one e-mail of a request's `kind` (the visitor's changes, issue 37), due at `notBefore`
 * (default `now`), unless one of that kind is still waiting and unclaimed: rendered from the
 * request's state when sent, the waiting one already tells the latest change. True when a row
 * was added. `db` may be a transaction (the change and its e-mail stored together).
 */
export async function queueLeadMail(
  db: Kysely<Tables>,
  mail: { leadId: string; kind: LeadMailKind; messageId: string; now: number; notBefore?: number },
): Promise<boolean> {
  const waiting = await db
    .selectFrom('outbox')
    .select('id')
    .where('lead_id', '=', mail.leadId)
    .where('kind', '=', mail.kind)
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', mail.now)]))
    .executeTakeFirst();
  if (waiting) return false;
  const inserted = await db
    .insertInto('outbox')
    .values({
      lead_id: mail.leadId,
      kind: mail.kind,
      message_id: mail.messageId,
      next_attempt_at: Math.max(mail.now, mail.notBefore ?? mail.now),
      created_at: mail.now,
      last_attempt_at: null,
      sent_at: null,
      last_error: null,
      claimed_until: null,
      claim_token: null,
    })
    .onConflict((conflict) => conflict.column('message_id').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

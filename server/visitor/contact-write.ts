import type { Kysely } from 'kysely';

import { choiceFromColumns } from '#contracts/contact/choice-records.ts';
import type { MailKind } from '#contracts/staff/statuses.ts';
import { inTransaction } from '#server/db/connection.ts';
import type { Database } from '#server/db/database.ts';
import { appendAudit } from '#server/db/records/audit.ts';
import type { Tables } from '#server/db/schema.ts';
import { scopeOf } from '#server/db/scope.ts';
import { LeadRecords } from '#server/leads/index.ts';
import { OutboxQueue } from '#server/outbox/index.ts';
import { WebhookQueue } from '#server/webhooks/index.ts';
import { CHANGE_WINDOW_MS, MAX_CHANGES_PER_DAY } from './change-bound.ts';
import {
  CHANGE_ACTIONS,
  CLOSED_STATUSES,
  type CurrentContact,
  type Decision,
} from './change-rules.ts';

/** Who the audit trail names for the visitor's own acts. */
export const VISITOR_ACTOR = 'demandeur';

/** At most one notice to staff per request per hour. */
export const NOTICE_INTERVAL_MS = 60 * 60 * 1000;

/** A visitor's change of contact: `decide` sees the request as its transaction locked it. */
export interface ContactChange {
  leadId: string;
  now: number;
  decide: (current: CurrentContact) => Decision;
  /** `<leadId>.<kind>.<n>@<domain>`: n is the new SEQUENCE. */
  messageId: (kind: MailKind, sequence: number) => string;
}

export type ChangeResult =
  | { status: 'changed' | 'unchanged' | 'closed' | 'withdrawn' | 'gone' }
  /** Past MAX_CHANGES_PER_DAY: when the oldest counted change leaves the window. */
  | { status: 'limited'; retryAfterMs: number };

/**
 * One visitor change, in one transaction (ADR 0030): the request's row locked first (PostgreSQL
 * `FOR UPDATE`; SQLite's `BEGIN IMMEDIATE` holds the one writer), its state read under that
 * lock, the act decided on it (`decideChange`), the day's bound counted from the audit trail,
 * then the leads store's one conditional UPDATE (`LeadRecords.changeContact`, on this
 * transaction) whose WHERE repeats the rule (a slot change only while the phone consent stands
 * and the request is open; the withdrawal cleared only by the new consent), then
 * its audit entry, CRM event, the visitor's one e-mail and the staff's notice. Staff's status
 * changes take the same row lock, so a close and a change of one request take turns.
 */
export function writeContactChange(database: Database, change: ContactChange) {
  return inTransaction(database, async (trx): Promise<ChangeResult> => {
    const { leadId, now } = change;
    const current = await lockedContact(trx, database.engine, leadId);
    if (!current) return { status: 'gone' };
    const decision = change.decide(current);
    if (decision.verdict !== 'write') return { status: decision.verdict };
    const { write } = decision;
    if (write.bounded) {
      const retryAfterMs = await pastDailyBound(trx, leadId, now);
      if (retryAfterMs !== undefined) return { status: 'limited', retryAfterMs };
    }
    const leads = new LeadRecords(scopeOf(database, trx));
    const updated = await leads.changeContact(leadId, now, write, CLOSED_STATUSES);
    if (!updated) return { status: 'closed' };
    const sequence = updated.contact_sequence;
    await appendAudit(trx, {
      at: now,
      actor: VISITOR_ACTOR,
      action: write.action,
      leadId,
      // A new consent names the version of the wording agreed to (the wording is stored with
      // the request and kept, by version, in contracts/contact/phone-consent.ts).
      detail:
        write.action === 'visitor_allow_calls'
          ? `${sequence} ${write.contact.version}`
          : `${sequence}`,
    });
    if (database.webhookEvents) {
      await new WebhookQueue(scopeOf(database, trx)).contactChanged({
        leadId,
        choice: write.contact.choice,
        dueAt: write.contact.dueAt,
        phoneWithdrawnAt: updated.phone_withdrawn_at,
        now,
      });
    }
    const outbox = new OutboxQueue(scopeOf(database, trx));
    if (write.visitorMail) {
      const messageId = change.messageId(write.visitorMail, sequence);
      await outbox.queueMail({ leadId, kind: write.visitorMail, messageId, now });
    }
    await queueNotice(trx, outbox, leadId, change.messageId('visitor_notice', sequence), now);
    return { status: 'changed' };
  });
}

async function lockedContact(
  trx: Kysely<Tables>,
  engine: Database['engine'],
  leadId: string,
): Promise<CurrentContact | undefined> {
  const query = trx
    .selectFrom('leads')
    .select(['contact_channel', 'contact_days', 'contact_slots', 'phone_withdrawn_at'])
    .where('id', '=', leadId);
  const row = await (engine === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  if (!row) return undefined;
  // Read after the lock, in a statement of its own: on PostgreSQL (READ COMMITTED) it sees a
  // status change committed while this transaction waited for the row.
  const tracking = await trx
    .selectFrom('lead_tracking')
    .select('status')
    .where('lead_id', '=', leadId)
    .executeTakeFirst();
  return {
    choice: choiceFromColumns(row.contact_channel, row.contact_days, row.contact_slots),
    phoneWithdrawnAt: row.phone_withdrawn_at,
    open: !CLOSED_STATUSES.includes(tracking?.status ?? 'nouveau'),
  };
}

/** Undefined within the bound; past it, the milliseconds until one more change is allowed. */
async function pastDailyBound(
  trx: Kysely<Tables>,
  leadId: string,
  now: number,
): Promise<number | undefined> {
  const recent = await trx
    .selectFrom('staff_audit')
    .select('at')
    .where('lead_id', '=', leadId)
    .where('actor', '=', VISITOR_ACTOR)
    .where('action', 'in', CHANGE_ACTIONS)
    .where('at', '>', now - CHANGE_WINDOW_MS)
    .orderBy('at', 'desc')
    .limit(MAX_CHANGES_PER_DAY)
    .execute();
  const oldest = recent[MAX_CHANGES_PER_DAY - 1];
  return oldest === undefined ? undefined : Math.max(1, Number(oldest.at) + CHANGE_WINDOW_MS - now);
}

/**
 * The staff's notice of a visitor's change, at most one per request per hour: while one is
 * pending, nothing (it is rendered when sent, from the request as it then is); after one was
 * sent (or given up), the next is queued not before an hour after it.
 */
async function queueNotice(
  trx: Kysely<Tables>,
  outbox: OutboxQueue,
  leadId: string,
  messageId: string,
  now: number,
): Promise<void> {
  const last = await trx
    .selectFrom('outbox')
    .select(['status', 'created_at', 'sent_at', 'last_attempt_at'])
    .where('lead_id', '=', leadId)
    .where('kind', '=', 'visitor_notice')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (last?.status === 'pending') return;
  const notBefore = last
    ? Math.max(now, (last.sent_at ?? last.last_attempt_at ?? last.created_at) + NOTICE_INTERVAL_MS)
    : now;
  await outbox.queueMail({ leadId, kind: 'visitor_notice', messageId, now, notBefore });
}

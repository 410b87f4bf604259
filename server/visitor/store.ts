import type { Kysely } from 'kysely';

import { type ContactChoice } from '#contracts/contact/contact-choice.ts';
import { choiceFromColumns } from '#contracts/contact/choice-records.ts';
import {
  type CallOutcome,
  type LeadStatus,
  type MailKind,
  REACHING_OUTCOMES,
} from '#contracts/staff/statuses.ts';
import { inTransaction } from '#server/db/connection.ts';
import type { Database } from '#server/db/database.ts';
import { appendAudit } from '#server/db/records/audit.ts';
import { contactColumns, type NewContact } from '#server/db/records/lead.ts';
import type { Tables } from '#server/db/schema.ts';
import { queueContactChanged } from '#server/webhooks/index.ts';

/** Who the audit trail names for the visitor's own acts. */
export const VISITOR_ACTOR = 'demandeur';

/** At most one notice to staff per request per hour. */
export const NOTICE_INTERVAL_MS = 60 * 60 * 1000;

/** What the visitor page reads of a request: no free text the visitor typed. */
export interface VisitorRecord {
  id: string;
  createdAt: number;
  product: string;
  status: LeadStatus;
  choice: ContactChoice;
  phoneWithdrawnAt: number | null;
  /** The first call or written answer that reached the person, if any. */
  reached: { outcome: CallOutcome; at: number } | undefined;
}

/** The visitor's change of contact, written in one transaction. */
export interface ContactChange {
  leadId: string;
  now: number;
  contact: NewContact & { dueAt: number };
  action: 'visitor_slots' | 'visitor_stop_calls';
  /** The e-mail to the visitor (`schedule_update`, `schedule_cancel`), if any. */
  visitorMail: 'schedule_update' | 'schedule_cancel' | undefined;
  /** `<leadId>.<kind>.<n>@<domain>`: n is the new SEQUENCE. */
  messageId: (kind: MailKind, sequence: number) => string;
}

/**
 * The visitor page's reads and writes (issue 37, ADR 0029): one request by id, the visitor's
 * change of slots or withdrawal of the phone consent (with its audit entry, CRM event and
 * e-mails, in one transaction). The visitor's erasure is staff's (server/retention, ADR 0031).
 */
export class VisitorStore {
  readonly #database: Database;

  constructor(database: Database) {
    this.#database = database;
  }

  async record(leadId: string): Promise<VisitorRecord | undefined> {
    const db = this.#database.db;
    const row = await db
      .selectFrom('leads')
      .leftJoin('lead_tracking', 'lead_tracking.lead_id', 'leads.id')
      .select([
        'leads.id',
        'leads.created_at',
        'leads.produit',
        'leads.contact_channel',
        'leads.contact_days',
        'leads.contact_slots',
        'leads.phone_withdrawn_at',
        'lead_tracking.status',
      ])
      .where('leads.id', '=', leadId)
      .executeTakeFirst();
    if (!row) return undefined;
    const reached = await db
      .selectFrom('lead_calls')
      .select(['outcome', 'at'])
      .where('lead_id', '=', leadId)
      .where('outcome', 'in', [...REACHING_OUTCOMES])
      .orderBy('at', 'asc')
      .orderBy('id', 'asc')
      .executeTakeFirst();
    return {
      id: row.id,
      createdAt: row.created_at,
      product: row.produit,
      status: row.status ?? 'nouveau',
      choice: choiceFromColumns(row.contact_channel, row.contact_days, row.contact_slots),
      phoneWithdrawnAt: row.phone_withdrawn_at,
      reached,
    };
  }

  /**
   * Writes the visitor's new choice (sequence + 1, `contact_changed_at`, the new wording and due
   * time; with `visitor_stop_calls`, `phone_withdrawn_at`), its audit entry, the CRM's
   * `lead.contact_changed` (when the webhook is on), the visitor's e-mail and the staff's notice
   * (hourly rule: `queueNotice`), all in one transaction. False when the request is gone.
   */
  async changeContact(change: ContactChange): Promise<boolean> {
    const webhooks = this.#database.webhookEvents;
    return inTransaction(this.#database, async (trx) => {
      const { leadId, now } = change;
      // First: on PostgreSQL the row's lock orders two changes of one request.
      const updated = await trx
        .updateTable('leads')
        .set((eb) => ({
          ...contactColumns(change.contact, now),
          contact_changed_at: now,
          contact_sequence: eb('contact_sequence', '+', 1),
          ...(change.action === 'visitor_stop_calls' ? { phone_withdrawn_at: now } : {}),
        }))
        .where('id', '=', leadId)
        .returning(['contact_sequence', 'phone_withdrawn_at'])
        .executeTakeFirst();
      if (!updated) return false;
      const sequence = updated.contact_sequence;
      await appendAudit(trx, {
        at: now,
        actor: VISITOR_ACTOR,
        action: change.action,
        leadId,
        detail: `${sequence}`,
      });
      if (webhooks) {
        await queueContactChanged(trx, {
          leadId,
          choice: change.contact.choice,
          dueAt: change.contact.dueAt,
          phoneWithdrawnAt: updated.phone_withdrawn_at,
          now,
        });
      }
      if (change.visitorMail) {
        await queueMail(trx, leadId, change.visitorMail, change.messageId, sequence, now);
      }
      await queueNotice(trx, leadId, change.messageId('visitor_notice', sequence), now);
      return true;
    });
  }
}

async function queueMail(
  trx: Kysely<Tables>,
  leadId: string,
  kind: MailKind,
  messageId: ContactChange['messageId'],
  sequence: number,
  now: number,
  notBefore = now,
): Promise<void> {
  await trx
    .insertInto('outbox')
    .values({
      lead_id: leadId,
      kind,
      message_id: messageId(kind, sequence),
      next_attempt_at: notBefore,
      created_at: now,
      last_attempt_at: null,
      sent_at: null,
      last_error: null,
      claimed_until: null,
      claim_token: null,
    })
    .execute();
}

/**
 * The staff's notice of a visitor's change, at most one per request per hour: while one is
 * pending, nothing (it is rendered when sent, from the request as it then is); after one was
 * sent (or given up), the next is queued not before an hour after it.
 */
async function queueNotice(
  trx: Kysely<Tables>,
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
  await queueMail(trx, leadId, 'visitor_notice', () => messageId, 0, now, notBefore);
}

import { type Kysely, sql } from 'kysely';

import type {
  LeadStatus,
  MailKind,
  OutboxStatus,
  Tables,
  WithheldReason,
} from '#server/db/schema.ts';
import {
  contactColumns,
  emailKey,
  toLead,
  type Lead,
  type NewContact,
} from '#server/db/records/lead.ts';
import type { DbScope } from '#server/db/scope.ts';

/** The leads and their consent: read, list, change the contact, erase and retention. */

export {
  emailKey,
  getLead,
  getLeads,
  type Consent,
  type Lead,
  type LeadInput,
  type NewContact,
} from '#server/db/records/lead.ts';

export interface LeadWithDelivery extends Lead {
  delivery: Array<{
    kind: MailKind;
    status: OutboxStatus;
    attempts: number;
    sentAt: number | null;
    /** Why it was not sent on purpose (status `withheld`); null otherwise. */
    withheldReason: WithheldReason | null;
  }>;
}

export interface NewMail {
  kind: MailKind;
  messageId: string;
  /** Set: stored as `withheld` with this reason, never sent. */
  withheldReason?: WithheldReason;
}

/** Where a request came from (optional, validated and bounded by the contract). */
export interface LeadOrigin {
  sourcePage?: string;
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
}

export const RETENTION_MS = 3 * 365.25 * 24 * 60 * 60 * 1000;

/** One e-mail's delivery state, as the CLI and the staff inbox show it. */
export type MailDelivery = LeadWithDelivery['delivery'][number];

/** An outbox row's delivery state. */
export function toDelivery(mail: {
  kind: MailKind;
  status: OutboxStatus;
  attempts: number;
  sent_at: number | null;
  withheld_reason: WithheldReason | null;
}): MailDelivery {
  return {
    kind: mail.kind,
    status: mail.status,
    attempts: mail.attempts,
    sentAt: mail.sent_at,
    withheldReason: mail.withheld_reason,
  };
}

/** The visitor's acts that change a request's contact, as the audit trail names them. */
type ContactChangeAction = 'visitor_slots' | 'visitor_stop_calls' | 'visitor_allow_calls';

/** A visitor's change of a request's contact (ADR 0030), as `LeadRecords.changeContact` writes it. */
export interface ContactUpdate {
  action: ContactChangeAction;
  contact: NewContact & { dueAt: number };
  withdrawal: 'set' | 'clear' | 'keep';
}

/**
 * The `leads` rows, on the database or inside a transaction opened elsewhere (built on
 * `scopeOf(database, trx)`): the e-mails' delivery, the list, a person's key, the visitor's
 * change of contact, erasure and the retention purge. Submissions are written by `LeadStore`.
 */
export class LeadRecords {
  readonly #db: Kysely<Tables>;

  /** Only the handle is used: the inbox's search, which has no scope, builds it on `{ db }`. */
  constructor(scope: Pick<DbScope, 'db'>) {
    this.#db = scope.db;
  }

  /** The delivery state of each lead's e-mails, in the order they were queued: of `leadIds`, or of every lead. */
  async deliveryByLead(leadIds?: readonly string[]): Promise<Map<string, MailDelivery[]>> {
    const byLead = new Map<string, MailDelivery[]>();
    if (leadIds?.length === 0) return byLead;
    let query = this.#db
      .selectFrom('outbox')
      .select(['lead_id', 'kind', 'status', 'attempts', 'sent_at', 'withheld_reason'])
      .orderBy('id');
    if (leadIds) query = query.where('lead_id', 'in', leadIds);
    for (const mail of await query.execute()) {
      // A digest belongs to no lead.
      if (mail.lead_id === null) continue;
      const list = byLead.get(mail.lead_id) ?? [];
      list.push(toDelivery(mail));
      byLead.set(mail.lead_id, list);
    }
    return byLead;
  }

  /** Every lead, newest first, with the delivery status of its e-mails. */
  async list(): Promise<LeadWithDelivery[]> {
    const leads = await this.#db
      .selectFrom('leads')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const byLead = await this.deliveryByLead();
    return leads.map((row) => ({ ...toLead(row), delivery: byLead.get(row.id) ?? [] }));
  }

  /** The e-mail key of a lead (the person's key for erasure); undefined when it is gone. */
  async emailKeyOf(leadId: string): Promise<string | undefined> {
    const row = await this.#db
      .selectFrom('leads')
      .select('email_key')
      .where('id', '=', leadId)
      .executeTakeFirst();
    return row?.email_key;
  }

  /**
   * The visitor's change of contact, in the caller's transaction, after it locked the row and
   * read it (ADR 0030): one UPDATE conditioned on the rule it applies (a slot change only while
   * the phone consent stands and the request is not in a `closed` status; the withdrawal
   * cleared only by the new consent), so that it cannot apply once the rule fails. Undefined
   * when it did not apply; else the new contact sequence and withdrawal.
   */
  changeContact(leadId: string, now: number, update: ContactUpdate, closed: readonly LeadStatus[]) {
    const open = sql<boolean>`not exists (select 1 from lead_tracking where lead_tracking.lead_id = leads.id and lead_tracking.status in (${sql.join(closed)}))`;
    return this.#db
      .updateTable('leads')
      .set((eb) => ({
        ...contactColumns(update.contact, now),
        contact_changed_at: now,
        contact_sequence: eb('contact_sequence', '+', 1),
        ...(update.withdrawal === 'set' ? { phone_withdrawn_at: now } : {}),
        ...(update.withdrawal === 'clear' ? { phone_withdrawn_at: null } : {}),
      }))
      .where('id', '=', leadId)
      .where((eb) => {
        switch (update.action) {
          case 'visitor_slots':
            return eb.and([
              eb('phone_withdrawn_at', 'is', null),
              eb('contact_channel', '!=', 'email'),
              open,
            ]);
          case 'visitor_stop_calls':
            return eb('contact_channel', '!=', 'email');
          case 'visitor_allow_calls':
            return eb.and([
              eb.or([
                eb('phone_withdrawn_at', 'is not', null),
                eb('contact_channel', '=', 'email'),
              ]),
              open,
            ]);
        }
      })
      .returning(['contact_sequence', 'phone_withdrawn_at'])
      .executeTakeFirst();
  }

  /** Erases every lead of one person (and, by cascade, its e-mails). Returns the erased ids. */
  async forgetPerson(email: string): Promise<string[]> {
    const rows = await this.#db
      .deleteFrom('leads')
      .where('email_key', '=', emailKey(email))
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  }

  /**
   * Deletes the people whose last contact is older than the retention period (3 years, as the
   * privacy policy says). Idempotent: every instance may run it at any time.
   */
  async purge(now: number): Promise<string[]> {
    const cutoff = now - RETENTION_MS;
    const rows = await this.#db
      .deleteFrom('leads')
      .where('email_key', 'in', (eb) =>
        eb
          .selectFrom('leads')
          .select('email_key')
          .groupBy('email_key')
          .having((having) => having.fn.max('created_at'), '<', cutoff),
      )
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  }
}

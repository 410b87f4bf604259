import { type ContactChoice } from '#contracts/contact/contact-choice.ts';
import { choiceFromColumns } from '#contracts/contact/choice-records.ts';
import { type CallOutcome, type LeadStatus, REACHING_OUTCOMES } from '#contracts/staff/statuses.ts';
import type { Database } from '#server/db/database.ts';
import { type ChangeResult, type ContactChange, writeContactChange } from './contact-write.ts';

export { NOTICE_INTERVAL_MS, VISITOR_ACTOR } from './contact-write.ts';

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

/**
 * The visitor page's reads and writes (ADR 0029): one request by id, the visitor's
 * change of slots, withdrawal or new giving of the phone consent (with its audit entry, CRM
 * event and e-mails, in one transaction on the locked row, ADR 0030). The visitor's erasure is
 * staff's (server/retention, ADR 0031).
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
   * The visitor's change of contact, checked and written in one transaction on the request's
   * locked row (contact-write.ts, ADR 0030).
   */
  changeContact(change: ContactChange): Promise<ChangeResult> {
    return writeContactChange(this.#database, change);
  }
}

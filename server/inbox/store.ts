import {
  personName,
  type Counters,
  type InboxFilter,
  type LeadDetail,
  type LeadOwner,
} from '#contracts/staff/contract.ts';
import { inTransaction } from '#server/db/connection.ts';
import type { Database } from '#server/db/database.ts';
import { appendAudit } from '#server/db/records/audit.ts';
import { lockLead, toLead } from '#server/db/records/lead.ts';
import { scopeOf } from '#server/db/scope.ts';
import type { LeadStatus } from '#server/db/schema.ts';
import { LeadRecords, LeadStatuses, toDelivery } from '#server/leads/index.ts';
import { OutboxQueue } from '#server/outbox/index.ts';
import { takableBy, type LeadViewer } from '#server/team/index.ts';
import { InboxSearch, toRow, type InboxClockFilter, type StoreInboxPage } from './search.ts';

/**
 * The staff inbox's store: the list and the counters (InboxSearch, ./search.ts), a request's
 * page, its status and notes, "retry now" and the export's audit entry. Every write carries its
 * audit entry in its own transaction. Sign-in tokens and sessions: server/staff/store.ts.
 */
export class InboxStore {
  readonly #database: Database;
  readonly #search: InboxSearch;

  constructor(database: Database) {
    this.#database = database;
    this.#search = new InboxSearch(database);
  }

  searchInbox(
    filter: InboxFilter,
    pageSize?: number,
    clock?: InboxClockFilter,
    viewer?: LeadViewer,
  ): Promise<StoreInboxPage> {
    return this.#search.search(filter, pageSize, clock, viewer);
  }

  /** The team's active people as the staff pages name them, by name (ADR 0046). */
  async people(): Promise<LeadOwner[]> {
    const rows = await this.#database.db
      .selectFrom('staff_people')
      .select(['id', 'first_name', 'last_name', 'email'])
      .where('active', '=', 1)
      .execute();
    return rows
      .map((row) => ({
        id: row.id,
        name: personName({ firstName: row.first_name, lastName: row.last_name, email: row.email }),
      }))
      .sort((a, b) => a.name.localeCompare(b.name, 'fr'));
  }

  counters(now: number): Promise<Pick<Counters, 'windows'>> {
    return this.#search.counters(now);
  }

  /**
   * A request's page as stored: the request, its owner, its e-mails, notes, audit trail and the
   * related ones the viewer may see (ADR 0046).
   */
  async leadDetail(id: string, viewer?: LeadViewer): Promise<LeadDetail | undefined> {
    const row = await this.#database.db
      .selectFrom('leads')
      .leftJoin('lead_tracking', 'lead_tracking.lead_id', 'leads.id')
      .leftJoin('staff_people as owner', 'owner.id', 'leads.owner_id')
      .selectAll('leads')
      .select([
        'owner.first_name as owner_first_name',
        'owner.last_name as owner_last_name',
        'owner.email as owner_email',
        'lead_tracking.status',
        'lead_tracking.source_page',
        'lead_tracking.utm_source',
        'lead_tracking.utm_medium',
        'lead_tracking.utm_campaign',
      ])
      .where('leads.id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    const mails = await this.#mailsOf(id);
    // The consent and the contact choice, read as every stored request is (records/lead.ts).
    const { consent, contact } = toLead(row);
    const { sequence: _sequence, ...contactFacts } = contact;
    return {
      ...toRow(
        { ...row, status: row.status, source_page: row.source_page },
        mails.map(toDelivery),
        viewer,
      ),
      adresse: row.adresse,
      message: row.message,
      consent,
      contact: contactFacts,
      campaign: { source: row.utm_source, medium: row.utm_medium, campaign: row.utm_campaign },
      related: await this.#related(id, row, viewer),
      mails: mails.map((mail) => ({
        kind: mail.kind,
        status: mail.status,
        attempts: mail.attempts,
        withheldReason: mail.withheld_reason,
        sentAt: mail.sent_at,
        lastAttemptAt: mail.last_attempt_at,
        lastError: mail.last_error,
        nextAttemptAt: mail.next_attempt_at,
      })),
      ...(await this.#notesAndAudit(id)),
    };
  }

  /** The other requests of the same person (same e-mail, or same phone number), newest first. */
  async #related(
    id: string,
    person: { email_key: string; phone_key: string },
    viewer?: LeadViewer,
  ): Promise<LeadDetail['related']> {
    let query = this.#database.db
      .selectFrom('leads')
      .leftJoin('lead_tracking', 'lead_tracking.lead_id', 'leads.id')
      .select(['leads.id', 'leads.created_at', 'leads.produit', 'lead_tracking.status'])
      .where('leads.id', '!=', id)
      .where((eb) =>
        eb.or([
          eb('leads.email_key', '=', person.email_key),
          // The same number whatever its format (`leads_phone_key`); a stub of one links nobody.
          ...(person.phone_key.replace(/\D/g, '').length >= 6
            ? [eb('leads.phone_key', '=', person.phone_key)]
            : []),
        ]),
      )
      .orderBy('leads.created_at', 'desc')
      .limit(50);
    if (viewer?.restricted) query = query.where(takableBy(viewer));
    const rows = await query.execute();
    return rows.map((other) => ({
      id: other.id,
      createdAt: other.created_at,
      produit: other.produit,
      status: other.status ?? 'nouveau',
    }));
  }

  #mailsOf(id: string) {
    return this.#database.db
      .selectFrom('outbox')
      .selectAll()
      .where('lead_id', '=', id)
      .orderBy('id')
      .execute();
  }

  async #notesAndAudit(id: string): Promise<Pick<LeadDetail, 'notes' | 'audit'>> {
    const { db } = this.#database;
    const notes = await db
      .selectFrom('lead_notes')
      .select(['at', 'author', 'text'])
      .where('lead_id', '=', id)
      .orderBy('at')
      .orderBy('id')
      .execute();
    const audit = await db
      .selectFrom('staff_audit')
      .select(['at', 'actor', 'action', 'detail'])
      .where('lead_id', '=', id)
      .orderBy('at')
      .orderBy('id')
      .execute();
    return { notes, audit };
  }

  /** Status change and note with their audit entries, in one transaction. */
  changeStatus(change: {
    leadId: string;
    status: LeadStatus;
    note?: string;
    actor: string;
    now: number;
  }): Promise<boolean> {
    const webhooks = this.#database.webhookEvents;
    return inTransaction(this.#database, async (trx) => {
      // Turns with the visitor's changes of this request (ADR 0030): a close is never overtaken.
      await lockLead(trx, this.#database.engine, change.leadId);
      return new LeadStatuses(scopeOf(this.#database, trx)).change({ ...change, webhooks });
    });
  }

  /**
   * Makes the lead's failed or waiting e-mails due now and records it, in one transaction;
   * returns how many, undefined when the request is gone.
   */
  async retryMailNow(leadId: string, actor: string, now: number): Promise<number | undefined> {
    return inTransaction(this.#database, async (trx) => {
      const leads = new LeadRecords(scopeOf(this.#database, trx));
      if ((await leads.emailKeyOf(leadId)) === undefined) return undefined;
      const count = await new OutboxQueue(scopeOf(this.#database, trx)).retryNow(leadId, now);
      await appendAudit(trx, { at: now, actor, action: 'retry', leadId, detail: `${count}` });
      return count;
    });
  }

  /** Records who exported how many requests (an export takes personal data out). */
  recordExport(actor: string, count: number, now: number): Promise<void> {
    return appendAudit(this.#database.db, {
      at: now,
      actor,
      action: 'export',
      leadId: null,
      detail: `${count}`,
    });
  }
}

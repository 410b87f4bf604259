import { sql, type Kysely } from 'kysely';

import type { CallRecord } from '../../contracts/staff/contract.ts';
import { inTransaction, type Connection } from '../db/connection.ts';
import { toOutbox, type OutboxRow } from '../outbox/queue.ts';
import type { Tables } from '../db/schema.ts';
import { appendAudit, changeStatus, leadStatus } from '../inbox/store.ts';
import { notYetCalled } from './inbox-sql.ts';
import type { CallOutcome } from '../db/tables/callback.ts';

/**
 * The call-back clock's reads and writes: the call log, the requests still to call back, the
 * first calls for the counters and the daily digest's claim. Nothing here knows the calendar:
 * callers pass reception-time bounds computed by server/callback/calendar.ts.
 */
export interface UncalledLead {
  id: string;
  createdAt: number;
  prenom: string;
  produit: string;
}

export interface DigestItem {
  id: string;
  dueAt: number;
}

export class CallbackStore {
  readonly #connection: Connection;
  /** The CRM webhook is on: a call's status change queues its event (issue 26). */
  readonly #webhooks: boolean;

  constructor(connection: Connection, options: { webhooks?: boolean } = {}) {
    this.#connection = connection;
    this.#webhooks = options.webhooks ?? false;
  }

  get #db(): Kysely<Tables> {
    return this.#connection.db;
  }

  /**
   * Records a call with its audit entry; the first one moves a `nouveau` request to `en_cours`
   * (audited as a status change). False when the lead does not exist.
   */
  recordCall(call: {
    leadId: string;
    outcome: CallOutcome;
    note: string;
    staff: string;
    now: number;
  }): Promise<boolean> {
    return inTransaction(this.#connection, async (trx) => {
      const status = await leadStatus(trx, call.leadId);
      if (status === undefined) return false;
      const earlier = await trx
        .selectFrom('lead_calls')
        .select('id')
        .where('lead_id', '=', call.leadId)
        .limit(1)
        .executeTakeFirst();
      await trx
        .insertInto('lead_calls')
        .values({
          lead_id: call.leadId,
          at: call.now,
          outcome: call.outcome,
          note: call.note,
          staff: call.staff,
        })
        .execute();
      await appendAudit(trx, {
        at: call.now,
        actor: call.staff,
        action: 'call',
        leadId: call.leadId,
        detail: call.outcome,
      });
      if (!earlier && status === 'nouveau') {
        await changeStatus(trx, {
          leadId: call.leadId,
          status: 'en_cours',
          actor: call.staff,
          now: call.now,
          webhooks: this.#webhooks,
        });
      }
      return true;
    });
  }

  /** The calls of one request, oldest first. */
  async callsOf(leadId: string): Promise<CallRecord[]> {
    return this.#db
      .selectFrom('lead_calls')
      .select(['at', 'outcome', 'note', 'staff'])
      .where('lead_id', '=', leadId)
      .orderBy('at')
      .orderBy('id')
      .execute();
  }

  /**
   * The calls of each of these requests, oldest first (absent: never called): the CSV export's.
   * By slices of 500 ids, under every engine's limit on bound parameters.
   */
  async callsOfLeads(leadIds: readonly string[]): Promise<Map<string, CallRecord[]>> {
    const result = new Map<string, CallRecord[]>();
    for (let start = 0; start < leadIds.length; start += 500) {
      const rows = await this.#db
        .selectFrom('lead_calls')
        .select(['lead_id', 'at', 'outcome', 'note', 'staff'])
        .where('lead_id', 'in', leadIds.slice(start, start + 500))
        .orderBy('at')
        .orderBy('id')
        .execute();
      for (const { lead_id: leadId, ...call } of rows) {
        const calls = result.get(leadId) ?? [];
        calls.push({ ...call, at: Number(call.at) });
        result.set(leadId, calls);
      }
    }
    return result;
  }

  /** The first call and the number of calls of each of these requests (absent: never called). */
  async firstCalls(
    leadIds: readonly string[],
  ): Promise<Map<string, { at: number; count: number }>> {
    const result = new Map<string, { at: number; count: number }>();
    if (leadIds.length === 0) return result;
    const rows = await this.#db
      .selectFrom('lead_calls')
      .select((eb) => [
        'lead_id',
        eb.fn.min('at').as('first'),
        eb.fn.countAll<number>().as('count'),
      ])
      .where('lead_id', 'in', leadIds)
      .groupBy('lead_id')
      .execute();
    for (const row of rows) {
      result.set(row.lead_id, { at: Number(row.first), count: Number(row.count) });
    }
    return result;
  }

  /** The requests still to call back received at or before `receivedBy`, oldest first. */
  async uncalledReceivedBy(receivedBy: number): Promise<UncalledLead[]> {
    const rows = await this.#db
      .selectFrom('leads')
      .leftJoin('lead_tracking', 'lead_tracking.lead_id', 'leads.id')
      .select(['leads.id', 'leads.created_at', 'leads.prenom', 'leads.produit'])
      .where(sql<boolean>`${notYetCalled}`)
      .where('leads.created_at', '<=', receivedBy)
      .orderBy('leads.created_at')
      .orderBy('leads.id')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      createdAt: row.created_at,
      prenom: row.prenom,
      produit: row.produit,
    }));
  }

  /** How many requests still to call back were received at or before `receivedBy`. */
  async countUncalledReceivedBy(receivedBy: number): Promise<number> {
    const row = await this.#db
      .selectFrom('leads')
      .leftJoin('lead_tracking', 'lead_tracking.lead_id', 'leads.id')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where(sql<boolean>`${notYetCalled}`)
      .where('leads.created_at', '<=', receivedBy)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  /**
   * The requests received since `since`, with their first call (null: none yet) and whether they
   * are still to call back: what the first-call counters are computed from.
   */
  async receivedSince(
    since: number,
  ): Promise<Array<{ createdAt: number; firstCallAt: number | null; open: boolean }>> {
    const rows = await this.#db
      .selectFrom('leads')
      .leftJoin('lead_tracking', 'lead_tracking.lead_id', 'leads.id')
      .select((eb) => [
        'leads.created_at',
        'lead_tracking.status',
        eb
          .selectFrom('lead_calls')
          .select((inner) => inner.fn.min('lead_calls.at').as('first'))
          .whereRef('lead_calls.lead_id', '=', 'leads.id')
          .as('first_call_at'),
      ])
      .where('leads.created_at', '>=', since)
      .execute();
    return rows.map((row) => ({
      createdAt: row.created_at,
      firstCallAt: row.first_call_at === null ? null : Number(row.first_call_at),
      open: ['nouveau', 'en_cours'].includes(row.status ?? 'nouveau'),
    }));
  }

  /** Calls recorded for one request at or after `since`. */
  async countCallsSince(leadId: string, since: number): Promise<number> {
    const row = await this.#db
      .selectFrom('lead_calls')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('lead_id', '=', leadId)
      .where('at', '>=', since)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  /**
   * Claims the digest of `day`: inserts its row unless one exists, and with it (same
   * transaction) its outbox e-mail when it lists anything. Whatever the number of instances or
   * restarts, only one claim per day succeeds.
   */
  claimDigest(claim: {
    day: string;
    now: number;
    messageId: string;
    items: readonly DigestItem[];
  }): Promise<{ claimed: boolean; count: number }> {
    return inTransaction(this.#connection, async (trx) => {
      const existing = await trx
        .selectFrom('digests')
        .select('day')
        .where('day', '=', claim.day)
        .executeTakeFirst();
      if (existing) return { claimed: false, count: 0 };
      const { items } = claim;
      const inserted = await trx
        .insertInto('digests')
        .values({
          day: claim.day,
          created_at: claim.now,
          items: JSON.stringify(items),
          count: items.length,
        })
        .onConflict((conflict) => conflict.column('day').doNothing())
        .returning('day')
        .executeTakeFirst();
      if (!inserted) return { claimed: false, count: 0 };
      if (items.length > 0) {
        await trx
          .insertInto('outbox')
          .values({
            lead_id: null,
            digest_day: claim.day,
            kind: 'digest',
            message_id: claim.messageId,
            next_attempt_at: claim.now,
            created_at: claim.now,
            last_attempt_at: null,
            sent_at: null,
            last_error: null,
            claimed_until: null,
            claim_token: null,
          })
          .execute();
      }
      return { claimed: true, count: items.length };
    });
  }

  /** The digest e-mails in the outbox, oldest first. */
  async digestMails(): Promise<OutboxRow[]> {
    const rows = await this.#db
      .selectFrom('outbox')
      .selectAll()
      .where('kind', '=', 'digest')
      .orderBy('id')
      .execute();
    return rows.map(toOutbox);
  }

  /** What a claimed digest reports: its items, with the requests that still exist. */
  async digestContent(day: string): Promise<Array<DigestItem & UncalledLead> | undefined> {
    const row = await this.#db
      .selectFrom('digests')
      .select('items')
      .where('day', '=', day)
      .executeTakeFirst();
    if (!row) return undefined;
    const items = JSON.parse(row.items) as DigestItem[];
    if (items.length === 0) return [];
    const leads = await this.#db
      .selectFrom('leads')
      .select(['id', 'created_at', 'prenom', 'produit'])
      .where(
        'id',
        'in',
        items.map((item) => item.id),
      )
      .execute();
    const byId = new Map(leads.map((lead) => [lead.id, lead]));
    return items.flatMap((item) => {
      const lead = byId.get(item.id);
      return lead
        ? [{ ...item, createdAt: lead.created_at, prenom: lead.prenom, produit: lead.produit }]
        : [];
    });
  }
}

import { sql, type Kysely } from 'kysely';

import { callsAllowed, choiceFromColumns } from '#contracts/contact/choice-records.ts';

import type { CallConflict } from '#contracts/staff/calling.ts';
import type { CallRecord } from '#contracts/staff/contract.ts';
import type { DbScope } from '#server/db/scope.ts';
import { inTransaction } from '#server/db/connection.ts';
import type { Database } from '#server/db/database.ts';
import { scopeOf } from '#server/db/scope.ts';
import { appendAudit } from '#server/db/records/audit.ts';
import { LeadStatuses } from '#server/leads/index.ts';
import type { Tables } from '#server/db/schema.ts';
import { dueOrder, dueWithin, notYetCalled, reachingOutcomes, type DueBound } from './clock-sql.ts';
import { REACHING_OUTCOMES, type CallOutcome } from '#server/db/tables/callback.ts';
import { PHONE_OUTCOMES } from '#contracts/staff/statuses.ts';
import { CALL_FACT_COLUMNS, callFactsOfRow, type CallFacts } from './call-facts.ts';
import {
  DigestStore,
  toUncalled,
  UNCALLED_COLUMNS,
  type ReceivedLead,
  type UncalledLead,
} from './digest-store.ts';

/**
 * The call-back clock's reads and writes: the call log, the requests still to call back, when
 * each person was reached (the counters) and the daily digest's claim. Nothing here knows the
 * calendar: callers pass reception-time bounds computed by server/callback/calendar.ts.
 */
export type { ReceivedLead, UncalledLead } from './digest-store.ts';

/**
 * What recording a call did (see `recordCall`); a `CallConflict`: refused by the guard (a
 * colleague's calling mark, ADR 0047), nothing written.
 */
export type RecordCallResult = 'recorded' | 'not-found' | 'email-only' | CallConflict;

/**
 * A check run in the call log's transaction once the request's row is locked, before the insert
 * (the calling marks', ADR 0047): a conflict refuses the log.
 */
export type CallLogGuard = (
  scope: DbScope,
  leadId: string,
  now: number,
) => Promise<CallConflict | undefined>;

export class CallbackStore {
  readonly #connection: Database;

  constructor(database: Database) {
    this.#connection = database;
  }

  /** The CRM webhook is on: a call's status change queues its event (ADR 0024). */
  get #webhooks(): boolean {
    return this.#connection.webhookEvents;
  }

  get #db(): Kysely<Tables> {
    return this.#connection.db;
  }

  /**
   * Records a call with its audit entry; the first one that reaches the person (« Joint »,
   * « Répondu par e-mail ») moves a `nouveau` request to `en_cours` (audited as a status change);
   * an unanswered attempt leaves the status alone. `not-found` when the lead does not exist;
   * `email-only` (nothing written) for a phone outcome on a request whose person asked for the
   * e-mail only or withdrew the phone consent (`phone_withdrawn_at`, whatever the channel
   * column says; ADR 0029, ADR 0030): read in the transaction of the insert, the lead's row locked on
   * PostgreSQL (SQLite's write transaction holds the database), so a withdrawal committed just
   * before is honoured and one in progress is waited for. `guard` runs there too, before the
   * insert.
   */
  recordCall(
    call: {
      leadId: string;
      outcome: CallOutcome;
      note: string;
      staff: string;
      now: number;
    },
    guard?: CallLogGuard,
  ): Promise<RecordCallResult> {
    return inTransaction(this.#connection, async (trx) => {
      const lead = trx
        .selectFrom('leads')
        .select(['contact_channel', 'phone_withdrawn_at'])
        .where('id', '=', call.leadId);
      const contact = await (
        this.#connection.engine === 'postgres' ? lead.forUpdate() : lead
      ).executeTakeFirst();
      if (!contact) return 'not-found';
      const phone = (PHONE_OUTCOMES as readonly CallOutcome[]).includes(call.outcome);
      // A standing withdrawal forbids calls whatever the channel column says (ADR 0030).
      const allowed = callsAllowed({
        choice: { channel: contact.contact_channel },
        phoneWithdrawnAt: contact.phone_withdrawn_at,
      });
      if (phone && !allowed) return 'email-only';
      const statuses = new LeadStatuses(scopeOf(this.#connection, trx));
      const status = await statuses.of(call.leadId);
      if (status === undefined) return 'not-found';
      const refused = await guard?.(scopeOf(this.#connection, trx), call.leadId, call.now);
      if (refused) return refused;
      const reaching = (REACHING_OUTCOMES as readonly CallOutcome[]).includes(call.outcome);
      const reachedBefore =
        reaching &&
        (await trx
          .selectFrom('lead_calls')
          .select('id')
          .where('lead_id', '=', call.leadId)
          .where('outcome', 'in', REACHING_OUTCOMES)
          .limit(1)
          .executeTakeFirst()) !== undefined;
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
      if (reaching && !reachedBefore && status === 'nouveau') {
        await statuses.change({
          leadId: call.leadId,
          status: 'en_cours',
          actor: call.staff,
          now: call.now,
          webhooks: this.#webhooks,
        });
      }
      return 'recorded';
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

  /** What the call log says to the clock for each of these requests (absent: no call). */
  async callFacts(leadIds: readonly string[]): Promise<Map<string, CallFacts>> {
    const result = new Map<string, CallFacts>();
    if (leadIds.length === 0) return result;
    const rows = await this.#db
      .selectFrom('lead_calls')
      .select(CALL_FACT_COLUMNS)
      .where('lead_id', 'in', leadIds)
      .groupBy('lead_id')
      .execute();
    for (const row of rows) result.set(row.lead_id, callFactsOfRow(row));
    return result;
  }

  /** The requests still to call back that are due by `bound`, soonest due first, then oldest. */
  async uncalledDueBy(bound: DueBound): Promise<UncalledLead[]> {
    const rows = await this.#db
      .selectFrom('leads')
      .leftJoin('lead_tracking', 'lead_tracking.lead_id', 'leads.id')
      .select([...UNCALLED_COLUMNS])
      .where(sql<boolean>`${notYetCalled}`)
      .where(dueWithin(bound))
      .orderBy(dueOrder)
      .orderBy('leads.created_at')
      .orderBy('leads.id')
      .execute();
    return rows.map(toUncalled);
  }

  /** How many requests still to call back are due by `bound`. */
  async countUncalledDueBy(bound: DueBound): Promise<number> {
    const row = await this.#db
      .selectFrom('leads')
      .leftJoin('lead_tracking', 'lead_tracking.lead_id', 'leads.id')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where(sql<boolean>`${notYetCalled}`)
      .where(dueWithin(bound))
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  /**
   * The requests received since `since`, with their stored due time and choice, the moment the
   * person was first reached (null: not yet) and whether they are open: what the call-back
   * counters are computed from.
   */
  async receivedSince(since: number): Promise<ReceivedLead[]> {
    const rows = await this.#db
      .selectFrom('leads')
      .leftJoin('lead_tracking', 'lead_tracking.lead_id', 'leads.id')
      .select((eb) => [
        'leads.owner_id',
        'leads.created_at',
        'leads.due_at',
        'leads.contact_channel',
        'leads.contact_days',
        'leads.contact_slots',
        'lead_tracking.status',
        eb
          .selectFrom('lead_calls')
          .select((inner) => inner.fn.min('lead_calls.at').as('first'))
          .whereRef('lead_calls.lead_id', '=', 'leads.id')
          .where(sql<boolean>`lead_calls.outcome IN ${reachingOutcomes}`)
          .as('reached_at'),
      ])
      .where('leads.created_at', '>=', since)
      .execute();
    return rows.map((row) => ({
      ownerId: row.owner_id,
      createdAt: row.created_at,
      dueAt: row.due_at,
      choice: choiceFromColumns(row.contact_channel, row.contact_days, row.contact_slots),
      reachedAt: row.reached_at === null ? null : Number(row.reached_at),
      open: ['nouveau', 'en_cours'].includes(row.status ?? 'nouveau'),
    }));
  }

  /** The morning digest's claim and reads (./digest-store.ts), on this store's database. */
  get digests(): DigestStore {
    return new DigestStore(this.#connection);
  }
}

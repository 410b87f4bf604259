import { type Kysely } from 'kysely';

import { inTransactionWithoutFlush, withoutFlush } from '#server/db/connection.ts';
import type { Database } from '#server/db/database.ts';
import { getLeads, type Lead } from '#server/db/records/lead.ts';
import { claimLeased } from '#server/db/lease-claim.ts';
import type { Tables } from '#server/db/schema.ts';
import { scopeOf } from '#server/db/scope.ts';
import { type AlertContext, WebhookEndpointStore } from './alerts-store.ts';
import { toClaimed, type AttemptResult, type ClaimedEvent, type QueuedAlert } from './events.ts';

/**
 * The CRM webhook's delivery queue (ADR 0024). Events are claimed with a lease (and
 * `FOR UPDATE SKIP LOCKED` on PostgreSQL) so that each attempt is made by one instance; an event
 * is claimable only when no earlier event of its request is still waiting or being attempted,
 * so a request's events go out in order. Nothing is claimed while the endpoint is disabled. The
 * staff pages' actions and views: ./staff-store.ts.
 */
export { type AttemptResult, type ClaimedEvent, type QueuedAlert } from './events.ts';

export class WebhookStore {
  readonly #connection: Database;
  readonly #urlKey: string;

  /** `urlKey`: the SHA-256 of WEBHOOK_URL, the key of its state (a new URL starts active). */
  constructor(connection: Database, urlKey: string) {
    this.#connection = connection;
    this.#urlKey = urlKey;
  }

  get #db(): Kysely<Tables> {
    return this.#connection.db;
  }

  get engine() {
    return this.#connection.engine;
  }

  get #endpoint(): WebhookEndpointStore {
    return new WebhookEndpointStore(this.#connection, this.#urlKey);
  }

  /** When a 410 disabled the endpoint; undefined when it is active. */
  disabledAt(): Promise<number | undefined> {
    return this.#endpoint.disabledAt();
  }

  /**
   * Claims up to `limit` due events for `token` until `now + leaseMs`: pending, due, free (or
   * their lease ran out), and first of their request among those not done. None while disabled.
   */
  async claimDue(
    now: number,
    limit: number,
    token: string,
    leaseMs: number,
  ): Promise<ClaimedEvent[]> {
    const urlKey = this.#urlKey;
    // Bookkeeping: committed without waiting for a disk flush (a lost claim only lets the lease
    // run out sooner).
    const rows = await withoutFlush(this.#connection, (db) =>
      claimLeased(
        db,
        this.engine,
        'webhook_events',
        { now, limit, token, leaseMs, reclaimOwn: false },
        (due) =>
          due
            .where(({ not, exists, selectFrom }) =>
              not(
                exists(
                  selectFrom('webhook_events as earlier')
                    .select('earlier.id')
                    .whereRef('earlier.lead_id', '=', 'webhook_events.lead_id')
                    .whereRef('earlier.id', '<', 'webhook_events.id')
                    .where((eb) =>
                      eb.or([
                        eb('earlier.status', '=', 'pending'),
                        eb('earlier.claimed_until', '>', now),
                      ]),
                    ),
                ),
              ),
            )
            // Nothing while a 410 has disabled the endpoint.
            .where(({ not, exists, selectFrom }) =>
              not(
                exists(
                  selectFrom('webhook_endpoints')
                    .select('url_key')
                    .where('url_key', '=', urlKey)
                    .where('disabled_at', 'is not', null),
                ),
              ),
            )
            .orderBy('id'),
      ),
    );
    return rows.map(toClaimed).sort((a, b) => a.id - b.id);
  }

  /** The leads of the claimed `lead.created` events (those erased meanwhile are missing). */
  leadsOf(events: readonly ClaimedEvent[]): Promise<Map<string, Lead>> {
    return getLeads(
      this.#db,
      events.flatMap((event) =>
        event.type === 'lead.created' && event.leadId !== null ? [event.leadId] : [],
      ),
    );
  }

  /** At a worker's start on SQLite (one process): claims of a process that died come back. */
  async releaseStaleClaims(): Promise<void> {
    if (this.engine !== 'sqlite') return;
    await this.#db
      .updateTable('webhook_events')
      .set({ claimed_until: null, claim_token: null })
      .where('claimed_until', 'is not', null)
      .execute();
  }

  /**
   * Claimed events whose data is gone (the person was erased after the claim, which already
   * cancelled them): they can never be sent, so they are cancelled (if not yet) and released,
   * rather than claimed again.
   */
  async cancelUnsendable(ids: readonly number[], token: string): Promise<void> {
    if (ids.length === 0) return;
    await this.#db
      .updateTable('webhook_events')
      .set({ status: 'cancelled', payload: null, claimed_until: null, claim_token: null })
      .where('id', 'in', [...ids])
      .where('claim_token', '=', token)
      .where('status', 'in', ['pending', 'cancelled'])
      .execute();
  }

  /**
   * Records a round of attempts in one transaction: each attempt's row, each event's new state
   * (only while it is still pending: an erasure may have cancelled it meanwhile, and then no
   * response is kept), the endpoint disabled on a 410, and the alerts due. Returns the alerts
   * queued (their e-mails are in the outbox).
   */
  async record(
    results: readonly AttemptResult[],
    token: string,
    alert: AlertContext,
  ): Promise<QueuedAlert[]> {
    if (results.length === 0) return [];
    // Bookkeeping too: a record lost to an OS crash repeats an attempt under the same id.
    return inTransactionWithoutFlush(this.#connection, async (trx) => {
      const stillPending = await markDelivered(trx, results, token, alert.now);
      let exhausted = false;
      let gone = false;
      for (const result of results) {
        const { event, outcome } = result;
        if (outcome.kind === 'delivered') continue;
        if (await markUndelivered(trx, result, token)) stillPending.add(event.id);
        if (outcome.kind === 'failed' && stillPending.has(event.id)) exhausted = true;
        if (outcome.kind === 'gone') gone = true;
      }
      // Cancelled by an erasure meanwhile (or taken back after the lease): release the claim,
      // keep no answer of the receiver.
      const released = results
        .map((result) => result.event.id)
        .filter((id) => !stillPending.has(id));
      if (released.length > 0) {
        await trx
          .updateTable('webhook_events')
          .set({ claimed_until: null, claim_token: null })
          .where('id', 'in', released)
          .where('claim_token', '=', token)
          .execute();
      }
      await insertAttempts(trx, results, stillPending);
      const endpoint = new WebhookEndpointStore(scopeOf(this.#connection, trx), this.#urlKey);
      return endpoint.afterAttempts({ gone, exhausted }, alert);
    });
  }

  /** An alert's content, for its e-mail. */
  alertById(id: number) {
    return this.#endpoint.alertById(id);
  }

  /** The earliest time a pending event is due (for the worker's timer). */
  async nextDueAt(): Promise<number | undefined> {
    const row = await this.#db
      .selectFrom('webhook_events')
      .select((eb) => eb.fn.min('next_attempt_at').as('next'))
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return row?.next == null ? undefined : Number(row.next);
  }
}

/** Marks the delivered ones of a round in one statement; returns those still pending then. */
async function markDelivered(
  trx: Kysely<Tables>,
  results: readonly AttemptResult[],
  token: string,
  now: number,
): Promise<Set<number>> {
  const stillPending = new Set<number>();
  const delivered = results.filter((result) => result.outcome.kind === 'delivered');
  if (delivered.length === 0) return stillPending;
  const rows = await trx
    .updateTable('webhook_events')
    .set((eb) => ({
      status: 'delivered',
      delivered_at: now,
      last_attempt_at: now,
      attempts: eb('attempts', '+', 1),
      claimed_until: null,
      claim_token: null,
    }))
    .where(
      'id',
      'in',
      delivered.map((result) => result.event.id),
    )
    .where('claim_token', '=', token)
    .where('status', '=', 'pending')
    .returning('id')
    .execute();
  for (const row of rows) stillPending.add(Number(row.id));
  return stillPending;
}

/** An attempt that did not deliver: retry, failed or gone. True while the event is pending. */
async function markUndelivered(
  trx: Kysely<Tables>,
  result: AttemptResult,
  token: string,
): Promise<boolean> {
  const { event, outcome } = result;
  const changed = await trx
    .updateTable('webhook_events')
    .set({
      claimed_until: null,
      claim_token: null,
      last_attempt_at: result.at,
      ...(outcome.kind === 'gone' ? {} : { attempts: event.attempts + 1 }),
      ...(outcome.kind === 'failed' ? { status: 'failed' } : {}),
      ...(outcome.kind === 'retry' ? { next_attempt_at: outcome.nextAttemptAt } : {}),
    })
    .where('id', '=', event.id)
    .where('claim_token', '=', token)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(changed.numUpdatedRows) > 0;
}

/** Each attempt's row; the receiver's answer only for an event still pending. */
async function insertAttempts(
  trx: Kysely<Tables>,
  results: readonly AttemptResult[],
  stillPending: ReadonlySet<number>,
): Promise<void> {
  await trx
    .insertInto('webhook_attempts')
    .values(
      results.map((result) => ({
        event_id: result.event.id,
        at: result.at,
        duration_ms: Math.round(result.durationMs),
        http_status: result.httpStatus,
        error: result.error,
        response: stillPending.has(result.event.id) ? result.response : null,
      })),
    )
    .execute();
}

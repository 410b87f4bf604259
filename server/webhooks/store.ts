import { type Kysely, type Selectable } from 'kysely';

import { inTransaction, inTransactionWithoutFlush, withoutFlush } from '#server/db/connection.ts';
import type { Database } from '#server/db/database.ts';
import { getLeads, type Lead } from '#server/db/records/lead.ts';
import { claimLeased } from '#server/db/lease-claim.ts';
import type { Tables } from '#server/db/schema.ts';
import { appendAudit } from '#server/db/records/audit.ts';
import type {
  WebhookAttemptView,
  WebhookEventStatus,
  WebhookEventType,
  WebhookEventView,
} from '#contracts/staff/webhooks-contract.ts';
import { queueWebhookEvents, webhookTestEvent } from './queue.ts';
import type { WebhookAlertKind, WebhookEventsTable } from '#server/db/tables/webhooks.ts';

/**
 * The CRM webhook's queue and views (issue 26, ADR 0024). Events are claimed with a lease (and
 * `FOR UPDATE SKIP LOCKED` on PostgreSQL) so that each attempt is made by one instance; an event
 * is claimable only when no earlier event of its request is still waiting or being attempted,
 * so a request's events go out in order. Nothing is claimed while the endpoint is disabled.
 */
export interface ClaimedEvent {
  id: number;
  webhookId: string;
  leadId: string | null;
  type: WebhookEventType;
  payload: string | null;
  attempts: number;
  createdAt: number;
}

/** What one attempt gave. */
export interface AttemptResult {
  event: ClaimedEvent;
  at: number;
  durationMs: number;
  httpStatus: number | null;
  error: string | null;
  /** The start of the receiver's body (kept unless the person was erased meanwhile). */
  response: string | null;
  outcome:
    | { kind: 'delivered' }
    /** Retry at `nextAttemptAt`. */
    | { kind: 'retry'; nextAttemptAt: number }
    /** The schedule is spent: failed for good. */
    | { kind: 'failed' }
    /** 410 Gone: the endpoint is disabled, the event waits (attempt not counted). */
    | { kind: 'gone' };
}

/** An alert e-mail to queue: the outbox row and what it reports. */
export interface QueuedAlert {
  kind: WebhookAlertKind;
  failed: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Delivered, failed and cancelled events (and their attempts) are kept this long. */
export const WEBHOOK_HISTORY_MS = 90 * DAY_MS;
/** The response's start kept with an attempt. */
export const RESPONSE_EXCERPT_CHARS = 500;

function toClaimed(row: Selectable<WebhookEventsTable>): ClaimedEvent {
  return {
    id: Number(row.id),
    webhookId: row.message_id,
    leadId: row.lead_id,
    type: row.type,
    payload: row.payload,
    attempts: row.attempts,
    createdAt: Number(row.created_at),
  };
}

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

  /** When a 410 disabled the endpoint; undefined when it is active. */
  async disabledAt(): Promise<number | undefined> {
    const row = await this.#db
      .selectFrom('webhook_endpoints')
      .select('disabled_at')
      .where('url_key', '=', this.#urlKey)
      .executeTakeFirst();
    return row?.disabled_at == null ? undefined : Number(row.disabled_at);
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
    alert: { endpoint: string; messageId: (alertId: number) => string; now: number },
  ): Promise<QueuedAlert[]> {
    if (results.length === 0) return [];
    // Bookkeeping too: a record lost to an OS crash repeats an attempt under the same id.
    return inTransactionWithoutFlush(this.#connection, async (trx) => {
      const stillPending = new Set<number>();
      // The common case in one statement: the delivered ones.
      const delivered = results.filter((result) => result.outcome.kind === 'delivered');
      if (delivered.length > 0) {
        const rows = await trx
          .updateTable('webhook_events')
          .set((eb) => ({
            status: 'delivered',
            delivered_at: alert.now,
            last_attempt_at: alert.now,
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
      }
      let exhausted = false;
      let gone = false;
      for (const result of results) {
        const { event, outcome } = result;
        if (outcome.kind === 'delivered') continue;
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
        if (Number(changed.numUpdatedRows) > 0) stillPending.add(event.id);
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
      const alerts: QueuedAlert[] = [];
      if (gone || exhausted) await this.#ensureEndpoint(trx);
      if (gone) {
        const disabled = await trx
          .updateTable('webhook_endpoints')
          .set({ disabled_at: alert.now })
          .where('url_key', '=', this.#urlKey)
          .where('disabled_at', 'is', null)
          .executeTakeFirst();
        if (Number(disabled.numUpdatedRows) > 0) alerts.push(await this.#alert(trx, 'gone', alert));
      }
      if (exhausted) {
        // One alert per 24 h however many fail, whichever instance records them.
        const due = await trx
          .updateTable('webhook_endpoints')
          .set({ exhausted_alert_at: alert.now })
          .where('url_key', '=', this.#urlKey)
          .where((eb) =>
            eb.or([
              eb('exhausted_alert_at', 'is', null),
              eb('exhausted_alert_at', '<=', alert.now - DAY_MS),
            ]),
          )
          .executeTakeFirst();
        if (Number(due.numUpdatedRows) > 0) {
          alerts.push(await this.#alert(trx, 'exhausted', alert));
        }
      }
      return alerts;
    });
  }

  async #ensureEndpoint(trx: Kysely<Tables>): Promise<void> {
    await trx
      .insertInto('webhook_endpoints')
      .values({ url_key: this.#urlKey, disabled_at: null, exhausted_alert_at: null })
      .onConflict((conflict) => conflict.column('url_key').doNothing())
      .execute();
  }

  async #alert(
    trx: Kysely<Tables>,
    kind: WebhookAlertKind,
    alert: { endpoint: string; messageId: (alertId: number) => string; now: number },
  ): Promise<QueuedAlert> {
    const failed = Number(
      (
        await trx
          .selectFrom('webhook_events')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('status', '=', 'failed')
          .executeTakeFirstOrThrow()
      ).count,
    );
    const inserted = await trx
      .insertInto('webhook_alerts')
      .values({ kind, at: alert.now, endpoint: alert.endpoint, failed })
      .returning('id')
      .executeTakeFirstOrThrow();
    const alertId = Number(inserted.id);
    await trx
      .insertInto('outbox')
      .values({
        lead_id: null,
        kind: 'webhook_alert',
        message_id: alert.messageId(alertId),
        next_attempt_at: alert.now,
        created_at: alert.now,
        last_attempt_at: null,
        sent_at: null,
        last_error: null,
        claimed_until: null,
        claim_token: null,
        webhook_alert_id: alertId,
      })
      .execute();
    return { kind, failed };
  }

  /** An alert's content, for its e-mail. */
  async alertById(id: number) {
    const row = await this.#db
      .selectFrom('webhook_alerts')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row && { ...row, id: Number(row.id), at: Number(row.at) };
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

  // --- Staff actions (each in the audit trail) --------------------------------------------

  /** « Renvoyer »: a failed event (or every one) is due again now, with a new schedule. */
  async resend(webhookId: string | 'all', actor: string, now: number): Promise<number> {
    return inTransaction(this.#connection, async (trx) => {
      const updated = await trx
        .updateTable('webhook_events')
        .set({ status: 'pending', attempts: 0, next_attempt_at: now })
        .where('status', '=', 'failed')
        .$if(webhookId !== 'all', (query) => query.where('message_id', '=', webhookId))
        .returning(['lead_id'])
        .execute();
      if (updated.length === 0) return 0;
      await appendAudit(trx, {
        at: now,
        actor,
        action: 'webhook_resend',
        leadId: webhookId === 'all' ? null : (updated[0]?.lead_id ?? null),
        detail: webhookId === 'all' ? `${updated.length}` : webhookId,
      });
      return updated.length;
    });
  }

  /** « Réactiver » after a 410: the waiting events are due now (oldest first, as always). */
  async enable(actor: string, now: number): Promise<number> {
    return inTransaction(this.#connection, async (trx) => {
      await trx
        .updateTable('webhook_endpoints')
        .set({ disabled_at: null })
        .where('url_key', '=', this.#urlKey)
        .execute();
      const waiting = await trx
        .updateTable('webhook_events')
        .set({ next_attempt_at: now })
        .where('status', '=', 'pending')
        .executeTakeFirst();
      await appendAudit(trx, {
        at: now,
        actor,
        action: 'webhook_enable',
        leadId: null,
        detail: '',
      });
      return Number(waiting.numUpdatedRows);
    });
  }

  /** « Envoyer un test »: queues a `webhook.test` event. */
  async queueTest(actor: string, now: number): Promise<string> {
    return inTransaction(this.#connection, async (trx) => {
      const event = webhookTestEvent(now);
      await queueWebhookEvents(trx, [event]);
      await appendAudit(trx, {
        at: now,
        actor,
        action: 'webhook_test',
        leadId: null,
        detail: event.message_id,
      });
      return event.message_id;
    });
  }

  // --- Views --------------------------------------------------------------------------------

  async #views(rows: ReadonlyArray<Selectable<WebhookEventsTable>>): Promise<WebhookEventView[]> {
    const ids = rows.map((row) => Number(row.id));
    const attempts =
      ids.length === 0
        ? []
        : await this.#db
            .selectFrom('webhook_attempts')
            .select(['event_id', 'at', 'duration_ms', 'http_status', 'error'])
            .where('event_id', 'in', ids)
            .orderBy('at')
            .orderBy('id')
            .execute();
    const byEvent = new Map<number, WebhookAttemptView[]>();
    for (const attempt of attempts) {
      const list = byEvent.get(Number(attempt.event_id)) ?? [];
      list.push({
        at: Number(attempt.at),
        durationMs: attempt.duration_ms,
        httpStatus: attempt.http_status,
        error: attempt.error,
      });
      byEvent.set(Number(attempt.event_id), list);
    }
    return rows.map((row) => ({
      webhookId: row.message_id,
      type: row.type,
      status: row.status as WebhookEventStatus,
      leadId: row.lead_id,
      createdAt: Number(row.created_at),
      deliveredAt: row.delivered_at == null ? null : Number(row.delivered_at),
      nextAttemptAt: row.status === 'pending' ? Number(row.next_attempt_at) : null,
      attempts: byEvent.get(Number(row.id)) ?? [],
    }));
  }

  /** A request's events, oldest first. */
  async eventsOfLead(leadId: string): Promise<WebhookEventView[]> {
    const rows = await this.#db
      .selectFrom('webhook_events')
      .selectAll()
      .where('lead_id', '=', leadId)
      .orderBy('id')
      .execute();
    return this.#views(rows);
  }

  async overview(now: number) {
    const counts = await this.#db
      .selectFrom('webhook_events')
      .select(['status', (eb) => eb.fn.countAll().as('count')])
      .where('status', 'in', ['pending', 'failed'])
      .groupBy('status')
      .execute();
    const count = (status: WebhookEventStatus) =>
      Number(counts.find((row) => row.status === status)?.count ?? 0);
    const failedRows = await this.#db
      .selectFrom('webhook_events')
      .selectAll()
      .where('status', '=', 'failed')
      .orderBy('id', 'desc')
      .limit(100)
      .execute();
    const recent = await this.#db
      .selectFrom('webhook_attempts')
      .innerJoin('webhook_events', 'webhook_events.id', 'webhook_attempts.event_id')
      .select([
        'webhook_attempts.at',
        'webhook_attempts.duration_ms',
        'webhook_attempts.http_status',
        'webhook_attempts.error',
        'webhook_events.message_id',
        'webhook_events.type',
        'webhook_events.lead_id',
      ])
      .orderBy('webhook_attempts.id', 'desc')
      .limit(50)
      .execute();
    const disabledAt = await this.disabledAt();
    const lastFailed = recent[0] !== undefined && recent[0].error !== null;
    return {
      disabledAt: disabledAt ?? null,
      failing: count('failed') > 0 || lastFailed,
      pending: count('pending'),
      failedTotal: count('failed'),
      failed: await this.#views(failedRows),
      recent: recent.map((row) => ({
        at: Number(row.at),
        durationMs: row.duration_ms,
        httpStatus: row.http_status,
        error: row.error,
        webhookId: row.message_id,
        type: row.type,
        leadId: row.lead_id,
      })),
      now,
    };
  }

  /**
   * The name (« Élise Durand ») of each of these requests still stored, for the integrations
   * page: staff read who a delivery was about (behind the sign-in; never in a URL or a log).
   */
  async personNames(leadIds: readonly string[]): Promise<Map<string, string>> {
    const ids = [...new Set(leadIds)];
    if (ids.length === 0) return new Map();
    const rows = await this.#db
      .selectFrom('leads')
      .select(['id', 'prenom', 'nom'])
      .where('id', 'in', ids)
      .execute();
    return new Map(rows.map((row) => [row.id, `${row.prenom} ${row.nom}`.trim()]));
  }
}

/** Retention: events done for more than `WEBHOOK_HISTORY_MS` go, with their attempts. */
export async function purgeWebhookEvents(db: Kysely<Tables>, now: number): Promise<number> {
  const result = await db
    .deleteFrom('webhook_events')
    .where('status', 'in', ['delivered', 'failed', 'cancelled'])
    .where('created_at', '<', now - WEBHOOK_HISTORY_MS)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

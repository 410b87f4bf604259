import { type Kysely, type Selectable } from 'kysely';

import type {
  WebhookAttemptView,
  WebhookEventStatus,
  WebhookEventView,
} from '#contracts/staff/webhooks-contract.ts';
import { inTransaction } from '#server/db/connection.ts';
import type { Database } from '#server/db/database.ts';
import { appendAudit } from '#server/db/records/audit.ts';
import type { Tables } from '#server/db/schema.ts';
import type { WebhookEventsTable } from '#server/db/tables/webhooks.ts';
import { scopeOf } from '#server/db/scope.ts';
import { WebhookEndpointStore } from './alerts-store.ts';
import { webhookTestEvent, WebhookQueue } from './queue.ts';

/**
 * The CRM webhook as the staff pages use it: « Renvoyer », « Réactiver » and « Envoyer un test »
 * (each with its audit entry, in its transaction), the integrations page's overview and a
 * request's events.
 */
export class WebhookStaffStore {
  readonly #connection: Database;
  readonly #urlKey: string;

  /** `urlKey`: the SHA-256 of WEBHOOK_URL, the key of its state. */
  constructor(connection: Database, urlKey: string) {
    this.#connection = connection;
    this.#urlKey = urlKey;
  }

  get #db(): Kysely<Tables> {
    return this.#connection.db;
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
      await new WebhookQueue(scopeOf(this.#connection, trx)).queue([event]);
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
    const disabledAt = await new WebhookEndpointStore(this.#connection, this.#urlKey).disabledAt();
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

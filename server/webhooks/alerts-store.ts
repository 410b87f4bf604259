import { OutboxQueue } from '#server/outbox/index.ts';
import type { DbScope } from '#server/db/scope.ts';
import type { WebhookAlertKind } from '#server/db/tables/webhooks.ts';
import type { QueuedAlert } from './events.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What an alert is written with: the endpoint shown, its e-mail's Message-ID, the time. */
export interface AlertContext {
  endpoint: string;
  messageId: (alertId: number) => string;
  now: number;
}

/**
 * The state of the endpoint of `urlKey` (the SHA-256 of WEBHOOK_URL): disabled by a 410, the
 * alerts it gave. Built on the database or on a transaction's scope (the round of attempts
 * recorded with its alerts).
 */
export class WebhookEndpointStore {
  readonly #scope: DbScope;
  readonly #urlKey: string;

  constructor(scope: DbScope, urlKey: string) {
    this.#scope = scope;
    this.#urlKey = urlKey;
  }

  /** When a 410 disabled the endpoint; undefined when it is active. */
  async disabledAt(): Promise<number | undefined> {
    const row = await this.#scope.db
      .selectFrom('webhook_endpoints')
      .select('disabled_at')
      .where('url_key', '=', this.#urlKey)
      .executeTakeFirst();
    return row?.disabled_at == null ? undefined : Number(row.disabled_at);
  }

  /**
   * The endpoint's state after a batch of attempts, in the batch's transaction: disabled on a
   * 410 (an alert, once), and an alert when events failed for good (one per 24 h however many
   * fail, whichever instance records them). Returns the alerts queued (their e-mails are in
   * the outbox).
   */
  async afterAttempts(
    state: { gone: boolean; exhausted: boolean },
    alert: AlertContext,
  ): Promise<QueuedAlert[]> {
    const db = this.#scope.db;
    const alerts: QueuedAlert[] = [];
    if (state.gone || state.exhausted) await this.#ensureEndpoint();
    if (state.gone) {
      const disabled = await db
        .updateTable('webhook_endpoints')
        .set({ disabled_at: alert.now })
        .where('url_key', '=', this.#urlKey)
        .where('disabled_at', 'is', null)
        .executeTakeFirst();
      if (Number(disabled.numUpdatedRows) > 0) alerts.push(await this.#queueAlert('gone', alert));
    }
    if (state.exhausted) {
      // One alert per 24 h however many fail, whichever instance records them.
      const due = await db
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
        alerts.push(await this.#queueAlert('exhausted', alert));
      }
    }
    return alerts;
  }

  /** An alert's content, for its e-mail. */
  async alertById(id: number) {
    const row = await this.#scope.db
      .selectFrom('webhook_alerts')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row && { ...row, id: Number(row.id), at: Number(row.at) };
  }

  async #ensureEndpoint(): Promise<void> {
    await this.#scope.db
      .insertInto('webhook_endpoints')
      .values({ url_key: this.#urlKey, disabled_at: null, exhausted_alert_at: null })
      .onConflict((conflict) => conflict.column('url_key').doNothing())
      .execute();
  }

  /** The alert's row and its e-mail (queued through the outbox, in this transaction). */
  async #queueAlert(kind: WebhookAlertKind, alert: AlertContext): Promise<QueuedAlert> {
    const db = this.#scope.db;
    const failed = Number(
      (
        await db
          .selectFrom('webhook_events')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('status', '=', 'failed')
          .executeTakeFirstOrThrow()
      ).count,
    );
    const inserted = await db
      .insertInto('webhook_alerts')
      .values({ kind, at: alert.now, endpoint: alert.endpoint, failed })
      .returning('id')
      .executeTakeFirstOrThrow();
    const alertId = Number(inserted.id);
    await new OutboxQueue(this.#scope).queueWebhookAlert(
      alertId,
      alert.messageId(alertId),
      alert.now,
    );
    return { kind, failed };
  }
}

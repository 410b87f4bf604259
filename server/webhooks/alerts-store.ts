import type { Kysely } from 'kysely';

import type { Tables } from '#server/db/schema.ts';
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
 * The endpoint's state after a batch of attempts, in the batch's transaction: disabled on a 410
 * (an alert, once), and an alert when events failed for good (one per 24 h however many fail,
 * whichever instance records them). Returns the alerts queued (their e-mails are in the outbox).
 */
export async function endpointAlerts(
  trx: Kysely<Tables>,
  urlKey: string,
  state: { gone: boolean; exhausted: boolean },
  alert: AlertContext,
): Promise<QueuedAlert[]> {
  const alerts: QueuedAlert[] = [];
  if (state.gone || state.exhausted) await ensureEndpoint(trx, urlKey);
  if (state.gone) {
    const disabled = await trx
      .updateTable('webhook_endpoints')
      .set({ disabled_at: alert.now })
      .where('url_key', '=', urlKey)
      .where('disabled_at', 'is', null)
      .executeTakeFirst();
    if (Number(disabled.numUpdatedRows) > 0) alerts.push(await queueAlert(trx, 'gone', alert));
  }
  if (state.exhausted) {
    // One alert per 24 h however many fail, whichever instance records them.
    const due = await trx
      .updateTable('webhook_endpoints')
      .set({ exhausted_alert_at: alert.now })
      .where('url_key', '=', urlKey)
      .where((eb) =>
        eb.or([
          eb('exhausted_alert_at', 'is', null),
          eb('exhausted_alert_at', '<=', alert.now - DAY_MS),
        ]),
      )
      .executeTakeFirst();
    if (Number(due.numUpdatedRows) > 0) {
      alerts.push(await queueAlert(trx, 'exhausted', alert));
    }
  }
  return alerts;
}

async function ensureEndpoint(trx: Kysely<Tables>, urlKey: string): Promise<void> {
  await trx
    .insertInto('webhook_endpoints')
    .values({ url_key: urlKey, disabled_at: null, exhausted_alert_at: null })
    .onConflict((conflict) => conflict.column('url_key').doNothing())
    .execute();
}

async function queueAlert(
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
export async function alertById(db: Kysely<Tables>, id: number) {
  const row = await db
    .selectFrom('webhook_alerts')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { ...row, id: Number(row.id), at: Number(row.at) };
}

import type { Selectable } from 'kysely';

import type { WebhookEventType } from '#contracts/staff/webhooks-contract.ts';
import type { WebhookAlertKind, WebhookEventsTable } from '#server/db/tables/webhooks.ts';

/**
 * The CRM webhook's events as its stores hand them out (ADR 0024). Events are claimed with a
 * lease (and `FOR UPDATE SKIP LOCKED` on PostgreSQL) so that each attempt is made by one
 * instance; an event is claimable only when no earlier event of its request is still waiting or
 * being attempted, so a request's events go out in order. Nothing is claimed while the endpoint
 * is disabled.
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

export function toClaimed(row: Selectable<WebhookEventsTable>): ClaimedEvent {
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

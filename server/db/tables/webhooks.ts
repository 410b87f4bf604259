import type { Generated } from 'kysely';

import type { WebhookEventStatus, WebhookEventType } from '#contracts/staff/webhooks-contract.ts';

/** The CRM webhook's tables (migration 7, ADR 0024), part of the store's `Tables`. */

/**
 * One event to deliver. `id` orders them (a request's events go out in this order); `lead_id`
 * is not a foreign key: a `lead.erased` event outlives its lead. `payload` is the JSON of the
 * event's `data`, except for `lead.created`, whose data is read from the lead at each attempt
 * (one copy of the person's data, erased with the lead); erasure empties it.
 */
export interface WebhookEventsTable {
  id: Generated<number>;
  /** The `webhook-id` header: the same on every attempt. */
  message_id: string;
  lead_id: string | null;
  type: WebhookEventType;
  payload: string | null;
  status: Generated<WebhookEventStatus>;
  attempts: Generated<number>;
  created_at: number;
  next_attempt_at: number;
  last_attempt_at: Generated<number | null>;
  delivered_at: Generated<number | null>;
  /** Until when a worker holds the event (a lease); null when nobody does. */
  claimed_until: Generated<number | null>;
  claim_token: Generated<string | null>;
}

/** One HTTP attempt of an event. `response`: the start of the receiver's body, erased with the person. */
interface WebhookAttemptsTable {
  id: Generated<number>;
  event_id: number;
  at: number;
  duration_ms: number;
  http_status: number | null;
  error: string | null;
  response: string | null;
}

/**
 * The state of one endpoint, keyed by the SHA-256 of WEBHOOK_URL (a new URL starts active):
 * disabled by a 410 until staff re-enable it; when the last "retries ran out" alert went.
 */
interface WebhookEndpointsTable {
  url_key: string;
  disabled_at: number | null;
  exhausted_alert_at: number | null;
}

/** What an alert e-mail reports (its outbox row refers to it). */
export type WebhookAlertKind = 'exhausted' | 'gone';

interface WebhookAlertsTable {
  id: Generated<number>;
  kind: WebhookAlertKind;
  at: number;
  /** The endpoint's URL without its query string. */
  endpoint: string;
  /** Events failed for good when it was written. */
  failed: number;
}

export interface WebhookTables {
  webhook_events: WebhookEventsTable;
  webhook_attempts: WebhookAttemptsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_alerts: WebhookAlertsTable;
}

/**
 * The CRM webhook's staff contract (ADR 0024): the staff API's paths for the
 * integrations page and a request's deliveries, and the JSON they answer. Shared by the server
 * (server/webhooks/) and the staff pages; never imported by a public page.
 */
import { STAFF_API_PREFIX } from './contract.ts';

export type WebhookEventType =
  | 'lead.created'
  | 'lead.status_changed'
  | 'lead.erased'
  /** The requester changed the slots or withdrew the phone consent (ADR 0029). */
  | 'lead.contact_changed'
  /** The request's owner changed (ADR 0045). */
  | 'lead.assigned'
  | 'webhook.test';

/**
 * - `pending`: waiting for its next attempt (or for the endpoint to be re-enabled);
 * - `delivered`: the receiver answered 2xx;
 * - `failed`: every attempt of the schedule failed (« Renvoyer » makes it pending again);
 * - `cancelled`: the person was erased before it was delivered (never sent).
 */
export type WebhookEventStatus = 'pending' | 'delivered' | 'failed' | 'cancelled';

/** `active`; `disabled` after a 410 until staff re-enable it; `failing`: failed events wait. */
export type WebhookEndpointState = 'active' | 'disabled' | 'failing';

/** Webhook ids (`webhook-id`): `msg_` and 32 hex digits. */
export const WEBHOOK_ID = /^msg_[0-9a-f]{32}$/;

export const WEBHOOK_API = {
  /** GET: the integrations page (`IntegrationsPage`). */
  overview: `${STAFF_API_PREFIX}/integrations`,
  /** POST: « Renvoyer » one failed event (same webhook-id). */
  resend: (webhookId: string) =>
    `${STAFF_API_PREFIX}/integrations/evenements/${encodeURIComponent(webhookId)}/renvoyer`,
  /** POST: « Tout renvoyer »: every failed event. */
  resendAll: `${STAFF_API_PREFIX}/integrations/renvoyer-tout`,
  /** POST: « Réactiver » the endpoint disabled after a 410. */
  enable: `${STAFF_API_PREFIX}/integrations/reactiver`,
  /** POST: « Envoyer un test » (a `webhook.test` event). */
  test: `${STAFF_API_PREFIX}/integrations/test`,
  /** GET: one request's deliveries (`LeadWebhooks`). */
  lead: (leadId: string) => `${STAFF_API_PREFIX}/demandes/${encodeURIComponent(leadId)}/webhooks`,
} as const;

export interface WebhookAttemptView {
  at: number;
  durationMs: number;
  /** The receiver's HTTP status; null when there was none (timeout, network error). */
  httpStatus: number | null;
  /** What went wrong, in French (« délai dépassé », « connexion refusée »…); null on a 2xx. */
  error: string | null;
}

export interface WebhookEventView {
  /** The `webhook-id`, the same on every attempt. */
  webhookId: string;
  type: WebhookEventType;
  status: WebhookEventStatus;
  /** The request it reports on; null for a test event. */
  leadId: string | null;
  createdAt: number;
  deliveredAt: number | null;
  /** When the next attempt is due (pending only). */
  nextAttemptAt: number | null;
  /** Oldest first. */
  attempts: WebhookAttemptView[];
}

interface WebhookEndpointView {
  /** WEBHOOK_URL without its query string (which may hold a token) nor fragment. */
  url: string;
  state: WebhookEndpointState;
  /** When a 410 disabled it (state `disabled`). */
  disabledAt: number | null;
}

/** Who an event is about (« Élise Durand »); null for a test, or once the person is erased. */
export interface PersonNamed {
  person: string | null;
}

export type IntegrationsPage =
  | { configured: false }
  | {
      configured: true;
      endpoint: WebhookEndpointView;
      /** Events waiting for an attempt. */
      pending: number;
      /** Every failed event, newest first (at most 100 listed; `failedTotal` counts them all). */
      failed: Array<WebhookEventView & PersonNamed>;
      failedTotal: number;
      /** The latest attempts, newest first (at most 50). */
      recent: Array<
        WebhookAttemptView &
          PersonNamed & { webhookId: string; type: WebhookEventType; leadId: string | null }
      >;
      /** The server's time when it answered. */
      now: number;
    };

/** A request's page: its events (oldest first), or `configured: false` without a webhook. */
export interface LeadWebhooks {
  configured: boolean;
  events: WebhookEventView[];
}

/** The answers of the staff actions. */
export interface WebhookActionResult {
  /** Events made due again (« Renvoyer », « Tout renvoyer », « Réactiver »), or queued (test). */
  count: number;
}

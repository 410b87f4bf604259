import type { Selectable } from 'kysely';

import type { MailKind, OutboxStatus, OutboxTable } from '#server/db/schema.ts';

/** One outbox row as the outbox's stores hand it out. */
export interface OutboxRow {
  id: number;
  /** Null for a digest, which has `digestDay` instead. */
  leadId: string | null;
  digestDay: string | null;
  /** The CRM webhook's alert a `webhook_alert` row sends; null for every other kind. */
  webhookAlertId: number | null;
  /** The person a `digest` or `handover` goes to; null for every other kind. */
  personId: string | null;
  kind: MailKind;
  messageId: string;
  status: OutboxStatus;
  attempts: number;
  nextAttemptAt: number;
  createdAt: number;
  sentAt: number | null;
  lastError: string | null;
  claimedUntil: number | null;
}

export interface Backlog {
  pending: number;
  oldestPendingAgeSeconds: number | null;
}

/** The kinds a request may have several of, queued one at a time by `queueLeadMail`. */
export type LeadMailKind = 'schedule_update' | 'schedule_cancel' | 'visitor_notice';

export function toOutbox(row: Selectable<OutboxTable>): OutboxRow {
  return {
    id: row.id,
    leadId: row.lead_id,
    digestDay: row.digest_day,
    webhookAlertId: row.webhook_alert_id === null ? null : Number(row.webhook_alert_id),
    personId: row.person_id,
    kind: row.kind,
    messageId: row.message_id,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    createdAt: row.created_at,
    sentAt: row.sent_at,
    lastError: row.last_error,
    claimedUntil: row.claimed_until,
  };
}

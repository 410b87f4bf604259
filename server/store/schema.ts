import type { Generated } from 'kysely';

import type { LeadFields } from '../../contact/lead-contract';

/**
 * The tables as Kysely sees them (see migrations.ts). Times are milliseconds since the epoch on
 * both engines (`INTEGER` in SQLite, `BIGINT` in PostgreSQL, read back as numbers).
 */
export type MailKind = 'notification' | 'confirmation' | 'alert';
/** `withheld`: not sent on purpose; `withheld_reason` says why (see `WithheldReason`). */
export type OutboxStatus = 'pending' | 'sent' | 'failed' | 'withheld';

/**
 * Why an e-mail was not sent on purpose (issue 17):
 * - `confirmation-recent`: this address already got a confirmation in the last 24 h;
 * - `notification-flood`: more requests than NOTIFICATIONS_PER_10_MINUTES arrived in the current
 *   10-minute window; one alert covers them (the request is stored and listed all the same).
 */
export const WITHHELD_REASONS = ['confirmation-recent', 'notification-flood'] as const;
export type WithheldReason = (typeof WITHHELD_REASONS)[number];

/** A `leads` row: the lead fields of the contract under their own names, `clientType` as `client_type`. */
export interface LeadsTable extends Omit<LeadFields, 'clientType'> {
  id: string;
  created_at: number;
  client_type: LeadFields['clientType'];
  email_key: string;
  consent_given_at: number;
  consent_version: string;
  consent_text: string;
}

export interface OutboxTable {
  id: Generated<number>;
  lead_id: string;
  kind: MailKind;
  message_id: string;
  status: Generated<OutboxStatus>;
  attempts: Generated<number>;
  next_attempt_at: number;
  created_at: number;
  last_attempt_at: number | null;
  sent_at: number | null;
  last_error: string | null;
  /** Until when a worker holds the row (a lease); null when nobody does. */
  claimed_until: number | null;
  /** Which worker holds it (random per worker). */
  claim_token: string | null;
  /** Set exactly when `status` is `withheld`. */
  withheld_reason: Generated<WithheldReason | null>;
}

/**
 * Fixed-window counters shared by every instance (the site-wide budget of new requests, the
 * company's notifications per 10 minutes): one row per counter and window.
 */
export interface CountersTable {
  name: string;
  window_start: number;
  count: number;
}

export interface RateLimitHitsTable {
  client_key: string;
  at: number;
}

export interface SchemaMigrationsTable {
  version: number;
  name: string;
  applied_at: number;
}

export interface Tables {
  leads: LeadsTable;
  outbox: OutboxTable;
  rate_limit_hits: RateLimitHitsTable;
  counters: CountersTable;
  schema_migrations: SchemaMigrationsTable;
}

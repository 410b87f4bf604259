import type { Generated } from 'kysely';

import type { LeadFields } from '../../contact/lead-contract.ts';

/**
 * The tables as Kysely sees them (see migrations.ts). Times are milliseconds since the epoch on
 * both engines (`INTEGER` in SQLite, `BIGINT` in PostgreSQL, read back as numbers).
 */
export type MailKind = 'notification' | 'confirmation';
export type OutboxStatus = 'pending' | 'sent' | 'failed';

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
  schema_migrations: SchemaMigrationsTable;
}

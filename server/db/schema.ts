import type { Generated } from 'kysely';

import type { StoredChannel } from '#contracts/contact/contact-choice.ts';
import type { LeadFields } from '#contracts/contact/lead-contract.ts';
import type {
  AuditAction,
  LeadStatus,
  MailKind,
  OutboxStatus,
  WithheldReason,
} from '#contracts/staff/statuses.ts';
import type { DigestsTable, LeadCallsTable } from './tables/callback.ts';
import type { TeamTables } from './tables/team.ts';
import type { WebhookTables } from './tables/webhooks.ts';

export {
  LEAD_STATUSES,
  type AuditAction,
  type LeadStatus,
  type MailKind,
  type OutboxStatus,
  type WithheldReason,
} from '#contracts/staff/statuses.ts';

/**
 * The tables as Kysely sees them (see migrations/). Times are milliseconds since the epoch on
 * both engines (`INTEGER` in SQLite, `BIGINT` in PostgreSQL, read back as numbers).
 */
/** A `leads` row: the lead fields of the contract under their own names, `clientType` as `client_type`. */
export interface LeadsTable extends Omit<LeadFields, 'clientType'> {
  id: string;
  created_at: number;
  client_type: LeadFields['clientType'];
  email_key: string;
  /** The number's search key (contracts/contact/phone-key.ts, migration 9). */
  phone_key: string;
  consent_given_at: number;
  consent_version: string;
  consent_text: string;
  /** The visitor's choice of contact (migration 10, contracts/contact/contact-choice.ts). */
  contact_channel: Generated<StoredChannel>;
  /** ISO weekdays (`1,4`) and slots (`14:00-17:00,17:00-20:00`); empty: « dès que possible ». */
  contact_days: Generated<string>;
  contact_slots: Generated<string>;
  /** The choice's wording as shown, its version and when it was given (or last changed). */
  contact_text: Generated<string>;
  contact_version: Generated<string>;
  contact_given_at: Generated<number | null>;
  /** The visitor's last change of the choice on the visitor page; null: never changed. */
  contact_changed_at: Generated<number | null>;
  /** When the visitor withdrew the phone consent (« Ne plus m'appeler »). */
  phone_withdrawn_at: Generated<number | null>;
  /** The calendar invitation's SEQUENCE: raised at each change of the slot. */
  contact_sequence: Generated<number>;
  /** The due time set when stored or changed; null for requests stored before migration 10. */
  due_at: Generated<number | null>;
  /** Who handles the request (`staff_people.id`, migration 13); null: « À attribuer ». */
  owner_id: Generated<string | null>;
  /** When it got its current owner; null while unassigned. */
  assigned_at: Generated<number | null>;
}

/** A visitor page's link (migration 10): the token only as its SHA-256 (hex). */
interface VisitorLinksTable {
  token_hash: string;
  lead_id: string;
  created_at: number;
  expires_at: number;
}

export interface OutboxTable {
  id: Generated<number>;
  /** Null exactly for a digest (migration 5). */
  lead_id: string | null;
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
  /** The local day of a digest (its row in `digests`); null for every other kind. */
  digest_day: Generated<string | null>;
  /** The webhook alert it sends (kind `webhook_alert`); null for every other kind. */
  webhook_alert_id: Generated<number | null>;
  /** The person a digest or a hand-over goes to (migration 14); null for every other kind. */
  person_id: Generated<string | null>;
}

/**
 * Fixed-window counters shared by every instance (the site-wide budget of new requests, the
 * company's notifications per 10 minutes): one row per counter and window.
 */
interface CountersTable {
  name: string;
  window_start: number;
  count: number;
}

interface RateLimitHitsTable {
  client_key: string;
  at: number;
}

/** A lead's working state and where it came from (one row per lead, added by migration 4). */
export interface LeadTrackingTable {
  lead_id: string;
  status: LeadStatus;
  status_changed_at: number | null;
  /** The page of our site from which the visitor opened the form (a path), when known. */
  source_page: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
}

/** A sign-in link's token, stored only as its SHA-256 (hex). */
interface StaffSignInTokensTable {
  token_hash: string;
  email: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** A server-side staff session; the cookie carries the id, the table only its SHA-256 (hex). */
export interface StaffSessionsTable {
  id_hash: string;
  email: string;
  created_at: number;
  last_seen_at: number;
  /** The absolute expiry (7 days after sign-in); the idle one is `last_seen_at` + 8 h. */
  expires_at: number;
  revoked_at: number | null;
}

/** Notes written by staff on a lead; erased with the lead, never edited. */
interface LeadNotesTable {
  id: Generated<number>;
  lead_id: string;
  at: number;
  author: string;
  text: string;
}

/**
 * The audit trail: append-only (triggers refuse UPDATE and DELETE on both engines). Holds no
 * personal data of requesters: a lead id (random), the staff member, the action and a detail
 * (a status change, a count).
 */
interface StaffAuditTable {
  id: Generated<number>;
  at: number;
  actor: string;
  action: AuditAction;
  lead_id: string | null;
  detail: string;
}

interface SchemaMigrationsTable {
  version: number;
  name: string;
  applied_at: number;
}

/**
 * The audience's aggregates (migration 6, ADR 0023): counts per Paris day, page, referring host
 * and device class; nothing per visitor.
 */
export interface AudienceDailyTable {
  /** YYYY-MM-DD, the day in Europe/Paris. */
  day: string;
  /** A known page's path, or 'autre page'. */
  page: string;
  /** The referring site's host ('' for none; 'autres' past the day's 50 hosts). */
  referrer: string;
  device: string;
  views: number;
  entries: number;
}

/** Entries per Paris day and landing campaign (RECORD_CAMPAIGNS on), at most 50 a day. */
export interface AudienceCampaignsTable {
  day: string;
  /** `source / medium / campaign` as tagged, or 'autres' past the day's cap. */
  campaign: string;
  entries: number;
}

export interface Tables extends WebhookTables, TeamTables {
  leads: LeadsTable;
  outbox: OutboxTable;
  rate_limit_hits: RateLimitHitsTable;
  counters: CountersTable;
  schema_migrations: SchemaMigrationsTable;
  lead_tracking: LeadTrackingTable;
  staff_sign_in_tokens: StaffSignInTokensTable;
  staff_sessions: StaffSessionsTable;
  lead_notes: LeadNotesTable;
  staff_audit: StaffAuditTable;
  lead_calls: LeadCallsTable;
  digests: DigestsTable;
  audience_daily: AudienceDailyTable;
  audience_campaigns: AudienceCampaignsTable;
  visitor_links: VisitorLinksTable;
}

/**
 * The status unions the staff contract, its pages and the server's tables share: defined here,
 * imported by the server's table types (server/store/schema.ts, server/callback/tables.ts).
 */

/** `digest`: the morning digest of the call-back clock (no lead: `digest_day` names its day). */
/** `webhook_alert`: the CRM webhook's alert (no lead: `webhook_alert_id` names it, migration 7). */
/**
 * The visitor page (ADR 0029, migration 10): `schedule_update` and `schedule_cancel`, the
 * visitor's updated and cancelled calendar invitations; `visitor_notice`, the staff's notice of
 * a visitor's change.
 */
export type MailKind =
  | 'notification'
  | 'confirmation'
  | 'alert'
  | 'digest'
  | 'webhook_alert'
  | 'schedule_update'
  | 'schedule_cancel'
  | 'visitor_notice'
  | 'handover';
/** `withheld`: not sent on purpose; `withheld_reason` says why (see `WithheldReason`). */
export type OutboxStatus = 'pending' | 'sent' | 'failed' | 'withheld';

/**
 * Why an e-mail was not sent on purpose (ADR 0008):
 * - `confirmation-recent`: this address already got a confirmation in the last 24 h;
 * - `notification-flood`: more requests than NOTIFICATIONS_PER_10_MINUTES arrived in the current
 *   10-minute window; one alert covers them (the request is stored and listed all the same).
 */
export type WithheldReason = 'confirmation-recent' | 'notification-flood';

/** Where a request stands for the sales staff (migration 4). */
export const LEAD_STATUSES = ['nouveau', 'en_cours', 'converti', 'perdu'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** A staff member's role (ADR 0044): a responsable also runs the team; a commercial sells. */
export const TEAM_ROLES = ['responsable', 'commercial'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

export type AuditAction =
  | 'call'
  | 'status'
  | 'note'
  | 'erase'
  | 'retry'
  | 'export'
  | 'sign_in'
  | 'sign_out'
  /** The CRM webhook's staff actions (ADR 0024): « Renvoyer », « Réactiver », « Envoyer un test ». */
  | 'webhook_resend'
  | 'webhook_enable'
  | 'webhook_test'
  /** The requester's own changes on the visitor page (ADR 0029), actor `demandeur`. */
  | 'visitor_slots'
  | 'visitor_stop_calls'
  /** « Être rappelé(e) par téléphone »: the phone consent given again (ADR 0030). */
  | 'visitor_allow_calls'
  | 'visitor_erase'
  /** The team page's and the CLI's changes to the people (ADR 0044); detail: the person's e-mail. */
  | 'team_add'
  | 'team_role'
  | 'team_deactivate'
  | 'team_reactivate'
  /** A request's owner changed: taken, handed over, reassigned (ADR 0045). */
  | 'lead_assigned'
  /** The assignment rule, visibility or départements changed (ADR 0045). */
  | 'team_settings';

/**
 * What came of a call (the call log's outcomes). `repondu_email` is no call: a written answer
 * recorded by staff (migration 8), which reaches the person as `joint` does.
 */
export type CallOutcome =
  'joint' | 'pas_de_reponse' | 'messagerie' | 'numero_errone' | 'repondu_email';

/** The outcomes that reach the person: the first one stops the call-back clock (ADR 0028). */
export const REACHING_OUTCOMES = [
  'joint',
  'repondu_email',
] as const satisfies readonly CallOutcome[];
/** The outcomes that are phone calls: each counts toward the four in 30 days (décret 2022-1313). */
export const PHONE_OUTCOMES = [
  'joint',
  'pas_de_reponse',
  'messagerie',
  'numero_errone',
] as const satisfies readonly CallOutcome[];

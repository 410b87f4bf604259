import type { Logger } from '#server/logger.ts';
import type { MailMessage, MailSettings } from './templates.ts';
import type { MailTransport } from './mail-transport.ts';
import type { Lead } from '#server/db/records/lead.ts';
import type { OutboxRow } from './rows.ts';
import type { OutboxStore } from './store.ts';

/** The outbox worker's settings (worker.ts), their defaults, the retry delays, the file names. */
/** What the worker reads of the requests (the lead capability's store, given by the composition). */
export interface LeadReads {
  getLeads(ids: readonly string[]): Promise<Map<string, Lead>>;
  /** The notification window holding `at`, with the requests counted in it (for the alert). */
  notificationWindow(
    at: number,
    windowMs: number,
  ): Promise<{ start: number; end: number; requests: number }>;
}

export interface OutboxOptions {
  store: OutboxStore;
  leads: LeadReads;
  transport: MailTransport;
  logger: Logger;
  mail: MailSettings;
  /** Longest wait between two looks at the outbox. */
  pollIntervalMs?: number;
  /** First retry delay; doubles with each failure up to `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  batchSize?: number;
  /**
   * E-mails sent at once, recorded together (default 1). More sends faster, but a crash can
   * then cut that many sends before their mark, each e-mail of them sent twice.
   */
  sendConcurrency?: number;
  /**
   * How long a claim holds. A worker stops sending from a claimed batch once half of it is gone
   * (then claims again), so one send must take less than half a lease: env.ts wants the lease at
   * least twice SMTP_TIMEOUT_MS. A crashed instance's claims come back to the others after it.
   */
  leaseMs?: number;
  /** The notification window an alert reports on (10 minutes). */
  notificationWindowMs?: number;
  /** NOTIFICATIONS_PER_10_MINUTES, quoted in the alert. */
  notificationLimit?: number;
  /**
   * Writes the morning digest of an outbox row of kind `digest` (server/callback/digest-mail.ts);
   * undefined when it cannot. Without it (the Supabase worker) a digest row is given up.
   */
  digest?: (row: OutboxRow, settings: MailSettings) => Promise<MailMessage | undefined>;
  /** Writes the CRM webhook's alert of a `webhook_alert` row (server/webhooks/alert-mail.ts). */
  webhookAlert?: (row: OutboxRow, settings: MailSettings) => Promise<MailMessage | undefined>;
  now?: () => number;
}

export const OUTBOX_DEFAULTS = {
  pollIntervalMs: 10_000,
  baseDelayMs: 5_000,
  maxDelayMs: 5 * 60_000,
  batchSize: 25,
  sendConcurrency: 1,
  leaseMs: 120_000,
  notificationWindowMs: 10 * 60_000,
  notificationLimit: 20,
} as const;

export function backoffDelay(attempts: number, baseMs: number, maxMs: number): number {
  const exponent = Math.min(Math.max(attempts - 1, 0), 30);
  return Math.min(maxMs, baseMs * 2 ** exponent);
}

/** The `.eml` files' folder under DATA_DIR (the file transport's outbox). */
export const EML_DIRECTORY = 'outbox-mail';

const REPEATED_KINDS: ReadonlySet<OutboxRow['kind']> = new Set([
  'handover',
  'schedule_update',
  'schedule_cancel',
  'visitor_notice',
]);

/** The file name (without `.eml`) of one message in the file transport. */
export function mailFileStem(
  row: Pick<OutboxRow, 'leadId' | 'kind'> & {
    digestDay?: string | null;
    webhookAlertId?: number | null;
    personId?: string | null;
    id?: number;
  },
): string {
  if (row.kind === 'webhook_alert') return `webhook-alert-${row.webhookAlertId}`;
  // A request may have several of the visitor's change e-mails: each row its own file.
  if (REPEATED_KINDS.has(row.kind)) return `${row.leadId}-${row.kind}-${row.id ?? 0}`;
  if (row.leadId !== null) return `${row.leadId}-${row.kind}`;
  // A person's digest (ADR 0048); the shared ones decided before migration 14 have no person.
  return row.personId ? `digest-${row.digestDay}-${row.personId}` : `digest-${row.digestDay}`;
}

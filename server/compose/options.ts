import type { Hono } from 'hono';

import type { AudienceService } from '#server/audience/index.ts';
import type { CallbackCalendar } from '#server/callback/index.ts';
import type { DigestScheduler } from '#server/callback/index.ts';
import type { CallbackService } from '#server/callback/index.ts';
import { calendarFromEnv } from '#server/callback/index.ts';
import type { ServerEnv } from '#server/env.ts';
import type { RefusalLog } from '#server/http/refusal-log.ts';
import type { LeadService } from '#server/leads/index.ts';
import type { Logger } from '#server/logger.ts';
import type { MailTransport } from '#server/outbox/index.ts';
import type { OutboxOptions, OutboxWorker } from '#server/outbox/index.ts';
import type { Stores } from './stores.ts';
import type { WebhookService } from '#server/webhooks/index.ts';
import { webhookConfigFromEnv, type WebhookConfig } from '#server/webhooks/index.ts';

/**
 * The lead pipeline, assembled: store, rate limiter, endpoint, outbox worker and the daily
 * retention purge. `main.ts` builds it from the environment; tests build it with small delays.
 */
export interface PipelineOptions {
  dataDir: string;
  /** `postgres://…` selects PostgreSQL; unset: SQLite under `dataDir`. */
  databaseUrl?: string;
  logger: Logger;
  smtpUrl?: string;
  /** Set: e-mail through the HTTP API at this base URL (with `mailApiKey`) instead of SMTP. */
  mailApiUrl?: string;
  mailApiKey?: string;
  mailTo: string;
  mailFrom: string;
  sendConfirmation: boolean;
  rateLimitPerHour: number;
  /** SITE_RATE_LIMIT_PER_MINUTE (default 60). */
  siteRateLimitPerMinute?: number;
  /** NOTIFICATIONS_PER_10_MINUTES (default 20). */
  notificationsPer10Minutes?: number;
  /** MAX_LEAD_REQUESTS_IN_PROGRESS (default 64). */
  maxLeadRequestsInProgress?: number;
  /** REFUSAL_DELAY_MS (default 1 000). */
  refusalDelayMs?: number;
  trustProxy?: string;
  origins: () => readonly string[];
  /**
   * SITE_URL as set: the base of the redirects after a native post and of sign-in links.
   * Unset: redirects stay on the page's origin (see `ContactEndpointDeps.siteUrl`) and links
   * use the server's first origin.
   */
  siteUrl?: string;
  outbox?: Pick<
    OutboxOptions,
    'pollIntervalMs' | 'baseDelayMs' | 'maxDelayMs' | 'batchSize' | 'leaseMs'
  >;
  smtpTimeoutMs?: number;
  purgeIntervalMs?: number;
  /** Who may sign in to the staff inbox (STAFF_EMAILS); empty or unset: nobody. */
  staffEmails?: readonly string[];
  /** Store the campaign tags sent with a request (RECORD_CAMPAIGNS, off by default). */
  recordCampaigns?: boolean;
  /** The call-back clock's calendar (promise, working days, call hours, digest time). */
  calendar?: CallbackCalendar;
  /**
   * The time (ms since the epoch) for everything that depends on it: the real clock (`Date.now`)
   * in production, never a setting; tests pass one they control.
   */
  clock?: () => number;
  /** How often the morning digest is looked at (default one minute). */
  digestLookEveryMs?: number;
  /** False: no morning digest from this instance (tests without a controlled clock). */
  digest?: boolean;
  /** The CRM webhook (WEBHOOK_URL and its settings); unset: none. */
  webhook?: WebhookConfig;
  /** The webhook worker's longest wait between two looks (default 10 s; tests shorten it). */
  webhookPollIntervalMs?: number;
  /** The audience count's buffer flush period (default 5 s) and clock (tests). */
  audience?: { flushMs?: number; now?: () => number };
}

export interface LeadPipeline {
  /** Every capability's store, on the one database. */
  stores: Stores;
  leads: LeadService;
  worker: OutboxWorker;
  transport: MailTransport;
  /** The call-back clock and its morning digest. */
  callback: CallbackService;
  digest: DigestScheduler;
  /** Refusals, counted and logged in aggregate. */
  refusalLog: RefusalLog;
  /** The audience count (ADR 0023). */
  audience: AudienceService;
  /** The CRM webhook (ADR 0024); undefined without WEBHOOK_URL. */
  webhooks: WebhookService | undefined;
  register: (app: Hono) => void;
  healthCheck: () => Promise<Record<string, unknown>>;
  /** Starts the outbox worker and the retention purge. */
  start: () => void;
  close: () => Promise<void>;
}

export const PURGE_INTERVAL_MS = 24 * 60 * 60 * 1000;

export function pipelineOptionsFromEnv(
  env: ServerEnv,
  logger: Logger,
  origins: () => readonly string[],
): PipelineOptions {
  return {
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    logger,
    smtpUrl: env.SMTP_URL,
    mailApiUrl: env.MAIL_API_URL,
    mailApiKey: env.MAIL_API_KEY,
    smtpTimeoutMs: env.SMTP_TIMEOUT_MS,
    mailTo: env.MAIL_TO,
    mailFrom: env.MAIL_FROM,
    sendConfirmation: env.SEND_CONFIRMATION,
    rateLimitPerHour: env.RATE_LIMIT_PER_HOUR,
    siteRateLimitPerMinute: env.SITE_RATE_LIMIT_PER_MINUTE,
    notificationsPer10Minutes: env.NOTIFICATIONS_PER_10_MINUTES,
    maxLeadRequestsInProgress: env.MAX_LEAD_REQUESTS_IN_PROGRESS,
    refusalDelayMs: env.REFUSAL_DELAY_MS,
    trustProxy: env.TRUST_PROXY,
    origins,
    siteUrl: env.SITE_URL,
    outbox: { leaseMs: env.OUTBOX_LEASE_SECONDS * 1000 },
    staffEmails: env.STAFF_EMAILS,
    recordCampaigns: env.RECORD_CAMPAIGNS,
    calendar: calendarFromEnv(env),
    webhook: webhookConfigFromEnv(env),
  };
}

import { join } from 'node:path';

import type { Hono } from 'hono';

import { registerAudienceBeacon } from './audience/routes';
import { registerAudienceStaffRoutes } from './audience/staff-routes';
import { AudienceService } from './audience/service';
import { registerContactEndpoint } from './contact-endpoint';
import { siteConfig } from '../config/site';
import { companyMailDomain, type ServerEnv } from './env';
import { createLeadService, NOTIFICATION_WINDOW_MS, type LeadService } from './leads/submit-lead';
import type { Logger } from './logger';
import { createHttpApiTransport } from './mail/http-api-transport';
import {
  createEmlTransport,
  createSmtpTransport,
  EML_DIRECTORY,
  type MailTransport,
} from './mail/transport';
import { OutboxWorker, type OutboxOptions } from './outbox';
import { RateLimiter } from './rate-limit';
import { requestClientKey } from './request-client';
import { RefusalLog } from './refusal-log';
import { registerStaffApi } from './staff/api';
import { DEFAULT_CALENDAR, type CallbackCalendar } from './callback/calendar';
import { DigestScheduler, digestWriter } from './callback/digest';
import { CallbackService } from './callback/service';
import { calendarFromEnv } from './callback/settings';
import { formatDueTime } from '../staff/callback-format';
import { callbackTimeAt, encodeCallbackTime } from '../contact/callback-time';
import { runPurge } from './retention';
import { registerWebhookStaffRoutes } from './webhooks/staff-routes';
import { WebhookService } from './webhooks/service';
import { webhookConfigFromEnv, type WebhookConfig } from './webhooks/settings';
import { type LeadStore } from './store';
import { openLeadStore } from './store/open';

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
  store: LeadStore;
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
  /** The CRM webhook (issue 26); undefined without WEBHOOK_URL. */
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

/** Longest wait for the database in /healthz before it reports the database as down. */
const HEALTH_TIMEOUT_MS = 3_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The HTTP API when MAIL_API_URL is set, else SMTP when SMTP_URL is set, else `.eml` files. */
function createTransport(options: PipelineOptions): MailTransport {
  if (options.mailApiUrl) {
    if (options.smtpUrl) {
      options.logger.warn('smtp_url_ignored', { reason: 'MAIL_API_URL is set' });
    }
    return createHttpApiTransport({
      url: options.mailApiUrl,
      apiKey: options.mailApiKey ?? '',
      timeoutMs: options.smtpTimeoutMs,
    });
  }
  if (options.smtpUrl) {
    return createSmtpTransport(options.smtpUrl, { timeoutMs: options.smtpTimeoutMs });
  }
  return createEmlTransport(join(options.dataDir, EML_DIRECTORY), options.logger);
}

/** Opens the store (throws `StoreOpenError` when it cannot connect or migrate). */
export async function createLeadPipeline(options: PipelineOptions): Promise<LeadPipeline> {
  const { logger } = options;
  let lastPoolError = 0;
  const store = await openLeadStore({
    dataDir: options.dataDir,
    databaseUrl: options.databaseUrl,
    webhookEvents: options.webhook !== undefined,
    onPoolError: (error) => {
      // A database restart drops every idle connection at once: log it once per minute.
      if (Date.now() - lastPoolError < 60_000) return;
      lastPoolError = Date.now();
      logger.warn('database_connection_lost', { error: error.message });
    },
  });
  const limiter = new RateLimiter(store, options.rateLimitPerHour);
  const transport = createTransport(options);
  const clock = options.clock ?? Date.now;
  const calendar = options.calendar ?? DEFAULT_CALENDAR;
  const callback = new CallbackService(store, calendar, clock);
  /** What the visitor is told: the call-back clock's due time, on the company's wall clock. */
  const callbackTimeBy = (receivedAt: number) =>
    callbackTimeAt(callback.dueAt(receivedAt), calendar.timeZone);
  /** Links that leave the page (sign-in, the digest): SITE_URL, or the server's own origin. */
  const linkBase = () => options.siteUrl ?? options.origins()[0] ?? siteConfig.siteUrl;
  const webhooks = options.webhook
    ? new WebhookService({
        store,
        config: options.webhook,
        logger,
        messageDomain: companyMailDomain(),
        siteUrl: linkBase,
        // The outbox worker (built below) sends the alert e-mails at once.
        onAlert: () => worker.kick(),
        now: clock,
        pollIntervalMs: options.webhookPollIntervalMs,
      })
    : undefined;
  const worker = new OutboxWorker({
    store,
    transport,
    logger,
    now: clock,
    digest: digestWriter(store, callback, linkBase),
    webhookAlert: webhooks?.alertWriter(),
    mail: {
      from: options.mailFrom,
      to: options.mailTo,
      dueTime: (receivedAt) => formatDueTime(callback.dueAt(receivedAt), calendar.timeZone),
      callbackBy: callbackTimeBy,
    },
    notificationWindowMs: NOTIFICATION_WINDOW_MS,
    notificationLimit: options.notificationsPer10Minutes ?? 20,
    ...options.outbox,
  });
  const refusalLog = new RefusalLog(logger);
  const leads = createLeadService({
    store,
    limiter,
    logger,
    sendConfirmation: options.sendConfirmation,
    messageDomain: companyMailDomain(),
    recordCampaigns: options.recordCampaigns ?? false,
    flood: {
      siteRequestsPerMinute: options.siteRateLimitPerMinute ?? 60,
      notificationsPer10Minutes: options.notificationsPer10Minutes ?? 20,
    },
    webhooks: webhooks !== undefined,
    onStored: () => {
      worker.kick();
      webhooks?.worker.kick();
    },
    now: clock,
  });
  const digest = new DigestScheduler({
    store,
    callback,
    logger,
    messageDomain: companyMailDomain(),
    onQueued: () => worker.kick(),
    lookEveryMs: options.digestLookEveryMs,
  });
  const audience = new AudienceService({
    store: () => store.audience,
    logger,
    recordCampaigns: options.recordCampaigns ?? false,
    flushMs: options.audience?.flushMs,
    now: options.audience?.now ?? clock,
  });
  let purgeTimer: NodeJS.Timeout | undefined;

  const purge = async () => {
    try {
      const result = await runPurge(store, options.audience?.now?.());
      logger.info('retention_purge', { status: 'done', ...result });
    } catch (error) {
      logger.error('retention_purge', { status: 'failed', error });
    }
  };

  return {
    store,
    leads,
    worker,
    transport,
    callback,
    digest,
    refusalLog,
    audience,
    webhooks,
    register: (app) => {
      registerAudienceBeacon(app, {
        service: audience,
        clientKey: (c) => requestClientKey(c, options.trustProxy),
      });
      registerContactEndpoint(app, {
        leads,
        logger,
        origins: options.origins,
        siteUrl: options.siteUrl,
        trustProxy: options.trustProxy,
        maxRequestsInProgress: options.maxLeadRequestsInProgress,
        refusalDelayMs: options.refusalDelayMs,
        refusalLog,
        callbackBy: (receivedAt) => encodeCallbackTime(callbackTimeBy(receivedAt)),
      });
      registerStaffApi(app, {
        store,
        transport,
        logger,
        staffEmails: options.staffEmails ?? [],
        siteUrl: linkBase,
        origins: options.origins,
        trustProxy: options.trustProxy,
        mailFrom: options.mailFrom,
        messageDomain: companyMailDomain(),
        onRetry: () => worker.kick(),
        now: clock,
        callback,
        onChanged: () => webhooks?.worker.kick(),
        registerMore: (staffApp, requireStaff) => {
          registerAudienceStaffRoutes(staffApp, {
            requireStaff,
            store: () => store.audience,
            now: options.audience?.now ?? clock,
          });
          registerWebhookStaffRoutes(staffApp, { requireStaff, service: webhooks });
        },
      });
    },
    healthCheck: async () => {
      store.assertWritable();
      const backlog = await withTimeout(store.outbox.backlog(Date.now()), HEALTH_TIMEOUT_MS);
      return {
        storage: 'ok',
        database: store.engine,
        mailTransport: transport.kind,
        outbox: backlog,
      };
    },
    start: () => {
      logger.info('outbox_started', { transport: transport.kind });
      worker.start();
      if (webhooks) {
        logger.info('webhook_started', { endpoint: webhooks.endpoint });
        webhooks.worker.start();
      }
      if (options.digest !== false) digest.start();
      audience.start();
      void purge();
      purgeTimer = setInterval(() => void purge(), options.purgeIntervalMs ?? PURGE_INTERVAL_MS);
      purgeTimer.unref();
    },
    close: async () => {
      clearInterval(purgeTimer);
      refusalLog.flush();
      await digest.stop();
      await audience.close();
      await webhooks?.stop();
      await worker.stop();
      transport.close();
      await store.close();
    },
  };
}

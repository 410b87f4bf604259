/**
 * The services both composition roots build the same way: the Node server's (server/compose.ts)
 * and the Supabase Edge Functions' (supabase/functions/_shared/edge-pipeline.ts). Runs on Node
 * and on Deno: it imports no driver, no transport and nothing of Node but what Deno provides.
 */
import { companyMailDomain } from '../env.ts';
import { RateLimiter } from '../leads/rate-limit.ts';
import {
  createLeadService,
  NOTIFICATION_WINDOW_MS,
  type LeadService,
} from '../leads/submit-lead.ts';
import type { Logger } from '../logger.ts';
import type { MailSettings } from '../outbox/templates.ts';
import type { MailTransport } from '../outbox/mail-transport.ts';
import { OutboxWorker, type OutboxOptions } from '../outbox/worker.ts';
import type { LeadStore } from '../store/index.ts';
import { WebhookService, type WebhookServiceOptions } from '../webhooks/service.ts';
import type { WebhookConfig } from '../webhooks/settings.ts';

/** The settings the lead service reads (the server's settings, resolved). */
export interface LeadSettings {
  rateLimitPerHour: number;
  sendConfirmation: boolean;
  recordCampaigns: boolean;
  siteRateLimitPerMinute: number;
  notificationsPer10Minutes: number;
}

/** Validation to storage: the rate limiter over the store, the caps of issue 17, the webhook. */
export function composeLeadService(
  store: LeadStore,
  settings: LeadSettings,
  deps: { logger: Logger; webhooks: boolean; onStored: () => void; now?: () => number },
): LeadService {
  return createLeadService({
    store,
    limiter: new RateLimiter(store, settings.rateLimitPerHour),
    logger: deps.logger,
    sendConfirmation: settings.sendConfirmation,
    messageDomain: companyMailDomain(),
    recordCampaigns: settings.recordCampaigns,
    flood: {
      siteRequestsPerMinute: settings.siteRateLimitPerMinute,
      notificationsPer10Minutes: settings.notificationsPer10Minutes,
    },
    webhooks: deps.webhooks,
    onStored: deps.onStored,
    ...(deps.now ? { now: deps.now } : {}),
  });
}

/** The CRM webhook's service; undefined without a webhook (WEBHOOK_URL unset). */
export function composeWebhooks(
  store: LeadStore,
  config: WebhookConfig | undefined,
  deps: Omit<WebhookServiceOptions, 'store' | 'config' | 'messageDomain'>,
): WebhookService | undefined {
  if (!config) return undefined;
  return new WebhookService({ store, config, messageDomain: companyMailDomain(), ...deps });
}

/** The outbox worker: the notification alert on the same window as the submit path. */
export function composeOutboxWorker(
  store: LeadStore,
  transport: MailTransport,
  deps: {
    logger: Logger;
    mail: MailSettings;
    /** NOTIFICATIONS_PER_10_MINUTES. */
    notificationLimit: number;
  } & Pick<
    OutboxOptions,
    | 'now'
    | 'digest'
    | 'webhookAlert'
    | 'pollIntervalMs'
    | 'baseDelayMs'
    | 'maxDelayMs'
    | 'batchSize'
    | 'leaseMs'
  >,
): OutboxWorker {
  const { logger, mail, notificationLimit, ...options } = deps;
  // Only the options given: the worker's defaults fill the others (an `undefined` would not).
  const given = Object.fromEntries(
    Object.entries(options).filter(([, value]) => value !== undefined),
  ) as typeof options;
  return new OutboxWorker({
    store,
    transport,
    logger,
    mail,
    notificationWindowMs: NOTIFICATION_WINDOW_MS,
    notificationLimit,
    ...given,
  });
}

/**
 * The services both composition roots build the same way: the Node server's (server/compose.ts)
 * and the Supabase Edge Functions' (supabase/functions/_shared/edge-pipeline.ts). Runs on Node
 * and on Deno: it imports no driver, no transport and nothing of Node but what Deno provides.
 */
import { companyMailDomain } from '#server/env.ts';
import { StoredBudget } from '#server/http/client-budget.ts';
import type { ClientRates } from '#server/http/client-rates.ts';
import type { LeadStore } from '#server/leads/index.ts';
import {
  createLeadService,
  NOTIFICATION_WINDOW_MS,
  type LeadService,
} from '#server/leads/index.ts';
import type { Logger } from '#server/logger.ts';
import { type CallbackCalendar, contactOffer, nextChosenSlot } from '#server/callback/index.ts';
import type { MailSchedule, MailSettings } from '#server/outbox/index.ts';
import type { MailTransport } from '#server/outbox/index.ts';
import {
  OutboxWorker,
  type LeadReads,
  type OutboxOptions,
  type OutboxStore,
} from '#server/outbox/index.ts';
import type { Database } from '#server/db/database.ts';
import { WebhookService, type WebhookServiceOptions } from '#server/webhooks/index.ts';
import type { WebhookConfig } from '#server/webhooks/index.ts';

/** The settings the lead service reads (the server's settings, resolved). */
export interface LeadSettings {
  rateLimitPerHour: number;
  sendConfirmation: boolean;
  recordCampaigns: boolean;
  siteRateLimitPerMinute: number;
  notificationsPer10Minutes: number;
}

/** Validation to storage: the stored budget, the flood caps (ADR 0008), the webhook. */
export function composeLeadService(
  stores: { leads: LeadStore; rates: ClientRates },
  settings: LeadSettings,
  deps: {
    logger: Logger;
    webhooks: boolean;
    onStored: () => void;
    now?: () => number;
    /** The company's calendar: the days and slots a visitor may choose, their due times. */
    calendar: CallbackCalendar;
  },
): LeadService {
  return createLeadService({
    store: stores.leads,
    limiter: new StoredBudget(stores.rates, settings.rateLimitPerHour),
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
    contactOffer: contactOffer(deps.calendar),
    ...(deps.now ? { now: deps.now } : {}),
  });
}

/** The CRM webhook's service; undefined without a webhook (WEBHOOK_URL unset). */
export function composeWebhooks(
  stores: { database: Database },
  config: WebhookConfig | undefined,
  deps: Omit<WebhookServiceOptions, 'database' | 'config' | 'messageDomain'>,
): WebhookService | undefined {
  if (!config) return undefined;
  const { database } = stores;
  return new WebhookService({ database, config, messageDomain: companyMailDomain(), ...deps });
}

/**
 * The company's calendar as the e-mails need it (ADR 0029): the visitor's chosen slot and the
 * invitations' UID domain; with the time zone of the notification's due time.
 */
export function mailCalendar(
  calendar: CallbackCalendar,
): Pick<MailSettings, 'timeZone'> & { schedule: MailSchedule } {
  return {
    timeZone: calendar.timeZone,
    schedule: {
      nextSlot: (from, choice) => nextChosenSlot(from, choice, calendar),
      uidDomain: companyMailDomain(),
    },
  };
}

/** The outbox worker: the notification alert on the same window as the submit path. */
export function composeOutboxWorker(
  stores: { outbox: OutboxStore; leads: LeadReads },
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
    store: stores.outbox,
    leads: stores.leads,
    transport,
    logger,
    mail,
    notificationWindowMs: NOTIFICATION_WINDOW_MS,
    notificationLimit,
    ...given,
  });
}

/**
 * The outbox worker, built from the settings (server/env.ts), its store and a mail transport:
 * the notification alert on the same window as the submit path. The Node server
 * (server/compose.ts) and the `outbox-worker` Edge Function build it here.
 */
import type { ServerEnv } from '#server/env.ts';
import type { Logger } from '#server/logger.ts';
import { createHttpApiTransport } from './http-api-transport.ts';
import type { MailTransport } from './mail-transport.ts';
import type { OutboxStore } from './store.ts';
import type { MailSettings } from './templates.ts';
import { OutboxWorker, type OutboxOptions } from './worker.ts';
import type { LeadReads } from './worker-options.ts';

type OutboxSettings = Pick<
  ServerEnv,
  'MAIL_FROM' | 'MAIL_TO' | 'NOTIFICATIONS_PER_10_MINUTES' | 'OUTBOX_LEASE_SECONDS'
>;

export function buildOutboxWorker(
  settings: OutboxSettings,
  stores: { outbox: OutboxStore; leads: LeadReads },
  transport: MailTransport,
  deps: {
    logger: Logger;
    /** What the e-mails say besides their addresses (due times, links, slots). */
    mail: Omit<MailSettings, 'from' | 'to'>;
    /** The notification alert's window: the submit path's (leads' NOTIFICATION_WINDOW_MS). */
    notificationWindowMs: number;
  } & Pick<OutboxOptions, 'now' | 'digest' | 'webhookAlert'> &
    Pick<OutboxOptions, 'pollIntervalMs' | 'baseDelayMs' | 'maxDelayMs' | 'batchSize'>,
): OutboxWorker {
  const { logger, mail, notificationWindowMs, ...options } = deps;
  // Only the options given: the worker's defaults fill the others (an `undefined` would not).
  const given = Object.fromEntries(
    Object.entries(options).filter(([, value]) => value !== undefined),
  ) as typeof options;
  return new OutboxWorker({
    store: stores.outbox,
    leads: stores.leads,
    transport,
    logger,
    mail: { from: settings.MAIL_FROM, to: settings.MAIL_TO, ...mail },
    notificationWindowMs,
    notificationLimit: settings.NOTIFICATIONS_PER_10_MINUTES,
    leaseMs: settings.OUTBOX_LEASE_SECONDS * 1000,
    ...given,
  });
}

/** The HTTP mail API's transport (MAIL_API_URL and MAIL_API_KEY); undefined without them. */
export function buildApiTransport(
  settings: Pick<ServerEnv, 'MAIL_API_URL' | 'MAIL_API_KEY' | 'SMTP_TIMEOUT_MS'>,
): MailTransport | undefined {
  if (!settings.MAIL_API_URL || !settings.MAIL_API_KEY) return undefined;
  return createHttpApiTransport({
    url: settings.MAIL_API_URL,
    apiKey: settings.MAIL_API_KEY,
    timeoutMs: settings.SMTP_TIMEOUT_MS,
  });
}

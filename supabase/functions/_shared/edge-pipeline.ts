/**
 * What both Edge Functions share: the server's settings (validated by the same schema, from the
 * function's secrets), the store over Postgres.js on the project's database, and the outbox
 * worker with the HTTP mail transport. Nothing here is a second implementation: the services are
 * built by the Node server's composition code (server/compose/services.ts).
 */
/// <reference types="../../../config/globals.d.ts" />
import { sql } from 'kysely';

import type { CallbackTime } from '#contracts/contact/callback-time.ts';
import { formatDueTime } from '#contracts/staff/callback-format.ts';
import { dueAt, type CallbackCalendar } from '#server/callback/calendar.ts';
import { dueWallTimeBy } from '#server/callback/wall-time.ts';
import { calendarFromEnv } from '#server/callback/settings.ts';

import { parseEnv, type ServerEnv } from '#server/env.ts';
import { createLogger, type Logger } from '#server/logger.ts';
import { createHttpApiTransport } from '#server/outbox/http-api-transport.ts';
import type { OutboxWorker } from '#server/outbox/worker.ts';
import { AudienceStore } from '#server/audience/store.ts';
import { Database } from '#server/db/database.ts';
import { ClientRates } from '#server/http/client-rates.ts';
import { LeadStore } from '#server/leads/lead-store.ts';
import { OutboxStore } from '#server/outbox/store.ts';
import { openPostgresJs } from '#server/db/postgres-js.ts';
import type { WebhookService } from '#server/webhooks/service.ts';
import { webhookConfigFromEnv } from '#server/webhooks/settings.ts';
import { composeOutboxWorker, composeWebhooks, mailCalendar } from '#server/compose/services.ts';

export interface EdgePipeline {
  env: ServerEnv;
  logger: Logger;
  /** The stores the functions use, on the project's database (server/compose/stores.ts's way). */
  stores: {
    database: Database;
    leads: LeadStore;
    rates: ClientRates;
    outbox: OutboxStore;
    audience: AudienceStore;
  };
  /** Undefined without MAIL_API_URL: then nothing is sent (the rows wait). */
  worker: OutboxWorker | undefined;
  /** The CRM webhook (WEBHOOK_URL); its events are delivered by the `outbox-worker` function. */
  webhooks: WebhookService | undefined;
  /** The call-back clock's due time of a request received at a moment, on the company's clock. */
  callbackBy(receivedAt: number): CallbackTime;
  /** The company's calendar (the call-back clock's settings, CALL_WINDOWS included). */
  calendar: CallbackCalendar;
  /** The worker's shared secret: OUTBOX_WORKER_SECRET, else Vault's `outbox_worker_secret`. */
  workerSecret(): Promise<string | undefined>;
}

export function createEdgePipeline(source: Record<string, string>): EdgePipeline {
  // Supabase's gateway sets X-Forwarded-For: the client is its right-most entry. A refusal is
  // answered at once unless REFUSAL_DELAY_MS is set: the Node server holds it to keep its one
  // event loop for the pages, which here are on a CDN, while a held answer keeps an invocation
  // (and its wall-clock budget) open.
  const env = parseEnv({ TRUST_PROXY: 'x-forwarded-for', REFUSAL_DELAY_MS: '0', ...source });
  const databaseUrl = source.SUPABASE_DB_URL || env.DATABASE_URL;
  if (!databaseUrl) throw new Error('SUPABASE_DB_URL is not set');
  const logger = createLogger(env.LOG_LEVEL);
  const connection = openPostgresJs(databaseUrl);
  const webhook = webhookConfigFromEnv(env);
  const calendar = calendarFromEnv(env);
  const callbackBy = dueWallTimeBy(calendar);
  const database = new Database(connection, {
    dataDir: '',
    databaseUrl,
    webhookEvents: webhook !== undefined,
  });
  const stores = {
    database,
    leads: new LeadStore(database),
    rates: new ClientRates(database),
    outbox: new OutboxStore(database),
    audience: new AudienceStore(database),
  };
  const webhooks = composeWebhooks(stores, webhook, {
    logger,
    // Alerts link to the staff pages of the Node server (SITE_URL), if any.
    siteUrl: () => env.SITE_URL ?? '',
  });
  const worker =
    env.MAIL_API_URL && env.MAIL_API_KEY
      ? composeOutboxWorker(
          stores,
          createHttpApiTransport({
            url: env.MAIL_API_URL,
            apiKey: env.MAIL_API_KEY,
            timeoutMs: env.SMTP_TIMEOUT_MS,
          }),
          {
            logger,
            mail: {
              from: env.MAIL_FROM,
              to: env.MAIL_TO,
              dueTime: (receivedAt) =>
                formatDueTime(dueAt(receivedAt, calendar), calendar.timeZone),
              callbackBy,
              // The notification links to the request's page on the Node server, if any. No
              // visitor page link: its API runs on the Node server only (docs/mail.md).
              ...(env.SITE_URL ? { siteUrl: () => env.SITE_URL ?? '' } : {}),
              ...mailCalendar(calendar),
            },
            // The notification alert (ADR 0008): the same window and limit as the submit path.
            notificationLimit: env.NOTIFICATIONS_PER_10_MINUTES,
            leaseMs: env.OUTBOX_LEASE_SECONDS * 1000,
            webhookAlert: webhooks?.alertWriter(),
          },
        )
      : undefined;
  return {
    env,
    logger,
    stores,
    worker,
    webhooks,
    callbackBy,
    calendar,
    async workerSecret() {
      if (source.OUTBOX_WORKER_SECRET) return source.OUTBOX_WORKER_SECRET;
      const { rows } = await sql<{ secret: string }>`
        SELECT decrypted_secret AS secret FROM vault.decrypted_secrets
        WHERE name = 'outbox_worker_secret'`.execute(connection.db);
      return rows[0]?.secret || undefined;
    },
  };
}

/** Compares two secrets in constant time (their SHA-256 digests, byte by byte). */
export async function sameSecret(given: string, expected: string): Promise<boolean> {
  const digest = async (value: string) =>
    new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value)));
  const [a, b] = await Promise.all([digest(given), digest(expected)]);
  let difference = 0;
  for (let index = 0; index < a.length; index += 1) difference |= (a[index] ?? 0) ^ (b[index] ?? 0);
  return difference === 0;
}

/** `EdgeRuntime.waitUntil` where the hosted runtime offers it: work that outlives the answer. */
export function runAfterAnswer(work: () => Promise<unknown>): void {
  const runtime = (globalThis as { EdgeRuntime?: { waitUntil?: (task: Promise<unknown>) => void } })
    .EdgeRuntime;
  if (typeof runtime?.waitUntil === 'function') runtime.waitUntil(work());
}

/**
 * What the Edge Functions share: the server's settings (parsed by the same schema, from the
 * function's secrets), the stores over Postgres.js on the project's database, and the
 * capabilities built by the Node server's builders (each capability's `build.ts`, through its
 * entry module; ADR 0042), with the HTTP mail transport. Nothing here is a second
 * implementation.
 */
/// <reference types="../../../config/globals.d.ts" />
import { sql } from 'kysely';

import { buildCallbackClock, type CallbackClock } from '#server/callback/index.ts';
import { Database } from '#server/db/database.ts';
import { openPostgresJs } from '#server/db/postgres-js.ts';
import { ClientRates } from '#server/http/client-rates.ts';
import { parseEnv, type ServerEnv } from '#server/env.ts';
import {
  buildLeads,
  LeadStore,
  NOTIFICATION_WINDOW_MS,
  type LeadService,
} from '#server/leads/index.ts';
import { createLogger, type Logger } from '#server/logger.ts';
import { teamAssigner } from '#server/team/index.ts';
import {
  buildApiTransport,
  buildOutboxWorker,
  OutboxStore,
  type OutboxWorker,
} from '#server/outbox/index.ts';
import {
  buildWebhooks,
  webhookConfigFromEnv,
  type WebhookService,
} from '#server/webhooks/index.ts';

export interface EdgePipeline {
  settings: ServerEnv;
  logger: Logger;
  /**
   * The stores the functions share, on the project's database (the `audience-beacon` function
   * builds its own: the others load no audience code).
   */
  stores: { database: Database; leads: LeadStore; rates: ClientRates; outbox: OutboxStore };
  /** Undefined without MAIL_API_URL: then nothing is sent (the rows wait). */
  worker: OutboxWorker | undefined;
  /** The CRM webhook (WEBHOOK_URL); its events are delivered by the `outbox-worker` function. */
  webhooks: WebhookService | undefined;
  /** The call-back clock: the calendar, the due times, what the visitor is told. */
  callback: CallbackClock;
  /** The worker's shared secret: OUTBOX_WORKER_SECRET, else Vault's `outbox_worker_secret`. */
  workerSecret(): Promise<string | undefined>;
}

export function createEdgePipeline(source: Record<string, string>): EdgePipeline {
  // Supabase's gateway sets X-Forwarded-For: the client is its right-most entry. A refusal is
  // answered at once unless REFUSAL_DELAY_MS is set: the Node server holds it to keep its one
  // event loop for the pages, which here are on a CDN, while a held answer keeps an invocation
  // (and its wall-clock budget) open.
  const settings = parseEnv({ TRUST_PROXY: 'x-forwarded-for', REFUSAL_DELAY_MS: '0', ...source });
  const databaseUrl = source.SUPABASE_DB_URL || settings.DATABASE_URL;
  if (!databaseUrl) throw new Error('SUPABASE_DB_URL is not set');
  const logger = createLogger(settings.LOG_LEVEL);
  const connection = openPostgresJs(databaseUrl);
  const database = new Database(connection, {
    dataDir: '',
    databaseUrl,
    webhookEvents: webhookConfigFromEnv(settings) !== undefined,
  });
  const stores = {
    database,
    leads: new LeadStore(database),
    rates: new ClientRates(database),
    outbox: new OutboxStore(database),
  };
  const callback = buildCallbackClock(settings);
  // Alerts link to the staff pages of the Node server (SITE_URL), if any.
  const webhooks = buildWebhooks(settings, database, {
    logger,
    siteUrl: () => settings.SITE_URL ?? '',
  });
  const transport = buildApiTransport(settings);
  const worker =
    transport &&
    buildOutboxWorker(settings, stores, transport, {
      logger,
      // The notification links to the request's page on the Node server, if any. No visitor
      // page link: its API runs on the Node server only (docs/mail.md).
      mail: {
        ...callback.mail,
        ...(settings.SITE_URL ? { siteUrl: () => settings.SITE_URL ?? '' } : {}),
      },
      notificationWindowMs: NOTIFICATION_WINDOW_MS,
      webhookAlert: webhooks?.alertWriter(),
    });
  return {
    settings,
    logger,
    stores,
    worker,
    webhooks,
    callback,
    async workerSecret() {
      if (source.OUTBOX_WORKER_SECRET) return source.OUTBOX_WORKER_SECRET;
      const { rows } = await sql<{ secret: string }>`
        SELECT decrypted_secret AS secret FROM vault.decrypted_secrets
        WHERE name = 'outbox_worker_secret'`.execute(connection.db);
      return rows[0]?.secret || undefined;
    },
  };
}

/** The lead capability on the Edge: each stored request starts a send after the answer. */
export function edgeLeads(pipeline: EdgePipeline): LeadService {
  const { settings, stores, logger, worker, webhooks, callback } = pipeline;
  return buildLeads(settings, stores, {
    logger,
    // The CRM webhook's `lead.created` is written with the request.
    webhooks: webhooks !== undefined,
    contactOffer: callback.offer,
    // The owner by the team's rule, as on the Node server (ADR 0045).
    assigner: teamAssigner,
    onStored: () => {
      if (webhooks) {
        runAfterAnswer(() =>
          webhooks.worker
            .runOnce()
            .catch((error: unknown) => logger.error('webhook_error', { error })),
        );
      }
      if (worker) {
        runAfterAnswer(() =>
          worker.runOnce().catch((error: unknown) => logger.error('outbox_error', { error })),
        );
      }
    },
  });
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

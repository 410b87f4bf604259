/**
 * The composition root, to be read as a table of contents: open the database, build each
 * capability from the settings (server/env.ts, parsed once) with its own builder (each
 * capability's `build.ts`, exported by its entry module), register the routes, start the
 * workers. The Edge Functions (supabase/functions/_shared/edge-pipeline.ts) use the same
 * builders. ADR 0042.
 */
import { siteConfig } from '#config/site.ts';
import { buildAudience } from './audience/index.ts';
import { buildCallback, buildDigest, type Callback, digestWriter } from './callback/index.ts';
import type { Pipeline, Runtime } from './compose/pipeline.ts';
import { registerRoutes, type RouteParts } from './compose-routes.ts';
import { openStores, type Stores } from './compose/stores.ts';
import type { ServerEnv } from './env.ts';
import { RefusalLog } from './http/refusal-log.ts';
import { buildLeads, NOTIFICATION_WINDOW_MS } from './leads/index.ts';
import type { Logger } from './logger.ts';
import { buildOutboxWorker, type MailTransport } from './outbox/index.ts';
import { buildMailTransport } from './outbox/node.ts';
import { buildPurgeSchedule, type PurgeSchedule } from './retention/index.ts';
import { buildTeam, teamAssigner } from './team/index.ts';
import { buildVisitor } from './visitor/index.ts';
import { buildWebhooks, webhookConfigFromEnv } from './webhooks/index.ts';

export type { Pipeline, Timings } from './compose/pipeline.ts';

/** Longest wait for the database in /healthz before it reports the database as down. */
const HEALTH_TIMEOUT_MS = 3_000;

/** Opens the database (throws `StoreOpenError` when it cannot connect or migrate). */
export async function createServer(settings: ServerEnv, runtime: Runtime): Promise<Pipeline> {
  const { logger, clock, timings = {} } = runtime;
  // The database, and every capability's store on it.
  const stores = await openDatabase(settings, logger);
  // The operator's way in: STAFF_EMAILS made active responsables before anything is served.
  const team = buildTeam(settings, stores.database);
  await team.seed(clock());
  // Each capability, from the settings and its stores.
  const linkBase = () => settings.SITE_URL ?? runtime.origins()[0] ?? siteConfig.siteUrl;
  const callback = buildCallback(settings, stores, clock);
  const { transport, worker, webhooks } = buildDelivery(settings, stores, callback, {
    ...runtime,
    linkBase,
  });
  const built = {
    stores,
    transport,
    worker,
    webhooks,
    leads: buildLeads(settings, stores, {
      logger,
      webhooks: webhooks !== undefined,
      onStored: () => {
        worker.kick();
        webhooks?.worker.kick();
      },
      now: clock,
      contactOffer: callback.offer,
      // Each request's owner, chosen in its transaction by the team's rule (ADR 0045).
      assigner: teamAssigner,
    }),
    callback: callback.service,
    digest: buildDigest(stores.callback, callback.service, {
      logger,
      onQueued: () => worker.kick(),
      lookEveryMs: timings.digestLookEveryMs,
    }),
    refusalLog: new RefusalLog(logger),
    audience: buildAudience(settings, stores.audience, {
      logger,
      flushMs: timings.audience?.flushMs,
      now: timings.audience?.now ?? clock,
    }),
    visitor: buildVisitor(stores, callback.calendar, clock),
    team: team.service,
  };
  const purge = buildPurgeSchedule(stores.database, {
    logger,
    now: timings.audience?.now ?? Date.now,
    intervalMs: timings.purgeIntervalMs,
  });
  // The routes, the health check, the workers' start and stop.
  const parts: RouteParts = { ...built, clock: callback, linkBase };
  return {
    ...built,
    register: (app) => registerRoutes(app, parts, settings, runtime),
    healthCheck: () => healthCheck(stores, transport),
    start: () => startWorkers(parts, purge, logger, timings.digest !== false),
    close: () => closeAll(parts, purge),
  };
}

/**
 * What leaves the server: the mail transport, the CRM webhook and the outbox worker, which sends
 * the webhook's alerts and what the requests queue.
 */
function buildDelivery(
  settings: ServerEnv,
  stores: Stores,
  callback: Callback,
  runtime: Runtime & { linkBase: () => string },
) {
  const { logger, clock, linkBase, timings = {} } = runtime;
  const transport = buildMailTransport(settings, logger);
  const webhooks = buildWebhooks(settings, stores.database, {
    logger,
    siteUrl: linkBase,
    onAlert: () => worker.kick(),
    now: clock,
    pollIntervalMs: timings.webhookPollIntervalMs,
  });
  const worker = buildOutboxWorker(settings, stores, transport, {
    logger,
    now: clock,
    digest: digestWriter(stores.callback, callback.service, linkBase),
    webhookAlert: webhooks?.alertWriter(),
    // The notification links to the request's staff page, the visitor's e-mails to their page.
    mail: { ...callback.mail, siteUrl: linkBase, visitorLinks: stores.visitorLinks },
    notificationWindowMs: NOTIFICATION_WINDOW_MS,
    ...timings.outbox,
  });
  return { transport, worker, webhooks };
}

/** Opens (and migrates) the database and builds every store on it. */
function openDatabase(settings: ServerEnv, logger: Logger): Promise<Stores> {
  let lastPoolError = 0;
  return openStores({
    dataDir: settings.DATA_DIR,
    databaseUrl: settings.DATABASE_URL,
    webhookEvents: webhookConfigFromEnv(settings) !== undefined,
    onPoolError: (error) => {
      // A database restart drops every idle connection at once: log it once per minute.
      if (Date.now() - lastPoolError < 60_000) return;
      lastPoolError = Date.now();
      logger.warn('database_connection_lost', { error: error.message });
    },
  });
}

function startWorkers(parts: RouteParts, purge: PurgeSchedule, logger: Logger, digest: boolean) {
  const { worker, webhooks } = parts;
  logger.info('outbox_started', { transport: parts.transport.kind });
  worker.start();
  if (webhooks) {
    logger.info('webhook_started', { endpoint: webhooks.endpoint });
    webhooks.worker.start();
  }
  if (digest) parts.digest.start();
  parts.audience.start();
  purge.start();
}

async function closeAll(parts: RouteParts, purge: PurgeSchedule): Promise<void> {
  purge.stop();
  parts.refusalLog.flush();
  await parts.digest.stop();
  await parts.audience.close();
  await parts.webhooks?.stop();
  await parts.worker.stop();
  parts.transport.close();
  await parts.stores.close();
}

async function healthCheck(stores: Stores, transport: MailTransport) {
  stores.database.assertWritable();
  const backlog = await withTimeout(stores.outbox.backlog(Date.now()), HEALTH_TIMEOUT_MS);
  return {
    storage: 'ok',
    database: stores.database.engine,
    mailTransport: transport.kind,
    outbox: backlog,
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

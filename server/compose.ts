import { siteConfig } from '#config/site.ts';
import { formatDueTime } from '#contracts/staff/callback-format.ts';
import { AudienceService } from './audience/index.ts';
import { registerAudienceBeacon } from './audience/routes.ts';
import { registerAudienceStaffRoutes } from './audience/staff-routes.ts';
import {
  callbackFactsBy,
  CallbackService,
  DEFAULT_CALENDAR,
  DigestScheduler,
  digestWriter,
  dueWallTimeBy,
} from './callback/index.ts';
import { registerCallbackRoutes } from './callback/routes.ts';
import { PURGE_INTERVAL_MS, type LeadPipeline, type PipelineOptions } from './compose/options.ts';
import {
  composeLeadService,
  composeOutboxWorker,
  composeWebhooks,
  mailCalendar,
} from './compose/services.ts';
import { openStores } from './compose/stores.ts';
import { companyMailDomain } from './env.ts';
import { requestClientKey } from './http/request-client.ts';
import { InboxService } from './inbox/index.ts';
import { registerInboxRoutes } from './inbox/routes.ts';
import { RefusalLog } from './http/refusal-log.ts';
import { DEFAULT_REFUSAL_DELAY_MS, registerContactEndpoint } from './leads/routes.ts';
import { createTransport } from './outbox/node.ts';
import { clearErasedTraces, runPurge } from './retention/index.ts';
import { registerStaffApi } from './staff/routes.ts';
import { registerWebhookStaffRoutes } from './webhooks/staff-routes.ts';
import { VisitorService } from './visitor/index.ts';
import { registerVisitorApi } from './visitor/routes.ts';

export {
  pipelineOptionsFromEnv,
  PURGE_INTERVAL_MS,
  type LeadPipeline,
  type PipelineOptions,
} from './compose/options.ts';

/**
 * The one composition root: builds every capability from the settings and one database, and
 * registers their routes. The Edge Functions build theirs with the same code
 * (./compose/services.ts).
 */
/** Longest wait for the database in /healthz before it reports the database as down. */
const HEALTH_TIMEOUT_MS = 3_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Opens the store (throws `StoreOpenError` when it cannot connect or migrate). */
export async function createLeadPipeline(options: PipelineOptions): Promise<LeadPipeline> {
  const { logger } = options;
  let lastPoolError = 0;
  const stores = await openStores({
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
  const transport = createTransport(options);
  const clock = options.clock ?? Date.now;
  const calendar = options.calendar ?? DEFAULT_CALENDAR;
  const { database } = stores;
  const callback = new CallbackService(stores, calendar, clock);
  /** What the visitor is told: the call-back clock's due time, on the company's wall clock. */
  const callbackTimeBy = dueWallTimeBy(calendar);
  /** Links that leave the page (sign-in, the digest): SITE_URL, or the server's own origin. */
  const linkBase = () => options.siteUrl ?? options.origins()[0] ?? siteConfig.siteUrl;
  const webhooks = composeWebhooks(stores, options.webhook, {
    logger,
    siteUrl: linkBase,
    // The outbox worker (built below) sends the alert e-mails at once.
    onAlert: () => worker.kick(),
    now: clock,
    pollIntervalMs: options.webhookPollIntervalMs,
  });
  const worker = composeOutboxWorker(stores, transport, {
    logger,
    now: clock,
    digest: digestWriter(stores.callback, callback, linkBase),
    webhookAlert: webhooks?.alertWriter(),
    mail: {
      from: options.mailFrom,
      to: options.mailTo,
      dueTime: (receivedAt) => formatDueTime(callback.dueAt(receivedAt), calendar.timeZone),
      callbackBy: callbackTimeBy,
      // The notification links to the request's staff page on this server, the visitor's
      // e-mails to the visitor page.
      siteUrl: linkBase,
      ...mailCalendar(calendar),
      visitorLinks: stores.visitorLinks,
    },
    notificationLimit: options.notificationsPer10Minutes ?? 20,
    ...options.outbox,
  });
  const refusalLog = new RefusalLog(logger);
  const leads = composeLeadService(
    stores,
    {
      rateLimitPerHour: options.rateLimitPerHour,
      sendConfirmation: options.sendConfirmation,
      recordCampaigns: options.recordCampaigns ?? false,
      siteRateLimitPerMinute: options.siteRateLimitPerMinute ?? 60,
      notificationsPer10Minutes: options.notificationsPer10Minutes ?? 20,
    },
    {
      logger,
      webhooks: webhooks !== undefined,
      onStored: () => {
        worker.kick();
        webhooks?.worker.kick();
      },
      now: clock,
      calendar,
    },
  );
  const digest = new DigestScheduler({
    store: stores.callback,
    callback,
    logger,
    messageDomain: companyMailDomain(),
    onQueued: () => worker.kick(),
    lookEveryMs: options.digestLookEveryMs,
  });
  const audience = new AudienceService({
    store: () => stores.audience,
    logger,
    recordCampaigns: options.recordCampaigns ?? false,
    flushMs: options.audience?.flushMs,
    now: options.audience?.now ?? clock,
  });
  const visitor = new VisitorService({
    links: stores.visitorLinks,
    store: stores.visitor,
    retention: stores.retention,
    calendar,
    messageDomain: companyMailDomain(),
    now: clock,
  });
  let purgeTimer: NodeJS.Timeout | undefined;

  const purge = async () => {
    try {
      const now = options.audience?.now?.() ?? Date.now();
      // The visitor page's expired links (90 days) go in the same transaction (RetentionStore).
      const result = await runPurge(database, now, logger);
      logger.info('retention_purge', { status: 'done', ...result });
    } catch (error) {
      logger.error('retention_purge', { status: 'failed', error });
    }
  };

  return {
    stores,
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
        callbackFacts: callbackFactsBy(calendar, callbackTimeBy),
        // Every confirmation links to the visitor's page, which opens the person's requests.
        confirmationLinks: true,
      });
      registerVisitorApi(app, {
        service: visitor,
        logger,
        refusalLog,
        origins: options.origins,
        trustProxy: options.trustProxy,
        refusalDelayMs: options.refusalDelayMs ?? DEFAULT_REFUSAL_DELAY_MS,
        // As after staff's erasure (server/inbox/routes.ts): clearErasedTraces (ADR 0032).
        onErased: (leadIds) => clearErasedTraces(database, leadIds, logger),
        onChanged: () => {
          worker.kick();
          webhooks?.worker.kick();
        },
        now: clock,
      });
      registerStaffApi(app, {
        sessions: stores.sessions,
        rateLimits: stores.rates,
        transport,
        logger,
        staffEmails: options.staffEmails ?? [],
        siteUrl: linkBase,
        origins: options.origins,
        trustProxy: options.trustProxy,
        mailFrom: options.mailFrom,
        messageDomain: companyMailDomain(),
        now: clock,
        behindSession: (staffApp, kit) => {
          const onChanged = () => webhooks?.worker.kick();
          const pages = new InboxService(stores, callback, clock);
          registerInboxRoutes(staffApp, kit, {
            stores,
            pages,
            logger,
            onRetry: () => worker.kick(),
            onChanged,
          });
          registerCallbackRoutes(staffApp, kit, {
            callback,
            leadPage: (id) => pages.leadPage(id),
            onChanged,
          });
          const { requireStaff } = kit;
          registerAudienceStaffRoutes(staffApp, {
            requireStaff,
            store: () => stores.audience,
            now: options.audience?.now ?? clock,
          });
          registerWebhookStaffRoutes(staffApp, { requireStaff, service: webhooks });
        },
      });
    },
    healthCheck: async () => {
      database.assertWritable();
      const backlog = await withTimeout(stores.outbox.backlog(Date.now()), HEALTH_TIMEOUT_MS);
      return {
        storage: 'ok',
        database: database.engine,
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
      await stores.close();
    },
  };
}

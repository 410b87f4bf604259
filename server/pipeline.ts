import { rmSync } from 'node:fs';
import { join } from 'node:path';

import type { Hono } from 'hono';

import { registerContactEndpoint } from './contact-endpoint';
import { siteConfig } from '../config/site';
import { companyMailDomain, type ServerEnv } from './env';
import { createLeadService, type LeadService } from './leads/submit-lead';
import type { Logger } from './logger';
import {
  createEmlTransport,
  createSmtpTransport,
  EML_DIRECTORY,
  type MailTransport,
} from './mail/transport';
import { mailFileStem, OutboxWorker, type OutboxOptions } from './outbox';
import { RATE_WINDOW_MS, RateLimiter } from './rate-limit';
import { LeadStore, type MailKind } from './store';

/**
 * The lead pipeline, assembled: store, rate limiter, endpoint, outbox worker and the daily
 * retention purge. `main.ts` builds it from the environment; tests build it with small delays.
 */
export interface PipelineOptions {
  dataDir: string;
  logger: Logger;
  smtpUrl?: string;
  mailTo: string;
  mailFrom: string;
  sendConfirmation: boolean;
  rateLimitPerHour: number;
  trustProxy?: string;
  origins: () => readonly string[];
  /** The public site's URL, where a native form post is redirected to. */
  siteUrl: string;
  outbox?: Pick<OutboxOptions, 'pollIntervalMs' | 'baseDelayMs' | 'maxDelayMs' | 'batchSize'>;
  smtpTimeoutMs?: number;
  purgeIntervalMs?: number;
}

export interface LeadPipeline {
  store: LeadStore;
  leads: LeadService;
  worker: OutboxWorker;
  transport: MailTransport;
  register: (app: Hono) => void;
  healthCheck: () => Record<string, unknown>;
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
    logger,
    smtpUrl: env.SMTP_URL,
    smtpTimeoutMs: env.SMTP_TIMEOUT_MS,
    mailTo: env.MAIL_TO,
    mailFrom: env.MAIL_FROM,
    sendConfirmation: env.SEND_CONFIRMATION,
    rateLimitPerHour: env.RATE_LIMIT_PER_HOUR,
    trustProxy: env.TRUST_PROXY,
    origins,
    siteUrl: env.SITE_URL ?? siteConfig.siteUrl,
  };
}

/** Deletes the `.eml` copies of erased leads (the file transport's outbox). */
export function removeMailFiles(dataDir: string, leadIds: readonly string[]): void {
  const kinds: MailKind[] = ['notification', 'confirmation'];
  for (const leadId of leadIds) {
    for (const kind of kinds) {
      rmSync(join(dataDir, EML_DIRECTORY, `${mailFileStem({ leadId, kind })}.eml`), {
        force: true,
      });
    }
  }
}

/** Applies the retention periods; run daily by the server and by `npm run leads -- purge`. */
export function runPurge(store: LeadStore, now: number = Date.now()) {
  const result = store.purge(now, RATE_WINDOW_MS);
  removeMailFiles(store.dataDir, result.leadIds);
  return { leads: result.leadIds.length, rateLimitHits: result.rateLimitHits };
}

export function createLeadPipeline(options: PipelineOptions): LeadPipeline {
  const { logger } = options;
  const store = LeadStore.open(options.dataDir);
  const limiter = new RateLimiter(store.db, options.rateLimitPerHour);
  const transport = options.smtpUrl
    ? createSmtpTransport(options.smtpUrl, { timeoutMs: options.smtpTimeoutMs })
    : createEmlTransport(join(options.dataDir, EML_DIRECTORY), logger);
  const worker = new OutboxWorker({
    store,
    transport,
    logger,
    mail: { from: options.mailFrom, to: options.mailTo },
    ...options.outbox,
  });
  const leads = createLeadService({
    store,
    limiter,
    logger,
    sendConfirmation: options.sendConfirmation,
    messageDomain: companyMailDomain(),
    onStored: () => worker.kick(),
  });
  let purgeTimer: NodeJS.Timeout | undefined;

  const purge = () => {
    try {
      const result = runPurge(store);
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
    register: (app) =>
      registerContactEndpoint(app, {
        leads,
        logger,
        origins: options.origins,
        siteUrl: options.siteUrl,
        trustProxy: options.trustProxy,
      }),
    healthCheck: () => {
      store.ping();
      return {
        storage: 'ok',
        mailTransport: transport.kind,
        outbox: store.backlog(Date.now()),
      };
    },
    start: () => {
      logger.info('outbox_started', { transport: transport.kind });
      worker.start();
      purge();
      purgeTimer = setInterval(purge, options.purgeIntervalMs ?? PURGE_INTERVAL_MS);
      purgeTimer.unref();
    },
    close: async () => {
      clearInterval(purgeTimer);
      await worker.stop();
      transport.close();
      store.close();
    },
  };
}

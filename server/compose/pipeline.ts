import type { Hono } from 'hono';

import type { AudienceService } from '#server/audience/index.ts';
import type { CallbackService, DigestScheduler } from '#server/callback/index.ts';
import type { RefusalLog } from '#server/http/refusal-log.ts';
import type { LeadService } from '#server/leads/index.ts';
import type { Logger } from '#server/logger.ts';
import type { MailTransport, OutboxOptions, OutboxWorker } from '#server/outbox/index.ts';
import type { TeamService } from '#server/team/index.ts';
import type { VisitorService } from '#server/visitor/index.ts';
import type { WebhookService } from '#server/webhooks/index.ts';
import type { Stores } from './stores.ts';

/**
 * What the composition takes besides the settings (server/env.ts): what the process provides,
 * never read from the environment.
 */
export interface Runtime {
  logger: Logger;
  /**
   * The time (ms since the epoch) for everything that depends on it: the real clock (`Date.now`)
   * in production; tests pass one they control.
   */
  clock: () => number;
  /** The origins allowed to call the endpoints (CORS); read on each request. */
  origins: () => readonly string[];
  /** The workers' waits; production keeps the defaults, tests shorten them. */
  timings?: Timings;
}

export interface Timings {
  outbox?: Pick<OutboxOptions, 'pollIntervalMs' | 'baseDelayMs' | 'maxDelayMs' | 'batchSize'>;
  /** How often the morning digest is looked at (default one minute). */
  digestLookEveryMs?: number;
  /** False: no morning digest from this instance (tests without a controlled clock). */
  digest?: boolean;
  /** The webhook worker's longest wait between two looks (default 10 s). */
  webhookPollIntervalMs?: number;
  /** The audience count's buffer flush period (default 5 s) and clock. */
  audience?: { flushMs?: number; now?: () => number };
  /** Between two retention purges (default one day). */
  purgeIntervalMs?: number;
}

/** The running server's capabilities, built by `createServer` (server/compose.ts). */
export interface Pipeline {
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
  /** The CRM webhook; undefined without WEBHOOK_URL. */
  webhooks: WebhookService | undefined;
  visitor: VisitorService;
  /** The sales team: who may sign in, with which role (ADR 0044). */
  team: TeamService;
  register: (app: Hono) => void;
  healthCheck: () => Promise<Record<string, unknown>>;
  /** Starts the workers (outbox, webhook, digest, audience) and the retention purge. */
  start: () => void;
  close: () => Promise<void>;
}

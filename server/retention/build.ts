/** The daily retention purge, as the Node server schedules it. */
import type { Database } from '#server/db/database.ts';
import type { Logger } from '#server/logger.ts';
import { runPurge } from './retention.ts';

const PURGE_INTERVAL_MS = 24 * 60 * 60 * 1000;

export interface PurgeSchedule {
  /** Purges now, then every `intervalMs`. */
  start(): void;
  stop(): void;
}

export function buildPurgeSchedule(
  database: Database,
  deps: { logger: Logger; now: () => number; intervalMs?: number },
): PurgeSchedule {
  const { logger } = deps;
  let timer: ReturnType<typeof setInterval> | undefined;
  const purge = async () => {
    try {
      // The visitor page's expired links (90 days) go in the same transaction (RetentionStore).
      const result = await runPurge(database, deps.now(), logger);
      logger.info('retention_purge', { status: 'done', ...result });
    } catch (error) {
      logger.error('retention_purge', { status: 'failed', error });
    }
  };
  return {
    start() {
      void purge();
      timer = setInterval(() => void purge(), deps.intervalMs ?? PURGE_INTERVAL_MS);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
    },
  };
}

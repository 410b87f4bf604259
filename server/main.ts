import { serve } from '@hono/node-server';

import { createApp } from './app.ts';
import { warnOnBackendUrlMismatch, warnOnCrmNotInPolicy } from './build-record.ts';
import { allowedOrigins, EnvError, parseEnv, resolveFromCwd, type ServerEnv } from './env.ts';
import { httpServerOptions } from './http/timeouts.ts';
import { createLogger, type Logger } from './logger.ts';
import { createServer } from './compose.ts';
import { loadStaticSite } from './http/static-site.ts';
import { StoreOpenError } from './db/connection.ts';
import { STAFF_PAGE_PREFIX } from '#contracts/staff/contract.ts';

/**
 * How long a graceful shutdown may take beyond the SMTP timeout: an e-mail being sent when the
 * signal arrives ends (sent, or failed by the timeout and left pending) before the store closes.
 */
const SHUTDOWN_MARGIN_MS = 5_000;

function readEnv(): ServerEnv {
  try {
    return parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

async function start(env: ServerEnv, logger: Logger) {
  const site = loadStaticSite(resolveFromCwd(env.STATIC_DIR));
  warnOnBackendUrlMismatch(resolveFromCwd(env.STATIC_DIR), env.BACKEND_URL, logger);
  warnOnCrmNotInPolicy(resolveFromCwd(env.STATIC_DIR), env.WEBHOOK_URL, logger);
  // With PORT=0 the real port is known once listening; CORS reads it on each request.
  let origins = allowedOrigins(env);
  // Throws StoreOpenError when the database cannot be reached or migrated.
  const pipeline = await createServer(
    { ...env, DATA_DIR: resolveFromCwd(env.DATA_DIR) },
    // The system clock: to run the whole server at another date, start it under faketime.
    { logger, clock: Date.now, origins: () => origins },
  );
  const app = createApp({
    site,
    logger,
    security: {
      hsts: env.HSTS,
      backendOrigin: env.BACKEND_URL ? new URL(env.BACKEND_URL).origin : undefined,
    },
    healthChecks: [pipeline.healthCheck],
    register: pipeline.register,
    clientRenderedPrefixes: [STAFF_PAGE_PREFIX],
  });
  const server = serve(
    {
      fetch: app.fetch,
      port: env.PORT,
      hostname: env.HOST,
      serverOptions: httpServerOptions(env.REQUEST_TIMEOUT_MS),
    },
    (info) => {
      origins = allowedOrigins(env, info.port);
      logger.info('server_started', { url: `http://${info.address}:${info.port}` });
      pipeline.start();
    },
  );

  const graceMs = env.SMTP_TIMEOUT_MS + SHUTDOWN_MARGIN_MS;
  let stopping = false;
  let exitCode = 0;

  /**
   * Stops accepting connections, lets the requests in progress finish and the outbox worker end
   * its current send, closes the store, then exits. Past `graceMs`, or on a second SIGINT, it
   * exits at once with status 1.
   */
  const shutdown = (reason: string, code: number) => {
    exitCode = Math.max(exitCode, code);
    if (stopping) {
      // Ctrl-C twice. A repeated SIGTERM is ignored: a service manager may send it both to a
      // wrapper (npm start) that passes it on and to the server itself.
      if (reason === 'SIGINT') {
        logger.error('shutdown_forced', { reason: 'second SIGINT' });
        process.exit(1);
      }
      return;
    }
    stopping = true;
    logger.info('server_stopping', { reason, graceMs });
    setTimeout(() => {
      logger.error('shutdown_forced', { reason: 'grace period over', graceMs });
      process.exit(1);
    }, graceMs);
    const httpClosed = new Promise<void>((resolve) => server.close(() => resolve()));
    Promise.all([httpClosed, pipeline.worker.stop()])
      .then(() => pipeline.close())
      .then(
        () => {
          logger.info('server_stopped', { exitCode });
          process.exit(exitCode);
        },
        (error: unknown) => {
          logger.error('shutdown_failed', { error });
          process.exit(1);
        },
      );
  };

  process.on('SIGINT', () => shutdown('SIGINT', 0));
  process.on('SIGTERM', () => shutdown('SIGTERM', 0));
  // The process may be in an unknown state: log, stop cleanly as far as possible, exit with 1.
  process.on('uncaughtException', (error) => {
    logger.error('uncaught_exception', { error });
    shutdown('uncaughtException', 1);
  });
  process.on('unhandledRejection', (reason) => {
    logger.error('unhandled_rejection', { error: reason });
    shutdown('unhandledRejection', 1);
  });
}

const env = readEnv();
const logger = createLogger(env.LOG_LEVEL);
start(env, logger).catch((error: unknown) => {
  if (error instanceof StoreOpenError) {
    // A clear sentence naming the database (never its password), not a stack trace.
    process.stderr.write(`${error.message}\n`);
  } else {
    // e.g. the built site is missing, the data folder cannot be written.
    logger.error('server_start_failed', { error });
  }
  process.exit(1);
});

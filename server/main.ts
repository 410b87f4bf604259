import { serve } from '@hono/node-server';

import { createApp } from './app';
import { warnOnBackendUrlMismatch } from './build-record';
import { allowedOrigins, EnvError, parseEnv, resolveFromCwd, type ServerEnv } from './env';
import { createLogger } from './logger';
import { createLeadPipeline, pipelineOptionsFromEnv } from './pipeline';
import { loadStaticSite } from './static-site';

function start() {
  let env: ServerEnv;
  try {
    env = parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(env.LOG_LEVEL);
  const site = loadStaticSite(resolveFromCwd(env.STATIC_DIR));
  warnOnBackendUrlMismatch(resolveFromCwd(env.STATIC_DIR), env.BACKEND_URL, logger);
  // With PORT=0 the real port is known once listening; CORS reads it on each request.
  let origins = allowedOrigins(env);
  const pipeline = createLeadPipeline(
    pipelineOptionsFromEnv(
      { ...env, DATA_DIR: resolveFromCwd(env.DATA_DIR) },
      logger,
      () => origins,
    ),
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
  });
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    origins = allowedOrigins(env, info.port);
    logger.info('server_started', { url: `http://${info.address}:${info.port}` });
    pipeline.start();
  });
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('server_stopping', { signal });
    setTimeout(() => process.exit(0), 5_000).unref();
    server.close(() => {
      void pipeline.close().finally(() => process.exit(0));
    });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

start();

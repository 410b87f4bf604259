import { serve } from '@hono/node-server';

import { createApp } from './app';
import { EnvError, parseEnv, resolveFromCwd } from './env';
import { createLogger } from './logger';
import { loadStaticSite } from './static-site';

function start() {
  let env;
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
  const app = createApp({
    site,
    logger,
    security: { hsts: env.HSTS },
  });
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    logger.info('server_started', { url: `http://${info.address}:${info.port}` });
  });
  const shutdown = (signal: string) => {
    logger.info('server_stopping', { signal });
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 5_000).unref();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

start();

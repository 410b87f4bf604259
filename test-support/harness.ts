import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { serve, type ServerType } from '@hono/node-server';

import { CONTACT_ENDPOINT_PATH } from '#contracts/contact/lead-contract.ts';
import { createApp } from '#server/app.ts';
import type { Logger, LogLevel } from '#server/logger.ts';
import { createServer, type Pipeline, type Timings } from '#server/compose.ts';
import { loadStaticSite } from '#server/http/static-site.ts';
import { type SettingOverrides, TEST_SITE_URL, testSettings } from './settings.ts';

export { TEST_SITE_URL } from './settings.ts';

/**
 * The real server for the tests: `createApp` with the composed server (server/compose.ts), on an ephemeral loopback
 * port, a SQLite file in a fresh temporary folder (or the PostgreSQL database of `databaseUrl`)
 * and a minimal built site.
 */
export interface LogRecord {
  level: LogLevel;
  event: string;
  fields: Record<string, unknown>;
}

export interface TestServer {
  url: string;
  endpoint: string;
  origin: string;
  dataDir: string;
  /** The configured public site (SITE_URL): where native posts are redirected; unset: none. */
  siteUrl: string | undefined;
  pipeline: Pipeline;
  logs: LogRecord[];
  close(): Promise<void>;
}

export function createTempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `${prefix}-`));
}

/** A built site with just a home page and the 404 page (the real build is not needed here). */
export function writeMinimalSite(root: string): string {
  mkdirSync(join(root, '404'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Accueil</title><h1>Accueil</h1>');
  writeFileSync(join(root, '404', 'index.html'), '<!doctype html><title>404</title><h1>404</h1>');
  return root;
}

export function createMemoryLogger(logs: LogRecord[]): Logger {
  const write =
    (level: LogLevel) =>
    (event: string, fields: Record<string, unknown> = {}) => {
      logs.push({ level, event, fields });
    };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}

/** The settings a test changes (test-support/settings.ts), its clock, its workers' waits. */
export type TestServerOptions = SettingOverrides &
  Omit<Timings, 'digest'> & {
    origins?: readonly string[];
    clock?: () => number;
    /** The morning digest; by default only for tests that set the clock (it depends on the hour). */
    digest?: boolean;
  };

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const root = createTempDir('lead-test');
  const dataDir = options.dataDir ?? join(root, 'data');
  const site = loadStaticSite(writeMinimalSite(join(root, 'site')));
  const logs: LogRecord[] = [];
  const logger = createMemoryLogger(logs);
  let origins: readonly string[] = options.origins ?? [];
  const { clock, digest, outbox, digestLookEveryMs, webhookPollIntervalMs, audience } = options;
  const pipeline = await createServer(testSettings({ ...options, dataDir }), {
    logger,
    clock: clock ?? Date.now,
    origins: () => origins,
    timings: {
      outbox: { pollIntervalMs: 100, baseDelayMs: 50, maxDelayMs: 400, ...outbox },
      digest: digest ?? clock !== undefined,
      digestLookEveryMs,
      webhookPollIntervalMs,
      audience,
      purgeIntervalMs: options.purgeIntervalMs,
    },
  });
  const app = createApp({
    site,
    logger,
    security: { hsts: false },
    healthChecks: [pipeline.healthCheck],
    register: pipeline.register,
  });
  const server: ServerType = await new Promise((resolve) => {
    const instance = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(instance),
    );
  });
  const address = server.address();
  const port = address && typeof address === 'object' ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  origins = options.origins ?? [url, `http://localhost:${port}`];
  pipeline.start();
  return {
    url,
    endpoint: `${url}${CONTACT_ENDPOINT_PATH}`,
    origin: url,
    siteUrl: 'siteUrl' in options ? options.siteUrl : TEST_SITE_URL,
    dataDir,
    pipeline,
    logs,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      });
      await pipeline.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** A valid request body (accents, apostrophes and hyphens included). */
export function validRequest(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    clientType: 'professionnel',
    nom: 'N’Diaye-Lefèvre',
    prenom: "Anne-Marie d'Arc",
    adresse: '3 rue de la Paix, 75002 Paris',
    telephone: '06 12 34 56 78',
    email: 'anne@entreprise.example',
    produit: 'HP flottante',
    message: 'Bonjour, nous souhaitons un audit.',
    rgpdConsent: true,
    website: '',
    ...overrides,
  };
}

export function postJson(
  endpoint: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

import { rmSync } from 'node:fs';
import { join } from 'node:path';

import { afterAll, beforeAll, beforeEach } from 'vitest';

import { createTempDir, writeMinimalSite } from '#test-support/harness.ts';
import { createTestDatabase } from '#test-support/postgres.ts';
import { postgresAdminUrl } from '#test-support/postgres-run.ts';
import { type ServerProcess } from '#test-support/process.ts';
import { startSmtpPeer, type SmtpPeer } from '#test-support/smtp-peer.ts';
import { startWebhookReceiver, type WebhookReceiver } from '#test-support/webhook-receiver.ts';
import { startWebhookServer, type WebhookServerOptions } from '#test-support/webhook-server.ts';

/**
 * What the CRM webhook's end-to-end tests (delivery.*.test.ts) share: a site and an SMTP peer per
 * engine, a database per test, receivers and server processes, all stopped after the file's
 * last test.
 */
const cleanups: Array<() => Promise<void> | void> = [];

/** Called once at the top of a test file. */
export function cleanUpAfterAll(): void {
  afterAll(async () => {
    while (cleanups.length > 0) await cleanups.pop()?.();
  });
}

export interface Setup {
  root: string;
  staticDir: string;
  peer: SmtpPeer;
}

export async function setUp(engine: 'sqlite' | 'postgres'): Promise<Setup> {
  const root = createTempDir(`webhooks-${engine}`);
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  const staticDir = writeMinimalSite(join(root, 'site'));
  const peer = await startSmtpPeer();
  cleanups.push(() => peer.stop());
  return { root, staticDir, peer };
}

/** PostgreSQL: a database of its own per test (the instances of one test share it). */
export async function databaseFor(engine: 'sqlite' | 'postgres'): Promise<string | undefined> {
  if (engine === 'sqlite') return undefined;
  const database = await createTestDatabase(await postgresAdminUrl());
  cleanups.push(() => database.drop());
  return database.url;
}

export async function receiverFor(): Promise<WebhookReceiver> {
  const receiver = await startWebhookReceiver();
  cleanups.push(() => receiver.stop());
  return receiver;
}

/** A server process on the setup's site, peer and `name`d data folder, killed after the run. */
export async function startServer(
  setup: Setup,
  databaseUrl: string | undefined,
  receiver: WebhookReceiver,
  name: string,
  extra: Pick<WebhookServerOptions, 'retryDelays'> = {},
): Promise<ServerProcess> {
  const started = await startWebhookServer({
    dataDir: join(setup.root, name),
    staticDir: setup.staticDir,
    databaseUrl,
    peer: setup.peer,
    receiver,
    ...extra,
  });
  cleanups.push(() => {
    if (started.child.exitCode === null) started.child.kill('SIGKILL');
  });
  return started;
}

/** What a test of one engine's `describe` reads: its setup, its database, its servers. */
export interface EngineRun {
  readonly setup: Setup;
  /** The database of the test running (PostgreSQL); undefined on SQLite. */
  readonly databaseUrl: string | undefined;
  server(
    receiver: WebhookReceiver,
    name: string,
    extra?: Pick<WebhookServerOptions, 'retryDelays'>,
  ): Promise<ServerProcess>;
}

/** Called at the top of an engine's `describe`: the setup once, a database per test. */
export function engineRun(engine: 'sqlite' | 'postgres'): EngineRun {
  let setup: Setup | undefined;
  let databaseUrl: string | undefined;
  beforeAll(async () => {
    setup = await setUp(engine);
  }, 60_000);
  beforeEach(async () => {
    databaseUrl = await databaseFor(engine);
  });
  const ready = (): Setup => {
    if (!setup) throw new Error('engineRun: used before its beforeAll ran');
    return setup;
  };
  return {
    get setup() {
      return ready();
    },
    get databaseUrl() {
      return databaseUrl;
    },
    server: (receiver, name, extra) => startServer(ready(), databaseUrl, receiver, name, extra),
  };
}

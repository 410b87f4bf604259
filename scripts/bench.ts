/**
 * `npm run bench`: durable submissions per second and their latency, with every flood rule on
 * and each request's two e-mails delivered over SMTP (and, in the webhook scenarios, its
 * `lead.created` event POSTed to a CRM receiver), on both database engines; measured on this
 * machine, on loopback only. For each scenario it starts an SMTP peer (`smtp-server`, in a
 * second process, counting what it receives by Message-ID) and the real server (built site
 * needed: `npm run build`) with SMTP_URL pointing at it, then sends requests on a fixed number
 * of connections for a fixed time, every request distinct (its own e-mail address, message and
 * client address), while GET / (accept-encoding: br) runs on 2 more connections: the home page's
 * latency beside the load. Scenarios (BENCH_SCENARIOS names):
 *
 * - `sqlite`: SQLite on a temporary DATA_DIR (WAL, each batch answered after its log fsync);
 * - `sqlite-webhook`: the same with WEBHOOK_URL and WEBHOOK_SECRET set: a receiver in a third
 *   process (scripts/bench/webhook-receiver.ts) checks every event's signature with
 *   `standardwebhooks` and answers 200 at once;
 * - `sqlite-webhook-hang`: the same, but the receiver never answers (each attempt waits for the
 *   default WEBHOOK_TIMEOUT_MS, 15 s): does the endpoint, the e-mail or the home page feel it?
 * - `postgres`: PostgreSQL on a private throwaway server with fsync=on and synchronous_commit=on;
 * - `postgres-webhook`: the same with a receiver that answers 200;
 * - `postgres-2`: two server instances sharing that PostgreSQL server, the connections (and the
 *   home page's) spread over both.
 * Each PostgreSQL scenario gets a fresh database.
 *
 * Flood rules, all on: the per-client rate limit (default, RATE_LIMIT_PER_HOUR=10: each
 * request comes from its own address, forwarded by a trusted proxy, TRUST_PROXY=x-forwarded-for),
 * the duplicate rule and one confirmation per address (defaults: no request repeats another),
 * the site budget and the notification grouping (SITE_RATE_LIMIT_PER_MINUTE and
 * NOTIFICATIONS_PER_10_MINUTES raised to 1 000 000, the only limits raised, so that the bench's
 * requests are stored and their notifications sent instead of refused or grouped).
 *
 * It reports the server processes' CPU time per stored request, load and drain together (the
 * whole cost of a request, its two e-mails, its event, and the home pages served beside it): a
 * figure that holds better than the rates when the machine is shared. After the load it waits
 * for the outbox to drain (every due e-mail received and, with a receiver that answers, every
 * event delivered), stops the servers and checks that every acknowledged request id is in the
 * database, that every due e-mail arrived once, that every stored request's event reached an
 * answering receiver and that no event failed its signature check (exit status 1 otherwise).
 * Events received twice (the same webhook-id) are counted, not failed: Standard Webhooks
 * delivers at least once.
 *
 * Settings: BENCH_CONNECTIONS (16), BENCH_HOME_CONNECTIONS (2; 0: no home page load),
 * BENCH_SECONDS (10), BENCH_SCENARIOS (comma-separated names above; all by default),
 * BENCH_SERVER_ROOT=<folder> runs the server built in another checkout (an older commit, for a
 * before/after comparison), BENCH_PG_STATEMENTS=1 prints the statements PostgreSQL ran during
 * each load (scripts/bench/pg-statements.ts), BENCH_CPU_PROF=<folder> has each server write a V8
 * CPU profile there.
 *
 * `npm run bench -- --flood`: the flood mode (ADR 0008), see scripts/bench/flood.ts.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { CONTACT_ENDPOINT_PATH } from '#contracts/contact/lead-contract.ts';
import { newWebhookSecret } from '#server/webhooks/index.ts';
import { startPostgresCluster, type PostgresCluster } from '#test-support/postgres.ts';
import { drain } from './bench/drain.ts';
import { floodMode } from './bench/flood.ts';
import { homeLoad, submissionLoad } from './bench/load.ts';
import {
  enableStatements,
  PG_STATEMENTS_SETTINGS,
  printStatements,
  resetStatements,
} from './bench/pg-statements.ts';
import { checkOutcomes, printOutcomes, type Outcome } from './bench/report.ts';
import { SERVER_ROOT, startServer, type RunningServer } from './bench/server.ts';
import { startSmtpPeerProcess } from './bench/smtp-peer.ts';
import {
  startWebhookReceiverProcess,
  type ReceiverMode,
  type WebhookReceiverProcess,
} from './bench/webhook-receiver.ts';
import { type StoreConfig } from '#server/db/connection.ts';
import { openStores } from '#server/compose/stores.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const HOME_CONNECTIONS = Number(process.env.BENCH_HOME_CONNECTIONS ?? 2);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SCENARIOS = (
  process.env.BENCH_SCENARIOS ??
  'sqlite,sqlite-webhook,sqlite-webhook-hang,postgres,postgres-webhook,postgres-2'
).split(',');
const DRAIN_TIMEOUT_MS = 180_000;

/** The server settings of every scenario (besides DATA_DIR, DATABASE_URL and SMTP_URL). */
const SETTINGS: Record<string, string> = {
  TRUST_PROXY: 'x-forwarded-for',
  SITE_RATE_LIMIT_PER_MINUTE: '1000000',
  NOTIFICATIONS_PER_10_MINUTES: '1000000',
  SEND_CONFIRMATION: 'true',
};

interface Scenario {
  name: string;
  label: string;
  engine: 'sqlite' | 'postgres';
  instances: number;
  webhook?: ReceiverMode;
}

/** In the order they run. */
const ALL_SCENARIOS: readonly Scenario[] = [
  { name: 'sqlite', label: 'SQLite', engine: 'sqlite', instances: 1 },
  {
    name: 'sqlite-webhook',
    label: 'SQLite, webhook',
    engine: 'sqlite',
    instances: 1,
    webhook: 'ok',
  },
  {
    name: 'sqlite-webhook-hang',
    label: 'SQLite, webhook hung',
    engine: 'sqlite',
    instances: 1,
    webhook: 'hang',
  },
  { name: 'postgres', label: 'PostgreSQL', engine: 'postgres', instances: 1 },
  {
    name: 'postgres-webhook',
    label: 'PostgreSQL, webhook',
    engine: 'postgres',
    instances: 1,
    webhook: 'ok',
  },
  { name: 'postgres-2', label: 'PostgreSQL, 2 instances', engine: 'postgres', instances: 2 },
];

async function scenario(
  { label, instances, webhook }: Scenario,
  config: StoreConfig,
  adminUrl?: string,
): Promise<Outcome> {
  const peer = await startSmtpPeerProcess();
  const secret = newWebhookSecret();
  let receiver: WebhookReceiverProcess | undefined;
  const servers: RunningServer[] = [];
  try {
    if (webhook) receiver = await startWebhookReceiverProcess(secret, webhook);
    const env = {
      ...SETTINGS,
      SMTP_URL: peer.url,
      ...(receiver ? { WEBHOOK_URL: receiver.url, WEBHOOK_SECRET: secret } : {}),
    };
    for (let i = 0; i < instances; i += 1) servers.push(await startServer(config, env));
    if (adminUrl) await resetStatements(adminUrl);
    const cpu = () => servers.reduce((sum, server) => sum + server.cpuMs(), 0);
    const cpuBefore = cpu();
    const urls = servers.map((server) => server.url);
    const [result, home] = await Promise.all([
      submissionLoad(urls, label.replace(/[^a-z0-9]+/gi, '-').toLowerCase(), CONNECTIONS, SECONDS),
      HOME_CONNECTIONS > 0 ? homeLoad(urls, HOME_CONNECTIONS, SECONDS) : undefined,
    ]);
    const duringLoad = await peer.count();
    const webhookDuringLoad = await receiver?.count();
    const cpuLoad = cpu() - cpuBefore;
    if (adminUrl && config.databaseUrl) {
      const database = new URL(config.databaseUrl).pathname.slice(1);
      await printStatements(adminUrl, database, label, result.acknowledged.length);
    }
    // Every request stored has two e-mails due (none withheld: no rule folds distinct ones) and,
    // with a receiver that answers, one event: the acknowledged ones and those stored as the
    // load stopped, whose answers came too late (the drain's quiet time lets those arrive).
    const acknowledged = result.acknowledged.length;
    const due = { mail: 2 * acknowledged, webhook: webhook === 'ok' ? acknowledged : undefined };
    const drained = await drain(peer, receiver, due, DRAIN_TIMEOUT_MS);
    const cpuTotal = cpu() - cpuBefore;
    // A hung receiver first: it drops the attempts it holds, so the servers stop at once.
    await receiver?.stop();
    for (const server of servers) await server.stop();
    const store = await openStores(config);
    const leads = await store.leads.listLeads();
    await store.close();
    const storedIds = new Set(leads.map((lead) => lead.id));
    return {
      label,
      load: result,
      home,
      stored: leads.length,
      missing: result.acknowledged.filter((id) => !storedIds.has(id)).length,
      mailDue: leads.reduce(
        (sum, lead) => sum + lead.delivery.filter((mail) => mail.status !== 'withheld').length,
        0,
      ),
      duringLoad,
      drained: drained.mail,
      drainSeconds: drained.seconds,
      cpuLoad,
      cpuTotal,
      webhook:
        webhook && webhookDuringLoad && drained.webhook
          ? { mode: webhook, duringLoad: webhookDuringLoad, drained: drained.webhook }
          : undefined,
    };
  } finally {
    await receiver?.stop();
    for (const server of servers) await server.stop();
    await peer.stop();
  }
}

async function throughput() {
  const unknown = SCENARIOS.filter((name) => !ALL_SCENARIOS.some((known) => known.name === name));
  if (unknown.length > 0) {
    console.error(
      `Unknown BENCH_SCENARIOS: ${unknown.join(', ')} (known: ${ALL_SCENARIOS.map((known) => known.name).join(', ')}).`,
    );
    process.exit(1);
  }
  const root = mkdtempSync(join(tmpdir(), 'renovation-bench-'));
  let cluster: PostgresCluster | undefined;
  const outcomes: Outcome[] = [];
  console.log(
    `Bench: POST ${CONTACT_ENDPOINT_PATH}, ${CONNECTIONS} connections, ${SECONDS} s per scenario, ` +
      'every request distinct (own e-mail, message and client address)' +
      (HOME_CONNECTIONS > 0
        ? `; meanwhile GET / (accept-encoding: br) on ${HOME_CONNECTIONS} connections`
        : '') +
      `\nServer: ${SERVER_ROOT === resolve('.') ? 'this checkout' : SERVER_ROOT}; settings: ` +
      Object.entries(SETTINGS)
        .map(([name, value]) => `${name}=${value}`)
        .join(' ') +
      ', SMTP_URL=smtp://127.0.0.1 (peer in its own process), other settings default\n' +
      'Webhook scenarios: WEBHOOK_URL=http://127.0.0.1/hooks/crm (receiver in its own process, ' +
      'checking every signature with standardwebhooks), a fresh WEBHOOK_SECRET, other webhook ' +
      'settings default\n' +
      'SQLite: WAL, synchronous=FULL, batches answered after their log fsync; ' +
      'PostgreSQL: private server, fsync=on, synchronous_commit=on\n' +
      `Machine: ${cpus().length} CPUs, load average ${loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}\n`,
  );
  try {
    let database = 0;
    for (const definition of ALL_SCENARIOS.filter(({ name }) => SCENARIOS.includes(name))) {
      if (definition.engine === 'sqlite') {
        outcomes.push(await scenario(definition, { dataDir: join(root, definition.name) }));
        continue;
      }
      if (!cluster) {
        cluster = await startPostgresCluster({
          fsync: true,
          settings: { synchronous_commit: 'on', ...PG_STATEMENTS_SETTINGS },
        });
        await enableStatements(cluster.url);
      }
      // Each scenario on a fresh database.
      database += 1;
      const name = `bench_${database}`;
      const admin = await import('pg').then(({ default: pg }) => new pg.Client(cluster?.url));
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(cluster.url);
      url.pathname = `/${name}`;
      const config = { dataDir: join(root, name), databaseUrl: url.toString() };
      outcomes.push(await scenario(definition, config, cluster.url));
    }
  } finally {
    cluster?.destroy();
    rmSync(root, { recursive: true, force: true });
  }
  printOutcomes(outcomes);
  checkOutcomes(outcomes);
}

async function main() {
  if (
    !existsSync(join(SERVER_ROOT, 'build/client/index.html')) ||
    !existsSync(join(SERVER_ROOT, 'build/server/main.js'))
  ) {
    console.error('The built site is missing: run "npm run build" first.');
    process.exit(1);
  }
  if (process.argv[2] === '--flood') await floodMode();
  else await throughput();
}

await main();

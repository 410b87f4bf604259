/**
 * `npm run bench`: durable submissions per second and their latency, with every flood rule on
 * and each request's two e-mails delivered over SMTP, on both database engines; measured on
 * this machine, on loopback only. For each scenario it starts an SMTP peer (`smtp-server`, in a
 * second process, counting what it receives by Message-ID) and the real server (built site
 * needed: `npm run build`) with SMTP_URL pointing at it, then sends requests on a fixed number
 * of connections for a fixed time, every request distinct (its own e-mail address, message and
 * client address). Scenarios:
 *
 * - SQLite on a temporary DATA_DIR (WAL, each batch answered after its log fsync);
 * - PostgreSQL on a private throwaway server with fsync=on and synchronous_commit=on;
 * - two server instances sharing that PostgreSQL database (a fresh one), the connections
 *   spread over both.
 *
 * Flood rules, all on: the per-client rate limit (default, RATE_LIMIT_PER_HOUR=10: each
 * request comes from its own address, forwarded by a trusted proxy, TRUST_PROXY=x-forwarded-for),
 * the duplicate rule and one confirmation per address (defaults: no request repeats another),
 * the site budget and the notification grouping (SITE_RATE_LIMIT_PER_MINUTE and
 * NOTIFICATIONS_PER_10_MINUTES raised to 1 000 000, the only limits raised, so that the bench's
 * requests are stored and their notifications sent instead of refused or grouped).
 *
 * It reports the server processes' CPU time per stored request, load and drain together (the
 * whole cost of a request and its two e-mails): a figure that holds better than the rates when
 * the machine is shared. After the load it waits for the outbox to drain (every due e-mail received), stops the
 * servers and checks that every acknowledged request id is in the database (exit status 1
 * otherwise), and that no Message-ID was received twice.
 *
 * Settings: BENCH_CONNECTIONS (16), BENCH_SECONDS (10), BENCH_SCENARIOS (comma-separated among
 * sqlite, postgres, postgres-2; all by default), BENCH_SERVER_ROOT=<folder> runs the server
 * built in another checkout (an older commit, for a before/after comparison), BENCH_PG_STATEMENTS=1
 * prints the statements PostgreSQL ran during each load (scripts/bench/pg-statements.ts),
 * BENCH_CPU_PROF=<folder> has each server write a V8 CPU profile there.
 *
 * `npm run bench -- --flood`: the flood mode (issue 17), see scripts/bench/flood.ts.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import autocannon from 'autocannon';

import { CONTACT_ENDPOINT_PATH } from '../contact/lead-contract';
import type { StoreConfig } from '../server/store';
import { openLeadStore } from '../server/store/open';
import { startPostgresCluster, type PostgresCluster } from '../test-support/postgres';
import { floodMode } from './bench/flood';
import { leadBody, SERVER_ROOT, startServer, table, type RunningServer } from './bench/server';
import {
  enableStatements,
  PG_STATEMENTS_SETTINGS,
  printStatements,
  resetStatements,
} from './bench/pg-statements';
import { startSmtpPeerProcess, type PeerCount } from './bench/smtp-peer';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SCENARIOS = (process.env.BENCH_SCENARIOS ?? 'sqlite,postgres,postgres-2').split(',');
const DRAIN_TIMEOUT_MS = 180_000;

/** The server settings of every scenario (besides DATA_DIR, DATABASE_URL and SMTP_URL). */
const SETTINGS: Record<string, string> = {
  TRUST_PROXY: 'x-forwarded-for',
  SITE_RATE_LIMIT_PER_MINUTE: '1000000',
  NOTIFICATIONS_PER_10_MINUTES: '1000000',
  SEND_CONFIRMATION: 'true',
};

interface Load {
  seconds: number;
  latencies: number[];
  acknowledged: string[];
  statuses: Map<number, number>;
  errors: number;
}

/** Sends distinct requests to `urls` (connections spread over them) for SECONDS. */
function load(urls: string[], prefix: string): Promise<Load> {
  let n = 0;
  const latencies: number[] = [];
  const acknowledged: string[] = [];
  const statuses = new Map<number, number>();
  return new Promise((resolveLoad, reject) => {
    const instance = autocannon(
      {
        // autocannon spreads the connections over several URLs; its types know only one.
        url: urls.map((url) => `${url}${CONTACT_ENDPOINT_PATH}`) as unknown as string,
        connections: CONNECTIONS,
        duration: SECONDS,
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => {
              n += 1;
              return {
                ...request,
                headers: {
                  'content-type': 'application/json',
                  // Each request from its own address, as a trusted proxy forwards it.
                  'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
                },
                body: leadBody(n, undefined, prefix),
              };
            },
            onResponse: (status, body) => {
              if (status >= 200 && status < 300) {
                acknowledged.push((JSON.parse(body) as { id: string }).id);
              }
            },
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        resolveLoad({
          seconds: result.duration,
          latencies,
          acknowledged,
          statuses,
          errors: result.errors + result.timeouts,
        });
      },
    );
    instance.on('response', (_client, statusCode: number, _bytes, responseTime: number) => {
      latencies.push(responseTime);
      statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
    });
  });
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

interface Outcome {
  label: string;
  load: Load;
  stored: number;
  missing: number;
  mailDue: number;
  duringLoad: PeerCount;
  drained: PeerCount;
  drainSeconds: number;
  /** CPU time of the server processes during the load, and until the drain ended (ms). */
  cpuLoad: number;
  cpuTotal: number;
}

async function scenario(
  label: string,
  config: StoreConfig,
  instances: number,
  adminUrl?: string,
): Promise<Outcome> {
  const peer = await startSmtpPeerProcess();
  const servers: RunningServer[] = [];
  try {
    for (let i = 0; i < instances; i += 1) {
      servers.push(await startServer(config, { ...SETTINGS, SMTP_URL: peer.url }));
    }
    if (adminUrl) await resetStatements(adminUrl);
    const cpu = () => servers.reduce((sum, server) => sum + server.cpuMs(), 0);
    const cpuBefore = cpu();
    const result = await load(
      servers.map((server) => server.url),
      label.replace(/[^a-z0-9]+/gi, '-').toLowerCase(),
    );
    const duringLoad = await peer.count();
    const cpuLoad = cpu() - cpuBefore;
    if (adminUrl && config.databaseUrl) {
      const database = new URL(config.databaseUrl).pathname.slice(1);
      await printStatements(adminUrl, database, label, result.acknowledged.length);
    }
    // Every request stored has two e-mails due (none withheld: no rule folds distinct ones),
    // the acknowledged ones and those stored as the load stopped, whose answers came too late.
    const expected = 2 * result.acknowledged.length;
    const drainStart = Date.now();
    let drained = duringLoad;
    let lastChange = Date.now();
    while (Date.now() - drainStart < DRAIN_TIMEOUT_MS) {
      await new Promise((wait) => setTimeout(wait, 250));
      const now = await peer.count();
      if (now.received !== drained.received) lastChange = Date.now();
      drained = now;
      if (drained.distinct >= expected && Date.now() - lastChange > 2_000) break;
    }
    const drainSeconds = (lastChange - drainStart) / 1000;
    const cpuTotal = cpu() - cpuBefore;
    for (const server of servers) await server.stop();
    const store = await openLeadStore(config);
    const leads = await store.listLeads();
    await store.close();
    const storedIds = new Set(leads.map((lead) => lead.id));
    const missing = result.acknowledged.filter((id) => !storedIds.has(id)).length;
    const mailDue = leads.reduce(
      (sum, lead) => sum + lead.delivery.filter((mail) => mail.status !== 'withheld').length,
      0,
    );
    return {
      label,
      load: result,
      stored: leads.length,
      missing,
      mailDue,
      duringLoad,
      drained,
      drainSeconds,
      cpuLoad,
      cpuTotal,
    };
  } finally {
    for (const server of servers) await server.stop();
    await peer.stop();
  }
}

async function throughput() {
  const root = mkdtempSync(join(tmpdir(), 'renovation-bench-'));
  let cluster: PostgresCluster | undefined;
  const outcomes: Outcome[] = [];
  console.log(
    `Bench: POST ${CONTACT_ENDPOINT_PATH}, ${CONNECTIONS} connections, ${SECONDS} s per scenario, ` +
      'every request distinct (own e-mail, message and client address)\n' +
      `Server: ${SERVER_ROOT === resolve('.') ? 'this checkout' : SERVER_ROOT}; settings: ` +
      Object.entries(SETTINGS)
        .map(([name, value]) => `${name}=${value}`)
        .join(' ') +
      ', SMTP_URL=smtp://127.0.0.1 (peer in its own process), other settings default\n' +
      'SQLite: WAL, synchronous=FULL, batches answered after their log fsync; ' +
      'PostgreSQL: private server, fsync=on, synchronous_commit=on\n' +
      `Machine: ${cpus().length} CPUs, load average ${loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}\n`,
  );
  try {
    if (SCENARIOS.includes('sqlite')) {
      outcomes.push(await scenario('SQLite', { dataDir: join(root, 'sqlite') }, 1));
    }
    if (SCENARIOS.some((name) => name.startsWith('postgres'))) {
      cluster = await startPostgresCluster({
        fsync: true,
        settings: { synchronous_commit: 'on', ...PG_STATEMENTS_SETTINGS },
      });
      await enableStatements(cluster.url);
      let database = 0;
      const fresh = async () => {
        database += 1;
        const name = `bench_${database}`;
        const admin = await import('pg').then(({ default: pg }) => new pg.Client(cluster?.url));
        await admin.connect();
        await admin.query(`CREATE DATABASE ${name}`);
        await admin.end();
        const url = new URL(cluster?.url ?? '');
        url.pathname = `/${name}`;
        return { dataDir: join(root, name), databaseUrl: url.toString() };
      };
      if (SCENARIOS.includes('postgres')) {
        outcomes.push(await scenario('PostgreSQL', await fresh(), 1, cluster.url));
      }
      if (SCENARIOS.includes('postgres-2')) {
        outcomes.push(await scenario('PostgreSQL, 2 instances', await fresh(), 2, cluster.url));
      }
    }
  } finally {
    cluster?.destroy();
    rmSync(root, { recursive: true, force: true });
  }

  table(
    [
      'scenario',
      'stored/s',
      'p50 ms',
      'p99 ms',
      'max ms',
      'acknowledged',
      'stored',
      'refused/errors',
      'mail during load',
      'mail after drain',
      'drain s',
      'sent twice',
      'server CPU ms/req',
    ],
    outcomes.map((outcome) => {
      const { label, load: result, stored, mailDue, duringLoad, drained, drainSeconds } = outcome;
      const sorted = [...result.latencies].sort((a, b) => a - b);
      const refused =
        [...result.statuses]
          .filter(([code]) => code < 200 || code >= 300)
          .reduce((s, [, c]) => s + c, 0) + result.errors;
      return [
        label,
        (result.acknowledged.length / result.seconds).toFixed(0),
        percentile(sorted, 50).toFixed(1),
        percentile(sorted, 99).toFixed(1),
        (sorted.at(-1) ?? 0).toFixed(1),
        String(result.acknowledged.length),
        String(stored),
        String(refused),
        `${duringLoad.distinct}/${mailDue}`,
        `${drained.distinct}/${mailDue}`,
        drainSeconds.toFixed(1),
        String(drained.received - drained.distinct),
        (outcome.cpuTotal / Math.max(1, stored)).toFixed(2),
      ];
    }),
  );
  for (const outcome of outcomes) {
    const { label, load: result, missing, drained, mailDue } = outcome;
    if (missing > 0) {
      console.error(`${label}: ${missing} acknowledged submissions are missing from the database.`);
      process.exitCode = 1;
    }
    if (drained.distinct < mailDue) {
      console.error(`${label}: ${mailDue - drained.distinct} due e-mails never arrived.`);
      process.exitCode = 1;
    }
    if (drained.received > drained.distinct) {
      console.error(`${label}: ${drained.received - drained.distinct} e-mails arrived twice.`);
      process.exitCode = 1;
    }
    if (result.acknowledged.length === 0) process.exitCode = 1;
  }
  if (!process.exitCode) {
    console.log('Every acknowledged submission is stored; every due e-mail arrived once.');
  }
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

/**
 * `npm run bench`: measures, on this machine and on loopback only, the lead endpoint (durable
 * submissions per second, p99 latency) and static page requests per second for `/`, on both
 * database engines. For each, it starts the real server (built site needed: `npm run build`)
 * with the rate limit and both flood budgets raised (SITE_RATE_LIMIT_PER_MINUTE,
 * NOTIFICATIONS_PER_10_MINUTES) and the `.eml` mail transport: SQLite on a temporary DATA_DIR,
 * then PostgreSQL on a private throwaway server with fsync on (commits durable, as in
 * production). Every request differs from the others (so the duplicate rule folds none). It
 * runs each scenario for a few seconds with a fixed number of connections, then checks that
 * every acknowledged submission is in the database.
 *
 * `npm run bench -- --flood`: the flood mode (issue 17), on SQLite with the default settings.
 * A second process floods the endpoint on 64 connections while this one measures the home
 * page: alone, under a one-client flood, under a spread flood (each request from its own
 * address, forwarded by a trusted proxy: TRUST_PROXY=x-forwarded-for), and under a one-client
 * flood with RATE_LIMIT_PER_HOUR raised (every request admitted to a durable write). Prints the
 * home page's p99 and rate in each case, and the flood's accepted, refused and e-mailed counts.
 *
 * BENCH_SERVER_ROOT=<folder> runs the server built in another checkout (e.g. an older commit,
 * for a before/after comparison) with this bench.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import autocannon from 'autocannon';

import { CONTACT_ENDPOINT_PATH } from '../contact/lead-contract';
import type { StoreConfig } from '../server/store';
import { openLeadStore } from '../server/store/open';
import { startPostgresCluster, type PostgresCluster } from '../test-support/postgres';

const DURATION_SECONDS = 5;
const CONNECTIONS = 10;
const FLOOD_CONNECTIONS = 64;
const FLOOD_SECONDS = 8;
const VICTIM = 'victime@exemple.example';
const SERVER_ROOT = resolve(process.env.BENCH_SERVER_ROOT ?? '.');

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = address && typeof address === 'object' ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

async function waitForHealth(url: string, server: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (server.exitCode !== null) throw new Error('the server exited at startup');
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not start');
    await new Promise((wait) => setTimeout(wait, 100));
  }
}

/** A valid request; `n` makes its e-mail and message (or only its message) unique. */
function leadBody(n: number, email?: string): string {
  return JSON.stringify({
    clientType: 'professionnel',
    nom: 'Banc',
    prenom: 'Essai',
    adresse: '1 rue de la Mesure, 75001 Paris',
    telephone: '06 12 34 56 78',
    email: email ?? `bench.${n}@entreprise.example`,
    produit: 'Audit énergétique',
    message: `Mesure de performance numéro ${n}.`,
    rgpdConsent: true,
    website: '',
  });
}

interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

async function startServer(config: StoreConfig, env: Record<string, string>) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['build/server/main.js'], {
    cwd: SERVER_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: config.dataDir,
      DATABASE_URL: config.databaseUrl ?? '',
      SMTP_URL: '',
      MAIL_API_URL: '',
      LOG_LEVEL: 'error',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHealth(url, server, 30_000);
  } catch (error) {
    server.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    stop: async () => {
      if (server.exitCode !== null) return;
      server.kill('SIGTERM');
      await new Promise((done) => server.once('exit', done));
    },
  } satisfies RunningServer;
}

interface EngineResult {
  engine: string;
  submissions: autocannon.Result;
  pages: autocannon.Result;
  stored: number;
}

const RAISED = {
  RATE_LIMIT_PER_HOUR: '1000000',
  SITE_RATE_LIMIT_PER_MINUTE: '1000000',
  NOTIFICATIONS_PER_10_MINUTES: '1000000',
};

async function measure(engine: string, config: StoreConfig): Promise<EngineResult> {
  const server = await startServer(config, RAISED);
  try {
    let n = 0;
    const submissions = await autocannon({
      url: `${server.url}${CONTACT_ENDPOINT_PATH}`,
      connections: CONNECTIONS,
      duration: DURATION_SECONDS,
      requests: [
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          setupRequest: (request) => ({ ...request, body: leadBody((n += 1)) }),
        },
      ],
    });
    const pages = await autocannon({
      url: `${server.url}/`,
      headers: { 'accept-encoding': 'br, gzip' },
      connections: CONNECTIONS,
      duration: DURATION_SECONDS,
    });
    await server.stop();
    const store = await openLeadStore(config);
    const stored = (await store.listLeads()).length;
    await store.close();
    return { engine, submissions, pages, stored };
  } finally {
    await server.stop();
  }
}

function table(header: string[], rows: string[][]): void {
  const widths = header.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ');
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
  console.log('');
}

function throughputRow(label: string, result: autocannon.Result): string[] {
  return [
    label,
    (result['2xx'] / result.duration).toFixed(0),
    result.latency.p50.toFixed(1),
    result.latency.p99.toFixed(1),
    String(result['2xx']),
    String(result.non2xx + result.errors + result.timeouts),
  ];
}

async function throughput() {
  const dataDir = mkdtempSync(join(tmpdir(), 'renovation-bench-'));
  let cluster: PostgresCluster | undefined;
  const results: EngineResult[] = [];
  try {
    console.log(`Benchmark: ${CONNECTIONS} connections, ${DURATION_SECONDS} s per scenario\n`);
    results.push(await measure('SQLite', { dataDir: join(dataDir, 'sqlite') }));
    cluster = await startPostgresCluster({ fsync: true });
    results.push(
      await measure('PostgreSQL', { dataDir: join(dataDir, 'postgres'), databaseUrl: cluster.url }),
    );
  } finally {
    cluster?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }

  table(
    ['scenario', 'req/s (2xx)', 'p50 ms', 'p99 ms', '2xx', 'other'],
    results.flatMap(({ engine, submissions, pages }) => [
      throughputRow(`${engine}: POST ${CONTACT_ENDPOINT_PATH}`, submissions),
      throughputRow(`${engine}: GET / (brotli)`, pages),
    ]),
  );
  for (const { engine, submissions, stored } of results) {
    console.log(
      `Durability (${engine}): ${submissions['2xx']} acknowledged submissions, ${stored} in the database` +
        (engine === 'SQLite'
          ? ' (WAL, each batch answered after its log fsync).'
          : ' (fsync on, synchronous_commit on).'),
    );
    if (stored < submissions['2xx']) {
      console.error(`Some acknowledged submissions are missing from the ${engine} database.`);
      process.exitCode = 1;
    }
  }
}

// --- Flood mode ---------------------------------------------------------------------------

type FloodKind = 'one-client' | 'spread';

interface FloodClientResult {
  requests: number;
  accepted: number;
  statuses: Record<string, number>;
  errors: number;
}

/** Runs in the second process: the flood itself. */
async function floodClient(url: string, kind: FloodKind, seconds: number): Promise<void> {
  let n = 0;
  const result = await autocannon({
    url: `${url}${CONTACT_ENDPOINT_PATH}`,
    connections: FLOOD_CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          n += 1;
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          // Each request from its own address, as a trusted proxy forwards it.
          if (kind === 'spread')
            headers['x-forwarded-for'] = `10.${n >> 16}.${(n >> 8) & 255}.${n & 255}`;
          return { ...request, headers, body: leadBody(n, VICTIM) };
        },
      },
    ],
  });
  const statuses: Record<string, number> = {};
  for (const [code, count] of Object.entries(result.statusCodeStats ?? {})) {
    statuses[code] = (count as { count: number }).count;
  }
  const output: FloodClientResult = {
    requests: result.requests.total,
    accepted: result['2xx'],
    statuses,
    errors: result.errors + result.timeouts,
  };
  process.stdout.write(`${JSON.stringify(output)}\n`);
}

function runFloodProcess(url: string, kind: FloodKind): Promise<FloodClientResult> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      fileURLToPath(import.meta.url),
      '--flood-client',
      url,
      kind,
      String(FLOOD_SECONDS),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolveResult, reject) => {
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`the flood process exited with ${code}`));
      resolveResult(JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as FloodClientResult);
    });
  });
}

interface FloodRow {
  label: string;
  home: autocannon.Result;
  flood?: FloodClientResult;
  stored?: number;
  mails?: { notifications: number; confirmationsToVictim: number; alerts: number };
}

async function homeLoad(url: string): Promise<autocannon.Result> {
  return autocannon({
    url: `${url}/`,
    headers: { 'accept-encoding': 'br, gzip' },
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
  });
}

async function floodScenario(
  label: string,
  kind: FloodKind | undefined,
  env: Record<string, string>,
  root: string,
): Promise<FloodRow> {
  const config: StoreConfig = { dataDir: mkdtempSync(join(root, 'flood-')) };
  const server = await startServer(config, env);
  try {
    if (!kind) return { label, home: await homeLoad(server.url) };
    const flood = runFloodProcess(server.url, kind);
    // Let the flood ramp up, then measure the home page while it runs.
    await new Promise((wait) => setTimeout(wait, 1_500));
    const home = await homeLoad(server.url);
    const floodResult = await flood;
    await server.stop();
    const store = await openLeadStore(config);
    const leads = await store.listLeads();
    await store.close();
    // E-mailed: sent, or due to be sent (not withheld, not failed).
    const mailed = (kind: string) =>
      leads.flatMap((lead) =>
        lead.delivery.filter(
          (mail) => mail.kind === kind && (mail.status === 'sent' || mail.status === 'pending'),
        ),
      ).length;
    return {
      label,
      home,
      flood: floodResult,
      stored: leads.length,
      mails: {
        notifications: mailed('notification'),
        confirmationsToVictim: mailed('confirmation'),
        alerts: mailed('alert'),
      },
    };
  } finally {
    await server.stop();
  }
}

async function floodMode() {
  const root = mkdtempSync(join(tmpdir(), 'renovation-flood-'));
  const rows: FloodRow[] = [];
  try {
    console.log(
      `Flood bench (SQLite, default settings unless named): home page on ${CONNECTIONS} connections ` +
        `for ${DURATION_SECONDS} s; flood from a second process on ${FLOOD_CONNECTIONS} connections ` +
        `for ${FLOOD_SECONDS} s${SERVER_ROOT === resolve('.') ? '' : `; server from ${SERVER_ROOT}`}\n`,
    );
    rows.push(await floodScenario('no flood', undefined, {}, root));
    rows.push(await floodScenario('one-client flood', 'one-client', {}, root));
    rows.push(
      await floodScenario(
        'spread flood (TRUST_PROXY, distinct addresses)',
        'spread',
        { TRUST_PROXY: 'x-forwarded-for' },
        root,
      ),
    );
    rows.push(
      await floodScenario(
        'one-client flood, RATE_LIMIT_PER_HOUR=1000000',
        'one-client',
        { RATE_LIMIT_PER_HOUR: '1000000' },
        root,
      ),
    );
    // Every request a durable write at full speed: shows whether disk flushes hold the loop.
    rows.push(
      await floodScenario(
        'one-client flood, every limit raised (bench settings)',
        'one-client',
        RAISED,
        root,
      ),
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  table(
    [
      'scenario',
      'home p99 ms',
      'home req/s',
      'flood req/s',
      'accepted',
      'refused (status×count)',
      'stored',
      'notif.',
      'alerts',
      'confirm. to victim',
    ],
    rows.map(({ label, home, flood, stored, mails }) => [
      label,
      home.latency.p99.toFixed(1),
      (home['2xx'] / home.duration).toFixed(0),
      flood ? (flood.requests / FLOOD_SECONDS).toFixed(0) : '-',
      flood ? String(flood.accepted) : '-',
      flood
        ? Object.entries(flood.statuses)
            .filter(([code]) => !code.startsWith('2'))
            .map(([code, count]) => `${code}×${count}`)
            .join(' ') + (flood.errors ? ` errors×${flood.errors}` : '')
        : '-',
      stored === undefined ? '-' : String(stored),
      mails ? String(mails.notifications) : '-',
      mails ? String(mails.alerts) : '-',
      mails ? String(mails.confirmationsToVictim) : '-',
    ]),
  );
}

async function main() {
  const [mode, ...args] = process.argv.slice(2);
  if (mode === '--flood-client') {
    const [url = '', kind = 'one-client', seconds = String(FLOOD_SECONDS)] = args;
    await floodClient(url, kind as FloodKind, Number(seconds));
    return;
  }
  if (
    !existsSync(join(SERVER_ROOT, 'build/client/index.html')) ||
    !existsSync(join(SERVER_ROOT, 'build/server/main.js'))
  ) {
    console.error('The built site is missing: run "npm run build" first.');
    process.exit(1);
  }
  if (mode === '--flood') await floodMode();
  else await throughput();
}

await main();

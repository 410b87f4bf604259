/**
 * `npm run bench`: measures, on this machine and on loopback only, the lead endpoint (durable
 * submissions per second, p99 latency) and static page requests per second for `/`, on both
 * database engines. For each, it starts the real server (built site needed: `npm run build`)
 * with the rate limit raised and the `.eml` mail transport: SQLite on a temporary DATA_DIR, then
 * PostgreSQL on a private throwaway server with fsync on (commits durable, as in production),
 * runs each scenario for a few seconds with a fixed number of connections, then checks that
 * every acknowledged submission is in the database.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import autocannon from 'autocannon';

import { CONTACT_ENDPOINT_PATH } from '../contact/lead-contract';
import { LeadStore, type StoreConfig } from '../server/store';
import { startPostgresCluster, type PostgresCluster } from '../test-support/postgres';

const DURATION_SECONDS = 5;
const CONNECTIONS = 10;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = address && typeof address === 'object' ? address.port : 0;
      probe.close(() => resolve(port));
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
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface EngineResult {
  engine: string;
  submissions: autocannon.Result;
  pages: autocannon.Result;
  stored: number;
}

async function measure(engine: string, config: StoreConfig): Promise<EngineResult> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['build/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: config.dataDir,
      DATABASE_URL: config.databaseUrl ?? '',
      SMTP_URL: '',
      MAIL_API_URL: '',
      RATE_LIMIT_PER_HOUR: '1000000',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHealth(url, server, 30_000);
    const body = JSON.stringify({
      clientType: 'professionnel',
      nom: 'Banc',
      prenom: 'Essai',
      adresse: '1 rue de la Mesure, 75001 Paris',
      telephone: '06 12 34 56 78',
      email: 'bench@entreprise.example',
      produit: 'Audit énergétique',
      message: 'Mesure de performance.',
      rgpdConsent: true,
      website: '',
    });
    const submissions = await autocannon({
      url: `${url}${CONTACT_ENDPOINT_PATH}`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      connections: CONNECTIONS,
      duration: DURATION_SECONDS,
    });
    const pages = await autocannon({
      url: `${url}/`,
      headers: { 'accept-encoding': 'br, gzip' },
      connections: CONNECTIONS,
      duration: DURATION_SECONDS,
    });
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    const store = await LeadStore.open(config);
    const stored = (await store.listLeads()).length;
    await store.close();
    return { engine, submissions, pages, stored };
  } finally {
    if (server.exitCode === null) server.kill('SIGTERM');
  }
}

async function main() {
  if (!existsSync('build/client/index.html') || !existsSync('build/server/main.js')) {
    console.error('The built site is missing: run "npm run build" first.');
    process.exit(1);
  }
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

  const rows = results.flatMap(({ engine, submissions, pages }) => [
    [
      `${engine}: POST ${CONTACT_ENDPOINT_PATH}`,
      (submissions['2xx'] / submissions.duration).toFixed(0),
      submissions.latency.p50.toFixed(1),
      submissions.latency.p99.toFixed(1),
      String(submissions['2xx']),
      String(submissions.non2xx + submissions.errors + submissions.timeouts),
    ],
    [
      `${engine}: GET / (brotli)`,
      (pages['2xx'] / pages.duration).toFixed(0),
      pages.latency.p50.toFixed(1),
      pages.latency.p99.toFixed(1),
      String(pages['2xx']),
      String(pages.non2xx + pages.errors + pages.timeouts),
    ],
  ]);
  const header = ['scenario', 'req/s (2xx)', 'p50 ms', 'p99 ms', '2xx', 'other'];
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
  for (const { engine, submissions, stored } of results) {
    console.log(
      `Durability (${engine}): ${submissions['2xx']} acknowledged submissions, ${stored} in the database` +
        (engine === 'SQLite' ? ' (WAL, synchronous=FULL).' : ' (fsync on, synchronous_commit on).'),
    );
    if (stored < submissions['2xx']) {
      console.error(`Some acknowledged submissions are missing from the ${engine} database.`);
      process.exitCode = 1;
    }
  }
}

await main();

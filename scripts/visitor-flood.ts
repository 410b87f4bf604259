/**
 * `npm run bench:visitor`: the visitor page's API under a flood of made-up tokens (ADR 0029,
 * point 5), on SQLite and on PostgreSQL (a private throwaway server), with the built server
 * (`npm run build` first) and its default settings but TRUST_PROXY=x-forwarded-for. For each
 * engine: GET / and GET /contact alone (5 connections each, 5 s, p50/p99), then the same while a
 * second process POSTs `{ jeton }` to `/api/demande/lire` on 64 connections for 8 s, every
 * token random and well-shaped (one indexed read each) but one in ten malformed (no read), in
 * two shapes: every request from its own forwarded address (`spread`), and 200 addresses in
 * turn (`botnet`, each past its budget soon: held 429s). Prints the flood's requests and answers
 * by status and the pages' latency; exits 1 if the flood got anything but 404 and 429, or if the
 * real visitor's link (one stored request) did not open during it.
 *
 * Settings: VISITOR_FLOOD_ENGINES (`sqlite,postgres`), VISITOR_FLOOD_SECONDS (8).
 */
import { runJsonChild } from './bench/child-process.ts';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import autocannon from 'autocannon';

import { VISITOR_API } from '#contracts/contact/visitor-api.ts';
import type { StoreConfig } from '#server/db/connection.ts';
import { createTestDatabase, startPostgresCluster } from '#test-support/postgres.ts';
import { startServer, table } from './bench/server.ts';
import { realVisitor } from './bench/visitor.ts';

const FLOOD_CONNECTIONS = 64;
const FLOOD_SECONDS = Number(process.env.VISITOR_FLOOD_SECONDS ?? 8);
const PAGE_CONNECTIONS = 5;
const PAGE_SECONDS = 5;
const ENGINES = (process.env.VISITOR_FLOOD_ENGINES ?? 'sqlite,postgres').split(',');
const BOTNET_ADDRESSES = 200;

type FloodKind = 'spread' | 'botnet';

interface FloodResult {
  requests: number;
  statuses: Record<string, number>;
  errors: number;
}

/** Runs in the second process: the flood itself, its result as one JSON line. */
async function floodClient(url: string, kind: FloodKind, seconds: number): Promise<void> {
  let n = 0;
  const result = await autocannon({
    url: `${url}${VISITOR_API.read}`,
    connections: FLOOD_CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          n += 1;
          const address = kind === 'spread' ? n : n % BOTNET_ADDRESSES;
          const jeton = n % 10 === 0 ? 'pas-un-jeton' : randomBytes(32).toString('base64url');
          return {
            ...request,
            headers: {
              'content-type': 'application/json',
              origin: url,
              'x-forwarded-for': `10.${address >> 16}.${(address >> 8) & 255}.${address & 255}`,
            },
            body: JSON.stringify({ jeton }),
          };
        },
      },
    ],
  });
  const statuses: Record<string, number> = {};
  for (const [code, count] of Object.entries(result.statusCodeStats ?? {})) {
    statuses[code] = (count as { count: number }).count;
  }
  const output: FloodResult = {
    requests: result.requests.total,
    statuses,
    errors: result.errors + result.timeouts,
  };
  process.stdout.write(`${JSON.stringify(output)}\n`);
}

function runFloodProcess(url: string, kind: FloodKind): Promise<FloodResult> {
  return runJsonChild<FloodResult>(fileURLToPath(import.meta.url), ['--flood-client', url, kind]);
}

interface PageLatency {
  p50: number;
  p99: number;
}

async function pagesLoad(url: string): Promise<Record<'/' | '/contact', PageLatency>> {
  const load = (path: string) =>
    autocannon({
      url: `${url}${path}`,
      headers: { 'accept-encoding': 'br, gzip' },
      connections: PAGE_CONNECTIONS,
      duration: PAGE_SECONDS,
    });
  const [home, contact] = await Promise.all([load('/'), load('/contact')]);
  const latency = (result: autocannon.Result) => ({
    p50: result.latency.p50,
    p99: result.latency.p99,
  });
  return { '/': latency(home), '/contact': latency(contact) };
}

interface Row {
  engine: string;
  scenario: string;
  pages: Record<'/' | '/contact', PageLatency>;
  flood?: FloodResult;
  visitorOpened?: boolean;
}

async function engineRows(engine: string, config: StoreConfig): Promise<Row[]> {
  const server = await startServer(config, { TRUST_PROXY: 'x-forwarded-for' });
  const rows: Row[] = [];
  try {
    const token = await realVisitor(config, server.url);
    rows.push({ engine, scenario: 'no flood', pages: await pagesLoad(server.url) });
    for (const kind of ['spread', 'botnet'] as const) {
      const flood = runFloodProcess(server.url, kind);
      await new Promise((wait) => setTimeout(wait, 1_500));
      const pages = await pagesLoad(server.url);
      const own = await fetch(`${server.url}${VISITOR_API.read}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: server.url,
          'x-forwarded-for': '192.0.2.1',
        },
        body: JSON.stringify({ jeton: token }),
      });
      rows.push({
        engine,
        scenario: `${kind} flood`,
        pages,
        flood: await flood,
        visitorOpened: own.status === 200,
      });
    }
  } finally {
    await server.stop();
  }
  return rows;
}

async function main() {
  const root = mkdtempSync(join(tmpdir(), 'renovation-visitor-flood-'));
  const rows: Row[] = [];
  try {
    for (const engine of ENGINES) {
      const dataDir = mkdtempSync(join(root, `${engine}-`));
      if (engine === 'postgres') {
        const cluster = await startPostgresCluster({ fsync: true });
        try {
          const database = await createTestDatabase(cluster.url);
          rows.push(...(await engineRows(engine, { dataDir, databaseUrl: database.url })));
        } finally {
          cluster.destroy();
        }
      } else {
        rows.push(...(await engineRows(engine, { dataDir })));
      }
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  const ms = (value: number) => value.toFixed(1);
  table(
    [
      'engine',
      'scenario',
      'flood requests',
      'answers (status×count)',
      '/ p50',
      '/ p99',
      '/contact p50',
      '/contact p99',
      'real link',
    ],
    rows.map(({ engine, scenario, pages, flood, visitorOpened }) => [
      engine,
      scenario,
      flood ? String(flood.requests) : '-',
      flood
        ? Object.entries(flood.statuses)
            .map(([code, count]) => `${code}×${count}`)
            .join(' ') + (flood.errors ? ` errors×${flood.errors}` : '')
        : '-',
      ms(pages['/'].p50),
      ms(pages['/'].p99),
      ms(pages['/contact'].p50),
      ms(pages['/contact'].p99),
      visitorOpened === undefined ? '-' : visitorOpened ? 'opened' : 'NOT OPENED',
    ]),
  );
  const bad = rows.filter(
    (row) =>
      row.visitorOpened === false ||
      Object.keys(row.flood?.statuses ?? {}).some((code) => code !== '404' && code !== '429'),
  );
  if (bad.length > 0) {
    console.error('The flood got an answer other than 404/429, or the real link did not open.');
    process.exitCode = 1;
  }
}

if (process.argv[2] === '--flood-client') {
  const [url = '', kind = 'spread'] = process.argv.slice(3);
  await floodClient(url, kind as FloodKind, FLOOD_SECONDS);
} else {
  await main();
}

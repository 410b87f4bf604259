/**
 * `npm run bench -- --flood`: the flood mode (ADR 0008), on SQLite with the default settings.
 * A second process floods the endpoint on 64 connections while this one measures the home
 * page: alone, under a one-client flood, under a spread flood (each request from its own
 * address, forwarded by a trusted proxy: TRUST_PROXY=x-forwarded-for), and under a one-client
 * flood with RATE_LIMIT_PER_HOUR raised (every request admitted to a durable write). Prints the
 * home page's p99 and rate in each case, and the flood's accepted, refused and e-mailed counts.
 */
import { runJsonChild } from './child-process.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import autocannon from 'autocannon';

import { CONTACT_ENDPOINT_PATH } from '#contracts/contact/lead-contract.ts';
import { leadBody, SERVER_ROOT, startServer, table } from './server.ts';
import { type StoreConfig } from '#server/db/connection.ts';
import { openStores } from '#server/compose/stores.ts';

const CONNECTIONS = 10;
const DURATION_SECONDS = 5;
const FLOOD_CONNECTIONS = 64;
const FLOOD_SECONDS = 8;
const VICTIM = 'victime@exemple.example';
const RAISED = {
  RATE_LIMIT_PER_HOUR: '1000000',
  SITE_RATE_LIMIT_PER_MINUTE: '1000000',
  NOTIFICATIONS_PER_10_MINUTES: '1000000',
};

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
  return runJsonChild<FloodClientResult>(fileURLToPath(import.meta.url), [
    '--flood-client',
    url,
    kind,
    String(FLOOD_SECONDS),
  ]);
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
    const store = await openStores(config);
    const leads = await store.leads.listLeads();
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

export async function floodMode() {
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

if (process.argv[2] === '--flood-client') {
  const [url = '', kind = 'one-client', seconds = String(FLOOD_SECONDS)] = process.argv.slice(3);
  await floodClient(url, kind as FloodKind, Number(seconds));
}

/**
 * `npm run bench:slow`: does a slow client hold a slot? With the built server (`npm run build`
 * first; `BENCH_SERVER_ROOT=<folder>` for another checkout's build) on SQLite, its default
 * settings and TRUST_PROXY=x-forwarded-for, a second process opens SLOW_CONNECTIONS (140)
 * connections to the visitor API that send their body one byte a second, as many to the contact
 * endpoint, and as many that send their headers one byte a second, for SLOW_SECONDS (25),
 * reopening each one the server closes. Meanwhile, every 3 s, this process times a real
 * visitor's page (`POST /api/demande/lire` with a valid token) and a real submission, each from
 * its own forwarded address. Prints the real requests' statuses and latencies, before and during
 * the slow clients, and what the server did with the slow connections; exits 1 if a real
 * request during them got anything but 200. Loopback only; it stops by itself.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { CONTACT_ENDPOINT_PATH } from '#contracts/contact/lead-contract.ts';
import { VISITOR_API } from '#contracts/contact/visitor-api.ts';
import { runJsonChild } from './bench/child-process.ts';
import { leadBody, SERVER_ROOT, startServer, table } from './bench/server.ts';
import { type SlowGroupResult, slowClients } from './bench/slow-sockets.ts';
import { realVisitor } from './bench/visitor.ts';

const CONNECTIONS = Number(process.env.SLOW_CONNECTIONS ?? 140);
const SECONDS = Number(process.env.SLOW_SECONDS ?? 25);
const PROBE_EVERY_MS = 3_000;
/** Time for the slow connections to open before the first probe. */
const SETTLE_MS = 2_000;

interface Probe {
  /** Seconds since the slow clients started; null: before them. */
  at: number | null;
  visitor: { status: number; ms: number };
  submission: { status: number; ms: number };
}

async function timed(request: () => Promise<Response>): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  try {
    const response = await request();
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started };
  } catch {
    return { status: 0, ms: performance.now() - started };
  }
}

function prober(url: string, token: string) {
  let n = 0;
  return async (at: number | null): Promise<Probe> => {
    n += 1;
    const headers = (address: string) => ({
      'content-type': 'application/json',
      origin: url,
      'x-forwarded-for': address,
    });
    const visitor = await timed(() =>
      fetch(`${url}${VISITOR_API.read}`, {
        method: 'POST',
        headers: headers(`192.0.2.${n}`),
        body: JSON.stringify({ jeton: token }),
      }),
    );
    const submission = await timed(() =>
      fetch(`${url}${CONTACT_ENDPOINT_PATH}`, {
        method: 'POST',
        headers: headers(`198.51.100.${n}`),
        body: leadBody(n, undefined, 'reel'),
      }),
    );
    return { at, visitor, submission };
  };
}

async function measure(url: string, token: string) {
  const probe = prober(url, token);
  const probes: Probe[] = [await probe(null), await probe(null)];
  const started = Date.now();
  const slow = runJsonChild<SlowGroupResult[]>(fileURLToPath(import.meta.url), [
    '--slow-clients',
    url,
  ]);
  await new Promise((wait) => setTimeout(wait, SETTLE_MS));
  while (Date.now() - started < SECONDS * 1000 - PROBE_EVERY_MS / 2) {
    const next = Date.now() + PROBE_EVERY_MS;
    probes.push(await probe(Math.round((Date.now() - started) / 100) / 10));
    await new Promise((wait) => setTimeout(wait, Math.max(0, next - Date.now())));
  }
  return { probes, groups: await slow };
}

function print(probes: Probe[], groups: SlowGroupResult[]) {
  console.log(`Server: ${SERVER_ROOT}; ${CONNECTIONS} slow connections per group, ${SECONDS} s.`);
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  table(
    ['at', 'visitor page', 'latency', 'submission', 'latency'],
    probes.map(({ at, visitor, submission }) => [
      at === null ? 'before' : `${at.toFixed(1)} s`,
      String(visitor.status),
      ms(visitor.ms),
      String(submission.status),
      ms(submission.ms),
    ]),
  );
  table(
    [
      'slow group',
      'opened',
      'closed by the server (status×count)',
      'held min / p50 / max',
      'open at end',
    ],
    groups.map((group) => [
      group.group,
      String(group.opened),
      Object.entries(group.closedByServer)
        .map(([status, count]) => `${status}×${count}`)
        .join(' ') || '-',
      group.heldMs
        ? `${(group.heldMs.min / 1000).toFixed(1)} / ${(group.heldMs.p50 / 1000).toFixed(1)} / ${(group.heldMs.max / 1000).toFixed(1)} s`
        : '-',
      String(group.stillOpen),
    ]),
  );
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'renovation-slow-clients-'));
  const server = await startServer({ dataDir }, { TRUST_PROXY: 'x-forwarded-for' });
  try {
    const token = await realVisitor({ dataDir }, server.url);
    const { probes, groups } = await measure(server.url, token);
    print(probes, groups);
    const refused = probes.filter(
      (probe) =>
        probe.at !== null && (probe.visitor.status !== 200 || probe.submission.status !== 200),
    );
    if (refused.length > 0) {
      console.error(`${refused.length} real request(s) during the slow clients got no 200.`);
      process.exitCode = 1;
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--slow-clients') {
  await slowClients(process.argv[3] ?? '', CONNECTIONS, SECONDS);
} else {
  await main();
}

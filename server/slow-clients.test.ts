import { rmSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CONTACT_ENDPOINT_PATH } from '#contracts/contact/lead-contract.ts';
import { VISITOR_API } from '#contracts/contact/visitor-api.ts';
import { createTempDir, validRequest, writeMinimalSite } from '#test-support/harness.ts';
import { startServerProcess, type ServerProcess } from '#test-support/process.ts';
import { openStores } from './compose/stores.ts';
import { VISITOR_MAX_IN_PROGRESS } from './visitor/route-kit.ts';

/**
 * Slow clients against the real server process (ADR 0033), with a short REQUEST_TIMEOUT_MS: while
 * more connections than the visitor API's and the contact endpoint's bounds of requests in
 * progress trickle their bodies (or their headers), a real visitor's page and a real submission
 * are answered at once; and a slow connection gets 408 and is closed, not before the limit. Times
 * are lower bounds only: nothing here asserts how fast the machine is.
 */
const LIMIT_MS = 3_000;
const LEAD_BOUND = 4;
const TRICKLE_EVERY_MS = 100;

let server: ServerProcess;
let token: string;
let root: string;

beforeAll(async () => {
  root = createTempDir('slow-clients');
  server = await startServerProcess({
    STATIC_DIR: writeMinimalSite(join(root, 'site')),
    REQUEST_TIMEOUT_MS: String(LIMIT_MS),
    MAX_LEAD_REQUESTS_IN_PROGRESS: String(LEAD_BOUND),
    TRUST_PROXY: 'x-forwarded-for',
  });
  const stored = await post(CONTACT_ENDPOINT_PATH, validRequest(), '192.0.2.1');
  const { id } = (await stored.json()) as { id: string };
  const stores = await openStores({ dataDir: server.dataDir });
  try {
    token = await stores.visitorLinks.mint(id, Date.now());
  } finally {
    await stores.close();
  }
});
afterAll(async () => {
  await server?.stop();
  rmSync(root, { recursive: true, force: true });
});

function post(path: string, body: unknown, address: string): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Origin: server.url,
      'X-Forwarded-For': address,
    },
    body: JSON.stringify(body),
  });
}

const KINDS = ['visitor-body', 'contact-body', 'contact-chunked', 'headers'] as const;
type Kind = (typeof KINDS)[number];

interface Trickle {
  /** Neither answered nor closed yet. */
  open(): boolean;
  destroy(): void;
  /** Once closed: by the server or by the test, the status answered first (`none`), when. */
  closed: Promise<Closed>;
}

interface Closed {
  byServer: boolean;
  status: string;
  afterMs: number;
}

/** One connection sending its request a byte every TRICKLE_EVERY_MS, from its own address. */
function trickle(kind: Kind, n: number): Trickle {
  const { port } = new URL(server.url);
  const visitor = kind === 'visitor-body' || kind === 'headers';
  const body = JSON.stringify(visitor ? { jeton: token } : validRequest());
  const head =
    `POST ${visitor ? VISITOR_API.read : CONTACT_ENDPOINT_PATH} HTTP/1.1\r\n` +
    `Host: 127.0.0.1:${port}\r\nOrigin: ${server.url}\r\nContent-Type: application/json\r\n` +
    `X-Forwarded-For: 10.0.${KINDS.indexOf(kind)}.${n}\r\n` +
    (kind === 'contact-chunked'
      ? 'Transfer-Encoding: chunked\r\n\r\n'
      : `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n`);
  let rest = kind === 'headers' ? head + body : body;
  const started = Date.now();
  const socket = connect(Number(port), '127.0.0.1');
  let answer = '';
  let byServer = true;
  const destroy = () => {
    byServer = false;
    socket.destroy();
  };
  socket.on('error', () => undefined);
  socket.on('data', (chunk: Buffer) => (answer ||= chunk.toString('latin1', 9, 12)));
  if (kind !== 'headers') socket.write(head);
  const timer = setInterval(() => {
    const byte = rest.slice(0, 1);
    rest = rest.slice(1);
    if (byte) socket.write(kind === 'contact-chunked' ? `1\r\n${byte}\r\n` : byte);
  }, TRICKLE_EVERY_MS);
  const closed = new Promise<Closed>((resolve) =>
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ byServer, status: answer || 'none', afterMs: Date.now() - started });
    }),
  );
  // Whatever happens, nothing outlives the test.
  const stop = setTimeout(destroy, LIMIT_MS + 15_000);
  void closed.then(() => clearTimeout(stop));
  return { open: () => answer === '' && !socket.destroyed, closed, destroy };
}

const range = (count: number) => Array.from({ length: count }, (_, i) => i);

/** Connections of every kind: more bodies trickling than each bound, and slow headers. */
function trickles(visitorBodies: number, contactBodies: number): Trickle[] {
  return [
    ...range(visitorBodies).map((n) => trickle('visitor-body', n)),
    ...range(contactBodies).map((n) => trickle('contact-body', n)),
    ...range(2).map((n) => trickle('contact-chunked', n)),
    ...range(4).map((n) => trickle('headers', n)),
  ];
}

describe('a slow client', () => {
  it('holds no slot: a real page and a real submission are answered while it trickles', async () => {
    const slow = trickles(VISITOR_MAX_IN_PROGRESS + 4, LEAD_BOUND + 2);
    try {
      // Time for the server to take their headers (before ADR 0033 they then held the slots).
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const page = await post(VISITOR_API.read, { jeton: token }, '192.0.2.2');
      const submission = await post(
        CONTACT_ENDPOINT_PATH,
        validRequest({ email: 'reel@entreprise.example' }),
        '192.0.2.3',
      );
      expect([page.status, submission.status]).toEqual([200, 200]);
      // Answered while every slow connection was still open and unanswered.
      expect(slow.filter((connection) => !connection.open())).toHaveLength(0);
    } finally {
      for (const connection of slow) connection.destroy();
    }
  });

  it('is cut with 408 once the request timeout is past, not before', async () => {
    const slow = trickles(3, 3);
    const cut = await Promise.all(slow.map((connection) => connection.closed));
    expect(cut.filter(({ byServer }) => !byServer)).toEqual([]);
    // 408, or nothing when the client's next byte met the closed socket first (a reset).
    expect(cut.filter(({ status }) => status !== '408' && status !== 'none')).toEqual([]);
    expect(cut.some(({ status }) => status === '408')).toBe(true);
    expect(Math.min(...cut.map(({ afterMs }) => afterMs))).toBeGreaterThanOrEqual(LIMIT_MS);
    // Nothing went wrong in the server on the way.
    expect(server.output()).not.toMatch(/"level":"error"/);
  });

  it('keeps an idle kept-alive connection open past the request timeout', async () => {
    const { port } = new URL(server.url);
    const socket = connect(Number(port), '127.0.0.1');
    let answers = '';
    socket.on('data', (chunk: Buffer) => (answers += chunk.toString('latin1')));
    const ask = () => socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    ask();
    await new Promise((resolve) => setTimeout(resolve, LIMIT_MS + 1_000));
    expect(socket.destroyed).toBe(false);
    ask();
    await expect.poll(() => answers.match(/HTTP\/1\.1 200/g)?.length ?? 0).toBe(2);
    socket.destroy();
  });
});

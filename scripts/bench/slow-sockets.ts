import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';

import { CONTACT_ENDPOINT_PATH } from '#contracts/contact/lead-contract.ts';
import { VISITOR_API } from '#contracts/contact/visitor-api.ts';
import { leadBody } from './server.ts';

/**
 * The slow clients of `npm run bench:slow`, run in their own process: groups of connections
 * that each send their request one byte a second (the body after whole headers, or the headers
 * themselves). A connection the server closes is opened again at once, as a robot would, until
 * the time is up; then every socket is closed and the process prints what happened as one JSON
 * line. Loopback only, bounded in count (`connections` per group, at most `REOPEN_CAP` openings
 * per connection) and in time (`seconds`).
 */
type SlowGroupName = 'visitor-body' | 'contact-body' | 'headers';

export interface SlowGroupResult {
  group: SlowGroupName;
  /** Connections opened, reopenings included. */
  opened: number;
  /** Connections the server closed, by the status it answered first (`none`: no answer). */
  closedByServer: Record<string, number>;
  /** How long the server let them trickle before closing them, in ms. */
  heldMs: { min: number; p50: number; max: number } | null;
  /** Still open when the time was up. */
  stillOpen: number;
}

const REOPEN_CAP = 10;

interface Trickle {
  socket: Socket;
  /** What is left to send, one byte a second. */
  rest: Buffer;
  openedAt: number;
  answer: string;
}

/** The request a group sends: `head` at once, `rest` one byte a second. */
function requestOf(
  group: SlowGroupName,
  origin: string,
  n: number,
): { head: Buffer; rest: Buffer } {
  const host = new URL(origin).host;
  const forwarded = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  const visitor = group !== 'contact-body';
  const body = visitor
    ? JSON.stringify({ jeton: randomBytes(32).toString('base64url') })
    : leadBody(n, undefined, 'lent');
  const headers =
    `POST ${visitor ? VISITOR_API.read : CONTACT_ENDPOINT_PATH} HTTP/1.1\r\n` +
    `Host: ${host}\r\nOrigin: ${origin}\r\nContent-Type: application/json\r\n` +
    `X-Forwarded-For: ${forwarded}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
  if (group === 'headers') return { head: Buffer.alloc(0), rest: Buffer.from(headers + body) };
  return { head: Buffer.from(headers), rest: Buffer.from(body) };
}

function summary(values: number[]): SlowGroupResult['heldMs'] {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { min: at(0), p50: at(0.5), max: at(1) };
}

function runGroup(
  group: SlowGroupName,
  origin: string,
  connections: number,
  deadline: number,
  offset: number,
): { tick(): void; finish(): SlowGroupResult } {
  const { port, hostname } = new URL(origin);
  const open = new Set<Trickle>();
  const closedByServer: Record<string, number> = {};
  const held: number[] = [];
  let opened = 0;
  let ended = false;

  const openOne = () => {
    if (ended || Date.now() >= deadline || opened >= connections * REOPEN_CAP) return;
    opened += 1;
    const { head, rest } = requestOf(group, origin, offset + opened);
    const trickle: Trickle = {
      socket: connect(Number(port), hostname),
      rest,
      openedAt: Date.now(),
      answer: '',
    };
    open.add(trickle);
    trickle.socket.on('error', () => undefined);
    trickle.socket.on('data', (chunk: Buffer) => {
      if (trickle.answer === '') trickle.answer = chunk.toString('latin1', 0, 12).slice(9) || '?';
    });
    trickle.socket.on('close', () => {
      open.delete(trickle);
      if (ended) return;
      const status = trickle.answer || 'none';
      closedByServer[status] = (closedByServer[status] ?? 0) + 1;
      held.push(Date.now() - trickle.openedAt);
      openOne();
    });
    if (head.length > 0) trickle.socket.write(head);
  };
  for (let i = 0; i < connections; i += 1) openOne();

  return {
    tick: () => {
      for (const trickle of open) {
        if (trickle.rest.length === 0 || trickle.socket.destroyed) continue;
        trickle.socket.write(trickle.rest.subarray(0, 1));
        trickle.rest = trickle.rest.subarray(1);
      }
    },
    finish: () => {
      ended = true;
      const stillOpen = open.size;
      for (const trickle of open) trickle.socket.destroy();
      return { group, opened, closedByServer, heldMs: summary(held), stillOpen };
    },
  };
}

/** Runs every group for `seconds`, then prints their results as one JSON line. */
export async function slowClients(origin: string, connections: number, seconds: number) {
  const deadline = Date.now() + seconds * 1000;
  const groups = (['visitor-body', 'contact-body', 'headers'] as const).map((group, i) =>
    runGroup(group, origin, connections, deadline, i * 100_000),
  );
  const timer = setInterval(() => groups.forEach((group) => group.tick()), 1_000);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  clearInterval(timer);
  const results = groups.map((group) => group.finish());
  process.stdout.write(`${JSON.stringify(results)}\n`);
}

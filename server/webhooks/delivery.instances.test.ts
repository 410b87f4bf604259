import pg from 'pg';
import { describe, expect, it } from 'vitest';

import { exited } from '#test-support/process.ts';
import { submitRequest } from '#test-support/webhook-server.ts';
import {
  cleanUpAfterAll,
  databaseFor,
  engineRun,
  receiverFor,
  setUp,
  startServer,
} from './delivery.fixture.ts';

/**
 * The CRM webhook end to end (ADR 0024): every acknowledged request's event delivered after a
 * kill -9, on SQLite and on PostgreSQL; and two instances on one PostgreSQL database, one of them
 * killed.
 */
cleanUpAfterAll();

describe.each(['sqlite', 'postgres'] as const)('the CRM webhook on %s', (engine) => {
  const run = engineRun(engine);
  const { server } = run;

  it('delivers every acknowledged request’s event after a kill -9 while the receiver was down', async () => {
    const receiver = await receiverFor();
    await receiver.stop();
    const first = await server(receiver, 'crash', { retryDelays: '1s,1s,1s,1s,1s,1s' });
    const ids = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        submitRequest(first, `panne.${i}.${engine}@entreprise.example`),
      ),
    );
    first.child.kill('SIGKILL');
    await exited(first.child);
    await receiver.listen();
    // The same data folder: the restarted instance.
    await server(receiver, 'crash', { retryDelays: '1s' });
    // SQLite gives a dead process's claims back at start; PostgreSQL when their lease ends
    // (2 × WEBHOOK_TIMEOUT_MS + 10 s).
    await receiver.waitFor(
      (received) => ids.every((id) => received.some((event) => event.data.id === id)),
      40_000,
    );
    const delivered = receiver.received.filter((event) => event.type === 'lead.created');
    expect(new Set(delivered.map((event) => event.webhookId)).size).toBe(20);
    expect(delivered.every((event) => event.verified)).toBe(true);
  }, 90_000);
});

describe('the CRM webhook with two instances on one PostgreSQL database', () => {
  it('makes each attempt from one instance only: every event once per attempt, in order per request', async () => {
    const setup = await setUp('postgres');
    const databaseUrl = await databaseFor('postgres');
    const receiver = await receiverFor();
    const firstSeen = new Set<string>();
    // Every event fails once, then is delivered.
    receiver.answer = (event) => {
      if (firstSeen.has(event.webhookId)) return 200;
      firstSeen.add(event.webhookId);
      return 500;
    };
    const servers = await Promise.all(
      ['instance-a', 'instance-b'].map((name) =>
        startServer(setup, databaseUrl, receiver, name, { retryDelays: '1s,1s' }),
      ),
    );
    const ids = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        submitRequest(servers[i % 2]!, `deux.${i}@entreprise.example`),
      ),
    );
    await receiver.waitFor(
      (received) => received.filter((event) => event.answered === 200).length === 30,
      30_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const byId = new Map<string, number>();
    for (const event of receiver.received) {
      byId.set(event.webhookId, (byId.get(event.webhookId) ?? 0) + 1);
    }
    expect(byId.size).toBe(30);
    expect([...byId.values()].every((count) => count === 2)).toBe(true);
    expect(new Set(receiver.received.map((event) => event.data.id))).toEqual(new Set(ids));
    expect(receiver.received.every((event) => event.verified)).toBe(true);
  }, 90_000);
});

describe('the CRM webhook when one of two instances on PostgreSQL is killed', () => {
  it('delivers every acknowledged request’s event once, the survivor taking the dead one’s claims', async () => {
    const setup = await setUp('postgres');
    const databaseUrl = await databaseFor('postgres');
    const receiver = await receiverFor();
    // The receiver holds every attempt open: the victim dies with claims under way.
    receiver.answer = 'hang';
    const [victim, survivor] = await Promise.all(
      ['victim', 'survivor'].map((name) =>
        startServer(setup, databaseUrl, receiver, name, {
          retryDelays: '1s,1s,1s,1s,1s,1s,1s,1s,1s,1s',
        }),
      ),
    );
    const ids = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        submitRequest(i % 2 === 0 ? victim! : survivor!, `survie.${i}@entreprise.example`),
      ),
    );
    await receiver.waitFor((received) => received.length >= 10);
    victim!.child.kill('SIGKILL');
    await exited(victim!.child);
    receiver.answer = 200;
    // The victim's claims come back when their lease ends (2 × WEBHOOK_TIMEOUT_MS + 10 s).
    await receiver.waitFor(
      (received) =>
        ids.every((id) => received.some((event) => event.data.id === id && event.answered === 200)),
      40_000,
    );
    const delivered = receiver.received.filter((event) => event.answered === 200);
    expect(new Set(delivered.map((event) => event.data.id))).toEqual(new Set(ids));
    expect(new Set(delivered.map((event) => event.webhookId)).size).toBe(20);
    expect(delivered.every((event) => event.verified)).toBe(true);
    // Delivered once: the database holds one successful attempt per event, so no event was sent
    // by both instances. (The receiver's own count can show a second 200 for one id on a loaded
    // machine: an answer the server read only after its timeout had given the attempt up, which
    // it then retried, as Standard Webhooks' at-least-once delivery allows.)
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ events: string; successes: string }>(
        `SELECT count(DISTINCT e.id) AS events, count(a.id) AS successes
           FROM webhook_events e
           JOIN webhook_attempts a ON a.event_id = e.id AND a.http_status BETWEEN 200 AND 299
          WHERE e.type = 'lead.created'`,
      );
      expect(rows[0]).toEqual({ events: '20', successes: '20' });
    } finally {
      await client.end();
    }
  }, 90_000);
});

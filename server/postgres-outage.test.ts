import { afterAll, describe, expect, it } from 'vitest';

import { ERRORS } from './leads/routes.ts';
import { postJson, startTestServer, validRequest } from '#test-support/harness.ts';
import { startPostgresCluster } from '#test-support/postgres.ts';
import { startSmtpPeer } from '#test-support/smtp-peer.ts';

/**
 * PostgreSQL stops for a few seconds under light load (a private server: the others' tests keep
 * theirs). The endpoint answers 503 with a French message instead of hanging, /healthz says so,
 * both recover without a restart, and the mail of every acknowledged request is sent after.
 */
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Phase = 'before' | 'outage' | 'after';

describe('a PostgreSQL outage', () => {
  it('turns into quick French 503s and an unhealthy /healthz, then recovers by itself', async () => {
    const cluster = await startPostgresCluster();
    cleanups.push(() => cluster.destroy());
    const peer = await startSmtpPeer();
    cleanups.push(() => peer.stop());
    const server = await startTestServer({ smtpUrl: peer.url, databaseUrl: cluster.url });
    cleanups.push(() => server.close());

    let phase: Phase = 'before';
    let running = true;
    const answers: Array<{
      phase: Phase;
      answeredIn: Phase;
      status: number;
      error?: string;
      id?: string;
    }> = [];
    const health: Array<{ phase: Phase; status: number }> = [];
    const load = (async () => {
      for (let i = 0; running; i += 1) {
        const sentIn = phase;
        // A hung request would fail here instead of blocking the test.
        const response = await postJson(
          server.endpoint,
          validRequest({ email: `panne.${i}@entreprise.example` }),
        );
        const body = (await response.json()) as { id?: string; error?: string };
        answers.push({ phase: sentIn, answeredIn: phase, status: response.status, ...body });
        await sleep(100);
      }
    })();
    const probe = (async () => {
      while (running) {
        const sentIn = phase;
        const response = await fetch(`${server.url}/healthz`);
        health.push({ phase: sentIn, status: response.status });
        await sleep(200);
      }
    })();

    await sleep(1_500);
    phase = 'outage';
    await cluster.stop();
    await sleep(3_000);
    await cluster.start();
    phase = 'after';
    const deadline = Date.now() + 30_000;
    while (
      !answers.some((answer) => answer.phase === 'after' && answer.status === 200) ||
      !health.some((check) => check.phase === 'after' && check.status === 200)
    ) {
      if (Date.now() > deadline) throw new Error('the server did not recover');
      await sleep(100);
    }
    await sleep(500);
    running = false;
    await Promise.all([load, probe]);

    const during = answers.filter((answer) => answer.phase === 'outage');
    expect(during.length).toBeGreaterThan(0);
    expect(during.filter((answer) => answer.status === 503).length).toBeGreaterThan(0);
    for (const answer of answers) {
      expect([200, 503]).toContain(answer.status);
      if (answer.status === 503) expect(answer.error).toBe(ERRORS.unavailable);
    }
    expect(health.filter((check) => check.phase === 'outage').map((c) => c.status)).toContain(503);
    expect(health.every((check) => [200, 503].includes(check.status))).toBe(true);
    // Requests answered before the database began to stop were all stored.
    const calm = answers.filter((answer) => answer.answeredIn === 'before');
    expect(calm.length).toBeGreaterThan(0);
    expect(calm.every((answer) => answer.status === 200)).toBe(true);
    expect(server.logs.some((log) => log.event === 'storage_unavailable')).toBe(true);

    // Nothing acknowledged is lost, and its mail leaves once the database is back.
    const acknowledged = answers.flatMap((answer) =>
      answer.status === 200 && answer.id ? [answer.id] : [],
    );
    await peer.waitFor(() =>
      acknowledged.every((id) =>
        peer.messages.some(
          (mail) =>
            mail.headers.get('message-id') === `<${id}.notification@calora-energies.example>`,
        ),
      ),
    );
    for (const id of acknowledged)
      expect(await server.pipeline.stores.leads.getLead(id)).toBeDefined();
    // The live worker sent nothing twice, even where the database failed after a send.
    await peer.waitFor(() => peer.messages.length >= acknowledged.length * 2);
    const sent = peer.messages.map((mail) => mail.headers.get('message-id'));
    expect(new Set(sent).size).toBe(sent.length);
  }, 90_000);
});

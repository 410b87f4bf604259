import { describe, expect, it } from 'vitest';

import { ENGINES, engineFixture } from '#test-support/engines.ts';
import { postJson, startTestServer, validRequest } from '#test-support/harness.ts';
import { cleanUpAfterEach, cleanups, peer } from './http-api-transport.fixture.ts';

/** The HTTP API transport inside the pipeline: the outbox's retries, and the choice of transport. */
cleanUpAfterEach();

describe.each(ENGINES)('delivery through the HTTP API on %s', (engine) => {
  it('keeps a refused message pending with its error and next attempt, then delivers it once', async () => {
    const api = await peer();
    const fixture = await engineFixture(engine);
    cleanups.push(() => fixture.cleanup());
    const server = await startTestServer({
      ...fixture.config,
      mailApiUrl: api.url,
      mailApiKey: api.apiKey,
      // A long first delay: the pending state is observed before any retry is due.
      outbox: { baseDelayMs: 60_000, maxDelayMs: 60_000 },
    });
    cleanups.push(() => server.close());
    api.failNext(503, 503);

    const response = await postJson(server.endpoint, validRequest());
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };
    await api.waitFor((requests) => requests.length >= 2);
    const store = server.pipeline.stores;
    let rows = await store.outbox.mailFor(id);
    for (let tries = 0; rows.some((row) => row.attempts === 0) && tries < 200; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      rows = await store.outbox.mailFor(id);
    }
    expect(rows.map((row) => [row.kind, row.status, row.attempts, row.lastError]).sort()).toEqual([
      ['confirmation', 'pending', 1, 'http_503'],
      ['notification', 'pending', 1, 'http_503'],
    ]);
    for (const row of rows) expect(row.nextAttemptAt).toBeGreaterThan(Date.now() + 30_000);
    expect(
      (await (await fetch(`${server.url}/healthz`)).json()) as Record<string, unknown>,
    ).toMatchObject({ mailTransport: 'http-api', outbox: { pending: 2 } });

    // What the scheduled job does: make the pending mail due now, and drain.
    await store.outbox.retryPendingNow(Date.now());
    server.pipeline.worker.kick();
    await api.waitFor((requests) => requests.filter((r) => r.status === 201).length >= 2);
    for (let tries = 0; tries < 200; tries += 1) {
      if ((await store.outbox.mailFor(id)).every((row) => row.status === 'sent')) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect((await store.outbox.mailFor(id)).map((row) => row.status)).toEqual(['sent', 'sent']);

    // Four requests in all: each message refused once, then accepted once, with the same
    // Message-ID and idempotency key on both attempts.
    expect(api.requests).toHaveLength(4);
    const byMessage = new Map<string, Array<{ status: number; key: string | undefined }>>();
    for (const request of api.requests) {
      const messageId = request.body.headers?.['Message-Id'] ?? '';
      byMessage.set(messageId, [
        ...(byMessage.get(messageId) ?? []),
        { status: request.status, key: request.body.headers?.idempotencyKey },
      ]);
    }
    expect([...byMessage.keys()].sort()).toEqual([
      `<${id}.confirmation@calora-energies.example>`,
      `<${id}.notification@calora-energies.example>`,
    ]);
    for (const attempts of byMessage.values()) {
      expect(attempts.map((attempt) => attempt.status)).toEqual([503, 201]);
      expect(attempts[0]!.key).toBe(attempts[1]!.key);
    }
    expect(server.logs.filter((log) => log.event === 'mail_sent')).toHaveLength(2);
    expect(JSON.stringify(server.logs)).not.toContain('anne@entreprise.example');
  });
});

describe('choosing the transport', () => {
  it('uses the HTTP API when MAIL_API_URL is set, even with SMTP_URL, and says so', async () => {
    const api = await peer();
    const server = await startTestServer({
      mailApiUrl: api.url,
      mailApiKey: api.apiKey,
      smtpUrl: 'smtp://127.0.0.1:9',
    });
    cleanups.push(() => server.close());
    expect(server.pipeline.transport.kind).toBe('http-api');
    expect(server.logs).toContainEqual(
      expect.objectContaining({ event: 'smtp_url_ignored', level: 'warn' }),
    );
    const response = await postJson(server.endpoint, validRequest());
    expect(response.status).toBe(200);
    await api.waitFor((requests) => requests.filter((r) => r.status === 201).length >= 2);
  });
});

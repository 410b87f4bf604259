import { afterEach, describe, expect, it } from 'vitest';

import {
  createTempDir,
  postJson,
  startTestServer,
  validRequest,
  type TestServer,
} from '#test-support/harness.ts';
import { clientAddress, clientKey } from './request-client.ts';

const servers: TestServer[] = [];
afterEach(async () => {
  while (servers.length > 0) await servers.pop()?.close();
});

async function serverWith(options: Parameters<typeof startTestServer>[0]) {
  const server = await startTestServer(options);
  servers.push(server);
  return server;
}

describe('clientAddress', () => {
  const headers = new Headers({ 'X-Forwarded-For': '6.6.6.6, 203.0.113.7' });
  it('uses the socket address unless a proxy header is trusted', () => {
    expect(clientAddress('127.0.0.1', headers, undefined)).toBe('127.0.0.1');
  });
  it('takes the right-most entry, the one the trusted proxy added', () => {
    expect(clientAddress('10.0.0.2', headers, 'x-forwarded-for')).toBe('203.0.113.7');
    expect(clientAddress('10.0.0.2', new Headers(), 'x-forwarded-for')).toBe('10.0.0.2');
  });
  it('stores a hash, not the address', () => {
    expect(clientKey('203.0.113.7')).not.toContain('203');
    expect(clientKey('203.0.113.7')).toBe(clientKey('203.0.113.7'));
  });
});

describe('the endpoint rate limit', () => {
  it('answers the 11th request in an hour with 429 and Retry-After, whatever X-Forwarded-For says', async () => {
    const server = await serverWith({ rateLimitPerHour: 10 });
    for (let i = 0; i < 10; i += 1) {
      // Each message different: the same request again would be folded into the first.
      const response = await postJson(server.endpoint, validRequest({ message: `Demande ${i}` }), {
        'X-Forwarded-For': `198.51.100.${i}`,
      });
      expect(response.status).toBe(200);
    }
    for (const spoofed of ['198.51.100.99', '10.0.0.1, 192.0.2.1', '']) {
      const response = await postJson(
        server.endpoint,
        validRequest(),
        spoofed ? { 'X-Forwarded-For': spoofed } : {},
      );
      expect(response.status).toBe(429);
      const retryAfter = Number(response.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      expect(((await response.json()) as { error: string }).error).toMatch(/trop de demandes/);
    }
    expect(await server.pipeline.stores.leads.listLeads()).toHaveLength(10);
  });

  it('keys on the header a trusted proxy sets, ignoring entries the client forged', async () => {
    const server = await serverWith({ rateLimitPerHour: 2, trustProxy: 'x-forwarded-for' });
    const post = (xff: string) =>
      postJson(server.endpoint, validRequest(), { 'X-Forwarded-For': xff });
    expect((await post('1.1.1.1, 203.0.113.7')).status).toBe(200);
    expect((await post('2.2.2.2, 203.0.113.7')).status).toBe(200);
    expect((await post('3.3.3.3, 203.0.113.7')).status).toBe(429);
    expect((await post('203.0.113.8')).status).toBe(200);
  });

  it('holds across a restart, since it is stored in the database', async () => {
    const dataDir = createTempDir('rate-restart');
    const first = await startTestServer({ rateLimitPerHour: 1, dataDir });
    expect((await postJson(first.endpoint, validRequest())).status).toBe(200);
    await first.close();
    const second = await serverWith({ rateLimitPerHour: 1, dataDir });
    expect((await postJson(second.endpoint, validRequest())).status).toBe(429);
  });

  it('counts honeypot hits too, so a robot is slowed down as well', async () => {
    const server = await serverWith({ rateLimitPerHour: 1 });
    expect((await postJson(server.endpoint, validRequest({ website: 'x' }))).status).toBe(200);
    expect((await postJson(server.endpoint, validRequest({ website: 'x' }))).status).toBe(429);
  });
});

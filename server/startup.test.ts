import { createServer, request } from 'node:http';
import { join } from 'node:path';
import { rmSync } from 'node:fs';

import { afterAll, describe, expect, it } from 'vitest';

import {
  DEFAULT_REQUEST_TIMEOUT_MS,
  httpServerOptions,
  KEEP_ALIVE_TIMEOUT_MS,
} from './http/timeouts.ts';
import { createTempDir, writeMinimalSite } from '#test-support/harness.ts';
import { startServerProcess } from '#test-support/process.ts';

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

function siteDir(): string {
  const root = createTempDir('startup');
  roots.push(root);
  return writeMinimalSite(join(root, 'site'));
}

describe('starting with DATABASE_URL', () => {
  it('stops with a clear message, without the password, when PostgreSQL cannot be reached', async () => {
    const failure = startServerProcess({
      STATIC_DIR: siteDir(),
      // Port 9 (discard) on loopback: nothing listens, the connection is refused.
      DATABASE_URL: 'postgres://leads:s3cret@127.0.0.1:9/leads',
    });
    const error = await failure.then(
      () => new Error('the server started'),
      (reason: unknown) => reason as Error,
    );
    expect(error.message).toMatch(/server exited \(1\)/);
    expect(error.message).toContain(
      'Cannot connect to or migrate the PostgreSQL database postgres://127.0.0.1:9/leads',
    );
    expect(error.message).not.toContain('s3cret');
    expect(error.message).not.toMatch(/\n\s+at /);
  });

  it('refuses a URL of another kind before trying anything', async () => {
    const error = await startServerProcess({
      STATIC_DIR: siteDir(),
      DATABASE_URL: 'mysql://root:s3cret@127.0.0.1/leads',
    }).then(
      () => new Error('the server started'),
      (reason: unknown) => reason as Error,
    );
    expect(error.message).toContain('DATABASE_URL: expected a postgres:// URL');
    expect(error.message).not.toContain('s3cret');
  });
});

describe('HTTP timeouts', () => {
  it('keeps idle connections longer than a load balancer does, and requests short', async () => {
    const server = createServer(httpServerOptions(DEFAULT_REQUEST_TIMEOUT_MS), (_req, res) =>
      res.end('ok'),
    );
    expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS);
    expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(60_000);
    // A request's headers and body: 10 s from its first byte (Node's default is 300 s).
    expect(server.requestTimeout).toBe(10_000);
    expect(server.headersTimeout).toBe(10_000);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = address && typeof address === 'object' ? address.port : 0;
    const keepAlive = await new Promise<string | undefined>((resolve, reject) => {
      request({ port, host: '127.0.0.1', headers: { Connection: 'keep-alive' } }, (res) => {
        res.resume();
        resolve(String(res.headers['keep-alive']));
      })
        .on('error', reject)
        .end();
    });
    expect(keepAlive).toBe('timeout=65');
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
});

import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterEach, describe, expect, it } from 'vitest';

import { CONTACT_ENDPOINT_PATH } from '#contracts/contact/paths.ts';
import { createTempDir, postJson, validRequest, writeMinimalSite } from '#test-support/harness.ts';

/**
 * The real server (server/main.ts) in a child process, stopped by a signal or by an error
 * nobody handled: what it logs, in which order, and the status it exits with.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ENDPOINT = CONTACT_ENDPOINT_PATH;

interface LogLine {
  level: string;
  event: string;
  [field: string]: unknown;
}

interface RunningServer {
  child: ChildProcess;
  url: string;
  output: () => string;
  events: () => LogLine[];
  exited: Promise<number | null>;
}

const cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function startServer(env: Record<string, string>, preload: string[] = []): Promise<RunningServer> {
  const root = createTempDir('lead-shutdown');
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', ...preload.flatMap((file) => ['--import', file]), 'server/main.ts'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        STATIC_DIR: writeMinimalSite(join(root, 'site')),
        DATA_DIR: join(root, 'data'),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const events = () =>
    output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as LogLine);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 20_000);
    const poll = setInterval(() => {
      const started = events().find((line) => line.event === 'server_started');
      if (started) {
        clearInterval(poll);
        clearTimeout(timer);
        resolve({ child, url: String(started.url), output: () => output, events, exited });
      }
    }, 20);
    void exited.then((code) => {
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error(`server exited (${code}):\n${output}`));
    });
  });
}

/** An SMTP server that accepts connections and never answers (not even its greeting). */
async function startSilentSmtpPeer(): Promise<{ url: string; sockets: Socket[] }> {
  const sockets: Socket[] = [];
  const server: Server = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  );
  const address = server.address();
  const port = address && typeof address === 'object' ? address.port : 0;
  return { url: `smtp://127.0.0.1:${port}`, sockets };
}

async function until(check: () => boolean, what: string) {
  const deadline = Date.now() + 15_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function indexOf(events: LogLine[], name: string): number {
  return events.findIndex((line) => line.event === name);
}

describe('graceful shutdown', () => {
  it('lets the e-mail being sent end by the SMTP timeout, then exits with status 0', async () => {
    const peer = await startSilentSmtpPeer();
    const server = await startServer({ SMTP_URL: peer.url, SMTP_TIMEOUT_MS: '2000' });
    const response = await postJson(`${server.url}${ENDPOINT}`, validRequest());
    expect(response.status).toBe(200);
    await until(() => peer.sockets.length > 0, 'the outbox to connect to the SMTP peer');

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const events = server.events();
    const stopping = indexOf(events, 'server_stopping');
    const retry = indexOf(events, 'mail_retry');
    const stopped = indexOf(events, 'server_stopped');
    expect(stopping).toBeGreaterThanOrEqual(0);
    // The send in progress ended (timed out, left pending for the next start) before the exit.
    expect(retry).toBeGreaterThan(stopping);
    expect(stopped).toBeGreaterThan(retry);
    expect(events[stopping]).toMatchObject({ reason: 'SIGTERM', graceMs: 7_000 });
    expect(events.some((line) => line.event === 'shutdown_forced')).toBe(false);
  });

  it('forces the exit with status 1 when a request is still open after the grace period', async () => {
    const server = await startServer({ SMTP_TIMEOUT_MS: '100' });
    // A request whose body never arrives keeps its connection busy.
    const { port } = new URL(server.url);
    const socket = connect(Number(port), '127.0.0.1');
    cleanups.push(() => void socket.destroy());
    socket.write(
      `POST ${ENDPOINT} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        'Content-Length: 200\r\n\r\n{"nom":',
    );
    // Once another request is answered, the server has read the first one's headers.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(1);
    const events = server.events();
    const stopping = indexOf(events, 'server_stopping');
    const forced = indexOf(events, 'shutdown_forced');
    const stopped = indexOf(events, 'server_stopped');
    expect(forced).toBeGreaterThan(stopping);
    expect(stopped).toBe(-1);
    expect(events[forced]).toMatchObject({ level: 'error', reason: 'grace period over' });
  });
});

describe('a second Ctrl-C', () => {
  it('forces the exit at once with status 1', async () => {
    const server = await startServer({});
    const { port } = new URL(server.url);
    const socket = connect(Number(port), '127.0.0.1');
    cleanups.push(() => void socket.destroy());
    socket.write(
      `POST ${ENDPOINT} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        'Content-Length: 200\r\n\r\n{"nom":',
    );
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    server.child.kill('SIGINT');
    await until(() => indexOf(server.events(), 'server_stopping') >= 0, 'server_stopping');
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(1);
    const events = server.events();
    expect(events[indexOf(events, 'server_stopping')]).toMatchObject({ graceMs: 35_000 });
    expect(events[indexOf(events, 'shutdown_forced')]).toMatchObject({ reason: 'second SIGINT' });
  });
});

describe('an error nobody handled', () => {
  it.each([
    ['rejection', 'unhandled_rejection', 'unhandledRejection'],
    ['exception', 'uncaught_exception', 'uncaughtException'],
  ])(
    'an unhandled %s is logged with its stack and no personal data, then the server stops with status 1',
    async (failure, event, reason) => {
      const server = await startServer({ FAILURE: failure }, [
        './test-support/unhandled-failure.ts',
      ]);
      server.child.kill('SIGUSR2');
      expect(await server.exited).toBe(1);
      const events = server.events();
      const logged = events.find((line) => line.event === event);
      expect(logged).toMatchObject({
        level: 'error',
        error: { name: 'Error', message: 'lost the lead of [email], [phone]' },
      });
      const stack = (logged?.error as { stack?: string[] }).stack ?? [];
      expect(stack.some((frame) => frame.includes('unhandled-failure.ts'))).toBe(true);
      expect(events.find((line) => line.event === 'server_stopping')).toMatchObject({ reason });
      expect(events.find((line) => line.event === 'server_stopped')).toMatchObject({ exitCode: 1 });
      expect(server.output()).not.toContain('anne@entreprise.example');
      expect(server.output()).not.toContain('06 12 34 56 78');
    },
  );
});

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { assertIntegrationProject } from './test-projects.ts';

/**
 * Ports and start-up of the server as a child process, for the tests, the browser tests, the
 * production-install check and the bench: one free-port probe, one wait for `server_started`,
 * one server-process helper.
 */
export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** A loopback port free when probed (another process could take it before it is bound). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = address && typeof address === 'object' ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

export interface StartedServer {
  /** The address the server logged (`server_started`), or `healthUrl` when it answered first. */
  url: string;
  /** Everything the process wrote on stdout and stderr so far. */
  output(): string;
}

export interface WaitOptions {
  timeoutMs?: number;
  /**
   * The server's own address, when known: its `/healthz` answering counts as started too (a
   * server whose LOG_LEVEL is above info does not log `server_started`).
   */
  healthUrl?: string;
}

/**
 * Collects the child's output and resolves once the server logged `server_started` (with the URL
 * it logged) or, with `healthUrl`, once `/healthz` answers; rejects with the output if the process
 * exits first or after `timeoutMs` (generous by default: tsx compiles the server at start-up,
 * slow when the machine is busy).
 */
export function waitForServerStarted(
  child: ChildProcess,
  { timeoutMs = 60_000, healthUrl }: WaitOptions = {},
): Promise<StartedServer> {
  let output = '';
  let settled = false;
  return new Promise((resolve, reject) => {
    const finish = (error: Error | undefined, url = '') => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve({ url, output: () => output });
    };
    const timer = setTimeout(
      () => finish(new Error(`the server did not start (no server_started):\n${output}`)),
      timeoutMs,
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/"event":"server_started","url":"([^"]+)"/);
      if (match?.[1]) finish(undefined, match[1]);
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code, signal) =>
      finish(new Error(`the server exited (${code ?? signal}):\n${output}`)),
    );
    if (healthUrl) {
      const poll = async () => {
        while (!settled) {
          try {
            if ((await fetch(`${healthUrl}/healthz`)).ok) return finish(undefined, healthUrl);
          } catch {
            // Not listening yet.
          }
          await new Promise((wait) => setTimeout(wait, 100));
        }
      };
      void poll();
    }
  });
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** The lead endpoint on this server. */
  endpoint: string;
  /** DATA_DIR: the caller's, or a fresh folder that `stop()` deletes. */
  dataDir: string;
  /** Everything the process wrote so far. */
  output(): string;
  /** SIGTERM to its process group (what it started stops too), then deletes a fresh DATA_DIR. */
  stop(): Promise<void>;
}

export interface ServerProcessOptions {
  /**
   * `source` (default): `server/main.ts` through tsx, for the tests that kill the server or run
   * several instances. `build`: `node build/server/main.js`, what the browser tests and the
   * production run (needs `npm run build`); it defaults `SITE_URL` to its own address and
   * LOG_LEVEL to debug, so a test can read every line.
   */
  from?: 'source' | 'build';
}

/** How the browser tests start the production server (playwright.config.ts uses it too). */
export const SERVER_COMMAND = ['node', 'build/server/main.js'] as const;

const COMMANDS = {
  source: [process.execPath, '--import', 'tsx', 'server/main.ts'],
  build: [process.execPath, 'build/server/main.js'],
} as const;

/**
 * The real server as a child process on a free loopback port, resolved once started. `env` is
 * added to this process's environment, after the defaults (PORT, HOST, LOG_LEVEL, a fresh
 * DATA_DIR, and for `build` SITE_URL).
 */
export async function startServerProcess(
  env: Record<string, string> = {},
  { from = 'source' }: ServerProcessOptions = {},
): Promise<ServerProcess> {
  assertIntegrationProject('startServerProcess');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const ownDataDir = env.DATA_DIR === undefined;
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'renovation-server-process-'));
  const [command, ...args] = COMMANDS[from];
  const child = spawn(command, args, {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: from === 'build' ? 'debug' : 'info',
      DATA_DIR: dataDir,
      ...(from === 'build' ? { SITE_URL: url } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so stopping it stops whatever it started too.
    detached: true,
  });
  const removeDataDir = () => {
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  let started: StartedServer;
  try {
    started = await waitForServerStarted(child, { healthUrl: url });
  } catch (error) {
    removeDataDir();
    throw error;
  }
  return {
    child,
    url,
    endpoint: `${url}/functions/v1/send-contact-email`,
    dataDir,
    output: started.output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
        process.kill(-child.pid, 'SIGTERM');
        await exited(child);
      }
      removeDataDir();
    },
  };
}

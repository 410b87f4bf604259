import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type IncomingMessage, type Server } from 'node:http';

import { DENO_BIN, denoEnv, edgeFunctions, functionFlags } from '#scripts/lib/deno.ts';

/**
 * The Supabase Edge Functions of supabase/functions/, run by Deno (from npm) on 127.0.0.1, and a
 * gateway in front of them that does what Supabase's does for our purpose: it maps
 * `/functions/v1/<name>/…` to the function `<name>` with the path `/<name>/…` and sets
 * `X-Forwarded-For` to the caller's address. (It checks no JWT: both functions are deployed with
 * `verify_jwt = false`, see supabase/config.toml.) Each function runs as deployed: its own
 * deno.json, no node_modules, no package.json (`functionFlags`, ADR 0034).
 */
export interface RunningFunction {
  name: string;
  port: number;
  /** Every line the function printed (JSON log lines and Deno's own). */
  output: string[];
  stop(): Promise<void>;
}

export async function startEdgeFunction(
  name: string,
  env: Record<string, string>,
): Promise<RunningFunction> {
  const root = process.cwd();
  const fn = edgeFunctions(root).find((candidate) => candidate.name === name);
  if (!fn) throw new Error(`no function ${name} under supabase/functions`);
  const child: ChildProcess = spawn(
    DENO_BIN,
    [
      'run',
      ...functionFlags(fn),
      '--allow-net',
      '--allow-env',
      '--allow-read',
      '--allow-sys',
      fn.entry,
    ],
    {
      cwd: root,
      env: {
        ...denoEnv(root),
        DENO_SERVE_ADDRESS: 'tcp:127.0.0.1:0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // DENO_BIN is npm's launcher, which runs the real binary as its child: its own process
      // group lets stop() end both, not leave the binary serving after the test.
      detached: true,
    },
  );
  const output: string[] = [];
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${name} did not start:\n${output.join('\n')}`)),
      60_000,
    );
    const onData = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (!line) continue;
        output.push(line);
        const match = /Listening on https?:\/\/[^:]+:(\d+)/.exec(line);
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code}):\n${output.join('\n')}`));
    });
  });
  return {
    name,
    port,
    output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.pid === undefined) return resolve();
        child.once('exit', () => resolve());
        process.kill(-child.pid, 'SIGTERM');
      }),
  };
}

export interface FunctionsGateway {
  /** The project URL (SUPABASE_URL for supabase-js): `http://127.0.0.1:<port>`. */
  url: string;
  stop(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

export async function startFunctionsGateway(
  functions: readonly RunningFunction[],
): Promise<FunctionsGateway> {
  const ports = new Map(functions.map((fn) => [fn.name, fn.port]));
  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://gateway');
      const match = /^\/functions\/v1\/([^/]+)(\/.*)?$/.exec(url.pathname);
      const port = match ? ports.get(match[1] ?? '') : undefined;
      if (!match || port === undefined) {
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({ code: 'NOT_FOUND', message: 'Requested function was not found' }),
        );
        return;
      }
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === 'string' && name !== 'host' && name !== 'connection') {
          headers.set(name, value);
        }
      }
      headers.set('x-forwarded-for', request.socket.remoteAddress ?? '127.0.0.1');
      const body = await readBody(request);
      const upstream = await fetch(
        `http://127.0.0.1:${port}/${match[1]}${match[2] ?? ''}${url.search}`,
        {
          method: request.method,
          headers,
          body: ['GET', 'HEAD'].includes(request.method ?? 'GET')
            ? undefined
            : new Uint8Array(body),
          redirect: 'manual',
        },
      );
      const answer = Buffer.from(await upstream.arrayBuffer());
      const outHeaders: Record<string, string> = {};
      upstream.headers.forEach((value, name) => {
        if (name !== 'content-length' && name !== 'transfer-encoding') outHeaders[name] = value;
      });
      response.writeHead(upstream.status, outHeaders);
      response.end(answer);
    })().catch(() => {
      response.writeHead(502, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: 'gateway error' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = address && typeof address === 'object' ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

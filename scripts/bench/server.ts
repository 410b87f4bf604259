import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { freePort, waitForServerStarted } from '#test-support/process.ts';
import { type StoreConfig } from '#server/db/connection.ts';

/** The bench's helpers: the server under test as a child process, a valid request, a table. */

export const SERVER_ROOT = resolve(process.env.BENCH_SERVER_ROOT ?? '.');

/** A valid request; `n` makes its e-mail and message (or only its message) unique. */
export function leadBody(n: number, email?: string, prefix = 'bench'): string {
  return JSON.stringify({
    clientType: 'professionnel',
    nom: 'Banc',
    prenom: 'Essai',
    adresse: '1 rue de la Mesure, 75001 Paris',
    telephone: '06 12 34 56 78',
    email: email ?? `${prefix}.${n}@entreprise.example`,
    produit: 'Audit énergétique',
    message: `Mesure de performance numéro ${n}.`,
    rgpdConsent: true,
    website: '',
  });
}

export interface RunningServer {
  url: string;
  /** CPU time (user + system) the server process used so far, in ms (Linux; 0 elsewhere). */
  cpuMs(): number;
  stop(): Promise<void>;
}

/** A process's CPU time from /proc (clock ticks of 10 ms), in ms. */
function processCpuMs(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

export async function startServer(
  config: StoreConfig,
  env: Record<string, string>,
): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // BENCH_CPU_PROF=<folder>: each server writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${resolve(process.env.BENCH_CPU_PROF)}`]
    : [];
  const server = spawn(process.execPath, [...profile, 'build/server/main.js'], {
    cwd: SERVER_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: config.dataDir,
      DATABASE_URL: config.databaseUrl ?? '',
      SMTP_URL: '',
      MAIL_API_URL: '',
      LOG_LEVEL: 'error',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    // LOG_LEVEL=error: no server_started line; its /healthz answering says it started.
    await waitForServerStarted(server, { healthUrl: url, timeoutMs: 30_000 });
  } catch (error) {
    server.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    cpuMs: () => processCpuMs(server.pid),
    stop: async () => {
      if (server.exitCode !== null) return;
      const exited = new Promise((done) => server.once('exit', done));
      server.kill('SIGTERM');
      await exited;
    },
  };
}

export function table(header: string[], rows: string[][]): void {
  const widths = header.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ');
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
  console.log('');
}

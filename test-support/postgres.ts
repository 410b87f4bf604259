import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import pg from 'pg';

import { freePort } from './process.ts';
import { assertIntegrationProject } from './test-projects.ts';

/**
 * A real, private, throwaway PostgreSQL server for the tests, from Debian's binaries
 * (`/usr/lib/postgresql/<version>/bin`, the newest installed): `initdb` in a temporary folder,
 * trust authentication, loopback on a free port, its Unix socket in the same folder. PostgreSQL
 * refuses to run as root, so when the tests run as root the cluster runs as the `postgres` user
 * (Debian's package creates it) or, failing that, `nobody`.
 *
 * `TEST_DATABASE_URL` (a role allowed to create databases) replaces the private server in the
 * suites that only need a database; the outage test always starts its own, since it stops it.
 */
export interface PostgresCluster {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  readonly url: string;
  readonly port: number;
  /** Its folder (data, socket, log): what `destroyPostgresClusterAt` needs. */
  readonly root: string;
  /** Stops the server (fast shutdown: connections are cut), keeping its data. */
  stop(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
  /** Stops it at once and deletes its folder. */
  destroy(): void;
}

export interface ClusterOptions {
  /** fsync on (the bench measures durable commits); off by default, which tests do not need. */
  fsync?: boolean;
  /** More server settings (`-c name=value`), e.g. `shared_preload_libraries`. */
  settings?: Record<string, string>;
}

const POSTGRES_ROOT = '/usr/lib/postgresql';

/** The bin folder of the newest PostgreSQL installed, or undefined. */
export function findPostgresBinDir(): string | undefined {
  if (process.env.PG_BIN_DIR) return process.env.PG_BIN_DIR;
  if (!existsSync(POSTGRES_ROOT)) return undefined;
  const versions = readdirSync(POSTGRES_ROOT)
    .filter((name) => existsSync(join(POSTGRES_ROOT, name, 'bin', 'initdb')))
    .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
  return versions[0] ? join(POSTGRES_ROOT, versions[0], 'bin') : undefined;
}

/** The user to run the server as when we are root, with its uid and gid. */
function serverUser(): { name: string; uid: number; gid: number } | undefined {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  for (const name of ['postgres', 'nobody']) {
    const uid = spawnSync('id', ['-u', name], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
    if (uid.status === 0 && gid.status === 0) {
      return { name, uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
    }
  }
  throw new Error('Running as root, but neither a postgres nor a nobody user exists.');
}

export async function startPostgresCluster(options: ClusterOptions = {}): Promise<PostgresCluster> {
  assertIntegrationProject('startPostgresCluster');
  const bin = findPostgresBinDir();
  if (!bin) {
    throw new Error(
      'PostgreSQL is not installed (no /usr/lib/postgresql/<version>/bin/initdb). ' +
        '`npm test` installs Debian\'s "postgresql" package as root; or run ' +
        '`sudo apt-get install -y postgresql`, or set TEST_DATABASE_URL.',
    );
  }
  const user = serverUser();
  const root = mkdtempSync(join(tmpdir(), 'renovation-pg-'));
  if (user) chownSync(root, user.uid, user.gid);
  const dataDir = join(root, 'data');
  const run = (program: string, args: string[]) => runAs(user, bin, root, program, args);

  run('initdb', [
    '-D',
    dataDir,
    '-A',
    'trust',
    '-U',
    'postgres',
    '-E',
    'UTF8',
    '--locale=C',
    '--no-sync',
  ]);
  let port = 0;
  const settings = () =>
    [
      `-p ${port}`,
      `-k ${root}`,
      '-c listen_addresses=127.0.0.1',
      '-c max_connections=300',
      `-c fsync=${options.fsync ? 'on' : 'off'}`,
      ...Object.entries(options.settings ?? {}).map(([name, value]) => `-c ${name}=${value}`),
    ].join(' ');
  const start = async () => {
    run('pg_ctl', ['-D', dataDir, '-o', settings(), '-l', join(root, 'server.log'), '-w', 'start']);
  };
  // The port is free when probed; another process could take it before the server binds it.
  for (let attempt = 1; ; attempt += 1) {
    port = await freePort();
    try {
      await start();
      break;
    } catch (error) {
      if (attempt >= 3) {
        rmSync(root, { recursive: true, force: true });
        throw error;
      }
    }
  }
  let destroyed = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    root,
    stop: async () => run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']),
    start,
    destroy: () => {
      if (destroyed) return;
      destroyed = true;
      destroyPostgresClusterAt(root);
    },
  };
}

function runAs(
  user: ReturnType<typeof serverUser>,
  bin: string,
  root: string,
  program: string,
  args: string[],
) {
  const [command, fullArgs] = user
    ? ['runuser', ['-u', user.name, '--', join(bin, program), ...args]]
    : [join(bin, program), args];
  const result = spawnSync(command, fullArgs, { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${program} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
}

/** Stops the server whose folder is `root` at once (if running) and deletes the folder. */
export function destroyPostgresClusterAt(root: string): void {
  const bin = findPostgresBinDir();
  try {
    if (bin)
      runAs(serverUser(), bin, root, 'pg_ctl', [
        '-D',
        join(root, 'data'),
        '-m',
        'immediate',
        '-w',
        'stop',
      ]);
  } catch {
    // Already stopped.
  }
  rmSync(root, { recursive: true, force: true });
}

export interface TestDatabase {
  readonly url: string;
  drop(): Promise<void>;
}

/** A fresh, empty database on the server of `adminUrl` (one per test file or test). */
export async function createTestDatabase(adminUrl: string): Promise<TestDatabase> {
  const name = `test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

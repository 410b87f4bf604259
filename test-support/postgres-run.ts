import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { inject } from 'vitest';

import { startPostgresCluster } from './postgres.ts';
import { assertIntegrationProject } from './test-projects.ts';

/**
 * The run's PostgreSQL server, started by the first test that needs it (see
 * postgres-global-setup.ts): `TEST_DATABASE_URL` when set; otherwise the first caller of the run
 * takes a lock (a folder created atomically in the run's folder), starts the server and writes
 * its record there, and every later caller, in any worker, reads that record. The global set-up's
 * teardown stops it.
 */
export async function postgresAdminUrl(): Promise<string> {
  assertIntegrationProject('postgresAdminUrl');
  const run = inject('postgresRun');
  if (run.externalUrl) return run.externalUrl;
  const record = join(run.directory, 'cluster.json');
  const lock = join(run.directory, 'starting');
  for (;;) {
    if (existsSync(record)) return (JSON.parse(readFileSync(record, 'utf8')) as RunCluster).url;
    try {
      mkdirSync(lock);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100)); // another worker is starting it
      continue;
    }
    try {
      if (!existsSync(record)) {
        const cluster = await startPostgresCluster();
        const started: RunCluster = { url: cluster.url, root: cluster.root };
        // Written aside, then renamed: a reader never sees half a record.
        writeFileSync(`${record}.tmp`, JSON.stringify(started));
        renameSync(`${record}.tmp`, record);
      }
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

/** What `postgresAdminUrl` records in the run's folder for the other workers and the teardown. */
export interface RunCluster {
  url: string;
  root: string;
}

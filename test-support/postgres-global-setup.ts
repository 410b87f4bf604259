import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { TestProject } from 'vitest/node';

import { destroyPostgresClusterAt } from './postgres.ts';
import type { RunCluster } from './postgres-run.ts';

/**
 * Vitest global set-up of the integration project: no server is started here. It provides a
 * folder for the run, where the first test that needs PostgreSQL starts one private server for
 * the whole run (`postgresAdminUrl()` in postgres-run.ts; test files create their own databases in
 * it, so they can run in parallel), or `TEST_DATABASE_URL`. The teardown stops that server if a
 * test started it.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    postgresRun: { externalUrl?: string; directory: string };
  }
}

export default function setup(project: TestProject) {
  const directory = mkdtempSync(join(tmpdir(), 'renovation-pg-run-'));
  const external = process.env.TEST_DATABASE_URL;
  project.provide('postgresRun', external ? { externalUrl: external, directory } : { directory });
  const teardown = () => {
    const record = join(directory, 'cluster.json');
    if (existsSync(record)) {
      destroyPostgresClusterAt((JSON.parse(readFileSync(record, 'utf8')) as RunCluster).root);
    }
    rmSync(directory, { recursive: true, force: true });
  };
  // If the run is interrupted, do not leave a server behind.
  process.once('exit', teardown);
  return () => {
    process.off('exit', teardown);
    teardown();
  };
}

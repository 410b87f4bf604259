import type { TestProject } from 'vitest/node';

import { startPostgresCluster } from './postgres';

/**
 * Vitest global setup: one private PostgreSQL server for the whole run (test files create their
 * own databases in it, so they can run in parallel), or the server of `TEST_DATABASE_URL`.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    project.provide('postgresAdminUrl', external);
    return undefined;
  }
  const cluster = await startPostgresCluster();
  // If the run is interrupted, do not leave a server behind.
  const onExit = () => cluster.destroy();
  process.once('exit', onExit);
  project.provide('postgresAdminUrl', cluster.url);
  return () => {
    process.off('exit', onExit);
    cluster.destroy();
  };
}

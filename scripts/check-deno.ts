/**
 * `deno check` of every Supabase Edge Function (with its own deno.json) and of the modules the
 * Node server shares with them, so that a change that only Node accepts (an extensionless import,
 * a Node-only API, a driver the functions must not load: their deno.json maps neither
 * better-sqlite3 nor pg) fails here instead of at deploy time.
 */
import { spawnSync } from 'node:child_process';

import {
  DENO_BIN,
  DENO_OFFLINE_FLAGS,
  DENO_SHARED_MODULES,
  edgeFunctions,
  functionFlags,
} from './lib/deno.ts';

const root = process.cwd();
const runs: Array<{ label: string; args: string[] }> = [
  {
    label: `shared modules (${DENO_SHARED_MODULES.length})`,
    args: ['check', '--no-config', ...DENO_OFFLINE_FLAGS, ...DENO_SHARED_MODULES],
  },
  ...edgeFunctions(root).map((fn) => ({
    label: `function ${fn.name}`,
    args: ['check', ...functionFlags(root, fn), fn.entry],
  })),
];

let failed = false;
for (const run of runs) {
  const result = spawnSync(DENO_BIN, run.args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`✗ deno check failed: ${run.label}`);
    failed = true;
  } else {
    console.log(`✓ deno check: ${run.label}`);
  }
}
process.exit(failed ? 1 : 0);

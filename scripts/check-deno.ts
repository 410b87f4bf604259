/**
 * Each Supabase Edge Function as Supabase runs it (ADR 0034): `deno check` with only its own
 * deno.json (no node_modules, no package.json; Deno downloads the `npm:` packages from npm's
 * registry into node_modules/.cache/deno the first time), then a start that answers one request.
 * Also `deno check` of the modules the Node server shares with the functions with no import map.
 * So a change that only Node accepts (an extensionless import, a Node-only API, a package the
 * function's deno.json does not map, a driver the functions must not load: their deno.json maps
 * neither better-sqlite3 nor pg) fails here instead of at deploy time.
 */
import { spawnSync } from 'node:child_process';

import { startEdgeFunction, type RunningFunction } from '#test-support/edge-functions.ts';
import {
  DENO_BIN,
  DENO_OFFLINE_FLAGS,
  DENO_SHARED_MODULES,
  denoEnv,
  edgeFunctions,
  functionFlags,
  type EdgeFunction,
} from './lib/deno.ts';

const root = process.cwd();
const env = denoEnv(root);

/**
 * What a function needs to start. The database is never reached: the one request (a GET, which
 * no function serves) is refused before any query, and Postgres.js connects on first query.
 */
const START_ENV = {
  SUPABASE_DB_URL: 'postgresql://start-check@127.0.0.1:9/none',
  SITE_URL: 'https://www.example.fr',
  LOG_LEVEL: 'error',
};

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

function check(label: string, args: string[]): boolean {
  const started = performance.now();
  const result = spawnSync(DENO_BIN, ['check', ...args], { cwd: root, env, stdio: 'inherit' });
  if (result.status === 0) console.log(`✓ deno check: ${label} (${seconds(started)})`);
  else console.error(`✗ deno check failed: ${label}`);
  return result.status === 0;
}

/** Starts the function, sends it one request, stops it: ok if it answered without an error. */
async function start(fn: EdgeFunction): Promise<boolean> {
  const started = performance.now();
  let running: RunningFunction | undefined;
  try {
    running = await startEdgeFunction(fn.name, START_ENV);
    const response = await fetch(`http://127.0.0.1:${running.port}/${fn.name}`);
    await response.arrayBuffer();
    if (response.status >= 500) throw new Error(`GET answered ${response.status}`);
    console.log(
      `✓ deno run: function ${fn.name} started and answered a GET with ${response.status} (${seconds(started)})`,
    );
    return true;
  } catch (error) {
    const output = running?.output.join('\n') ?? '';
    console.error(`✗ function ${fn.name} did not start and answer: ${String(error)}\n${output}`);
    return false;
  } finally {
    await running?.stop();
  }
}

const results = [
  check(`shared modules (${DENO_SHARED_MODULES.length})`, [
    '--no-config',
    ...DENO_OFFLINE_FLAGS,
    ...DENO_SHARED_MODULES,
  ]),
];
const functions = edgeFunctions(root);
for (const fn of functions) {
  results.push(check(`function ${fn.name}`, [...functionFlags(fn), fn.entry]));
}
// The starts wait mostly on Deno loading the modules: side by side, they take about one's time.
results.push(...(await Promise.all(functions.map(start))));
process.exit(results.every(Boolean) ? 0 : 1);

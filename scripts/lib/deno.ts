import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Deno, for the Supabase Edge Functions and the modules they share with the server. The binary
 * comes from the `deno` npm package (a dev dependency). A function runs here as Supabase runs it
 * (ADR 0034): with its own deno.json only, no node_modules and no package.json, its `npm:`
 * packages downloaded by Deno from npm's registry into Deno's own cache (`denoEnv`).
 */
export const DENO_BIN = join('node_modules', '.bin', 'deno');

/** Modules that run on both Node and Deno with no import map: they import only each other. */
export const DENO_SHARED_MODULES = [
  'server/outbox/mail-transport.ts',
  'server/outbox/http-api-transport.ts',
  'test-support/deno/send-mail.ts',
] as const;

export interface EdgeFunction {
  name: string;
  /** `supabase/functions/<name>/index.ts` */
  entry: string;
  /** `supabase/functions/<name>/deno.json`: its import map, as deployed. */
  config: string;
}

/** Each Edge Function (folders starting with `_` hold shared code, as Supabase expects). */
export function edgeFunctions(root: string): EdgeFunction[] {
  const folder = join(root, 'supabase', 'functions');
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
    .map((entry) => ({
      name: entry.name,
      entry: join('supabase', 'functions', entry.name, 'index.ts'),
      config: join('supabase', 'functions', entry.name, 'deno.json'),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Arguments that keep Deno away from remote modules and lockfiles. */
export const DENO_OFFLINE_FLAGS = ['--no-remote', '--no-lock'] as const;

/**
 * `deno check`/`deno info`/`deno run` arguments for a function, as deployed: its own deno.json
 * (its folder holds no package.json and the project's declares no workspace, so Deno reads none;
 * functions.config.test.ts checks it), no node_modules folder, no https: module.
 */
export function functionFlags(fn: EdgeFunction): string[] {
  return ['--config', fn.config, '--node-modules-dir=none', ...DENO_OFFLINE_FLAGS];
}

let registry: string | undefined;

/** npm's registry (the only one reachable in CI): from npm's environment, else `npm config`. */
function npmRegistry(): string {
  registry ??=
    process.env.NPM_CONFIG_REGISTRY ||
    process.env.npm_config_registry ||
    execFileSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8' }).trim();
  return registry;
}

/** How this machine reaches npm's registry (a proxy, a company's certificate authority). */
const NETWORK_SETTINGS = [
  'HTTPS_PROXY',
  'HTTP_PROXY',
  'NO_PROXY',
  'https_proxy',
  'http_proxy',
  'no_proxy',
  'DENO_CERT',
  'DENO_TLS_CA_STORE',
  'NODE_EXTRA_CA_CERTS',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
] as const;

/**
 * The environment Deno runs in, and nothing else of the caller's (a function reads its settings
 * from its environment): Deno's cache (npm packages, compiled modules, type-check results) under
 * node_modules/.cache/deno so repeated runs are fast, and npm's registry with the way to reach
 * it, from which Deno downloads the functions' `npm:` packages the first time.
 */
export function denoEnv(root: string): Record<string, string> {
  const network = NETWORK_SETTINGS.flatMap((name) => {
    const value = process.env[name];
    return value ? [[name, value] as const] : [];
  });
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    ...Object.fromEntries(network),
    DENO_DIR: join(root, 'node_modules', '.cache', 'deno'),
    NPM_CONFIG_REGISTRY: npmRegistry(),
    DENO_NO_UPDATE_CHECK: '1',
    NO_COLOR: '1',
  };
}

import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * Deno, for the Supabase Edge Functions and the modules they share with the server. The binary
 * comes from the `deno` npm package (a dev dependency). Everything runs offline: the functions'
 * `npm:` imports are resolved from this project's node_modules (see `offlineConfig`).
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
  /** `supabase/functions/<name>/deno.json`: its `npm:` imports, as deployed. */
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

/**
 * A copy of a function's deno.json beside a link to this project's node_modules, under
 * node_modules/.cache/: Deno then resolves the `npm:` imports from node_modules (versions equal
 * to package.json's, which a test checks) instead of downloading them. The deployed function
 * uses its own deno.json, and the hosted bundler fetches the same versions.
 */
export function offlineConfig(root: string, fn: EdgeFunction): string {
  const folder = join(root, 'node_modules', '.cache', 'deno-functions', fn.name);
  mkdirSync(folder, { recursive: true });
  const link = join(folder, 'node_modules');
  if (!existsSync(link)) symlinkSync(relative(folder, join(root, 'node_modules')), link);
  const config = join(folder, 'deno.json');
  // Import-map entries that are paths (`#server/` → `../../../server/`) are relative to the
  // function's folder: rebase them onto the copy's folder.
  const source = JSON.parse(readFileSync(join(root, fn.config), 'utf8')) as {
    imports?: Record<string, string>;
  };
  const functionFolder = dirname(join(root, fn.config));
  const imports = source.imports ?? {};
  for (const [key, value] of Object.entries(imports)) {
    if (value.startsWith('./') || value.startsWith('../')) {
      const rebased = relative(folder, resolve(functionFolder, value));
      const slash = value.endsWith('/') ? '/' : '';
      imports[key] = `${rebased.startsWith('.') ? '' : './'}${rebased}${slash}`;
    }
  }
  writeFileSync(config, JSON.stringify(source, null, 2));
  return config;
}

/** Arguments that keep Deno offline and away from lockfiles. */
export const DENO_OFFLINE_FLAGS = ['--no-remote', '--no-lock'] as const;

/** `deno check`/`deno run` arguments for a function, offline. */
export function functionFlags(root: string, fn: EdgeFunction): string[] {
  return ['--config', offlineConfig(root, fn), '--node-modules-dir=manual', ...DENO_OFFLINE_FLAGS];
}

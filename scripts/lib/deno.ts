import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Deno, for the modules shared with the Supabase Edge Functions. The binary comes from the `deno`
 * npm package (a dev dependency); everything it checks or runs is resolved offline.
 */
export const DENO_BIN = join('node_modules', '.bin', 'deno');

/** Modules that run on both Node and Deno: they import nothing but each other (`.ts` paths). */
export const DENO_SHARED_MODULES = [
  'server/mail/mail-transport.ts',
  'server/mail/http-api-transport.ts',
  'test-support/deno/send-mail.ts',
] as const;

/** Each Edge Function: its entry point and its own `deno.json`. */
export function edgeFunctions(
  root: string,
): Array<{ name: string; entry: string; config: string }> {
  const folder = join(root, 'supabase', 'functions');
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
    .map((entry) => ({
      name: entry.name,
      entry: join('supabase', 'functions', entry.name, 'index.ts'),
      config: join('supabase', 'functions', entry.name, 'deno.json'),
    }));
}

/** Arguments that keep Deno offline and away from lockfiles. */
export const DENO_OFFLINE_FLAGS = ['--no-remote', '--no-lock'] as const;

/**
 * Keeps the documentation of the settings in step with the code: every environment variable the
 * product reads is in `.env.example` and in the one table of docs/settings.md, and neither lists
 * a variable that nothing reads any more.
 *
 * What the product reads, taken from the code rather than listed here:
 * - the keys of the server's schema, `EnvSchema` (server/env.ts): the server, the staff CLI and
 *   the Supabase Edge Functions parse their environment with it;
 * - the build's public settings, `PUBLIC_SETTING_NAMES` (config/build-env.ts), which
 *   config/site.ts also reads at run time;
 * - any other name read directly in the sources of server/, contracts/, config/ and
 *   supabase/functions/ (tests excluded): `process.env.X`, `process.env['X']`,
 *   `Deno.env.get('X')`, and `env.X` / `source.X` on an environment record (the Edge Functions
 *   read SUPABASE_DB_URL and OUTBOX_WORKER_SECRET that way).
 *
 * The variables of the tools (the bootstrap behind `npm start` / `npm test`, the other scripts,
 * the test support, Playwright's configuration, CI) are not settings of the product and stay
 * out of `.env.example`, which the server may be started with: docs/settings.md lists them apart,
 * under "Variables of the tools", and the last test checks that list against the tools' sources
 * in the same way, except for the few names a tool sets for itself or only passes through.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { PUBLIC_SETTING_NAMES } from '#config/build-env.ts';
import { EnvSchema, parseEnv, resolveFromCwd } from './env.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** Source files under the given folders, or the given files; tests excluded. */
function sources(paths: string[]): string[] {
  return paths.flatMap((path) => {
    if (!statSync(join(ROOT, path)).isDirectory()) return [path];
    return readdirSync(join(ROOT, path), { recursive: true, encoding: 'utf8' })
      .map((entry) => join(path, entry))
      .filter((file) => /\.[cm]?[jt]sx?$/.test(file) && !/\.(test|spec)\.[cm]?[jt]sx?$/.test(file));
  });
}

const NAME = '[A-Z][A-Z0-9_]*';
const READS = [
  new RegExp(`process\\.env\\.(${NAME})`, 'g'),
  new RegExp(`process\\.env\\[\\s*['"](${NAME})['"]\\s*\\]`, 'g'),
  new RegExp(`Deno\\.env\\.get\\(\\s*['"](${NAME})['"]\\s*\\)`, 'g'),
  new RegExp(`(?<!meta\\.)\\b(?:env|source)\\.(${NAME})\\b`, 'g'),
];
/** Shell scripts (.ci/run): `${NAME}` and `${NAME:-default}`. */
const SHELL_READ = new RegExp(`\\$\\{(${NAME})[:}]`, 'g');

/** Every variable name the given sources read, with one file that reads it. */
function namesReadIn(paths: string[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const file of sources(paths)) {
    const text = read(file);
    const patterns = /\.[cm]?[jt]sx?$/.test(file) ? READS : [SHELL_READ];
    for (const pattern of patterns) {
      for (const match of text.matchAll(pattern)) {
        const name = match[1];
        if (name && !names.has(name)) names.set(name, file);
      }
    }
  }
  return names;
}

/** What the product reads (the two schemas plus any direct read), with where it is read. */
function productSettings(): Map<string, string> {
  return new Map([
    ...Object.keys(EnvSchema.shape).map((name) => [name, 'server/env.ts'] as const),
    ...PUBLIC_SETTING_NAMES.map((name) => [name, 'config/build-env.ts'] as const),
    ...namesReadIn(['server', 'contracts', 'config', 'supabase/functions']),
  ]);
}

/** `NAME=value` and `# NAME=value` lines (commented: build-time and Edge Function settings). */
function envExampleSettings(): string[] {
  return [...read('.env.example').matchAll(new RegExp(`^(?:#\\s?)?(${NAME})=`, 'gm'))].map(
    (match) => match[1] ?? '',
  );
}

const SETTINGS_PAGE = 'docs/settings.md';

/** The first cell of each row of the page's table: `| \`NAME\` | …`. */
function settingsTableNames(): string[] {
  return [...read(SETTINGS_PAGE).matchAll(new RegExp(`^\\| \`(${NAME})\` \\|`, 'gm'))].map(
    (match) => match[1] ?? '',
  );
}

/** The names at the head of each item of the page's "Variables of the tools" list. */
function toolListNames(): string[] {
  const section = read(SETTINGS_PAGE).split(/^## Variables of the tools$/m)[1] ?? '';
  const names: string[] = [];
  for (const line of section.split('\n')) {
    if (!line.startsWith('- ')) continue;
    const head = line.slice(2, line.indexOf(': '));
    for (const match of head.matchAll(new RegExp(`\`(${NAME})\``, 'g'))) {
      names.push(match[1] ?? '');
    }
  }
  return names;
}

/**
 * `listed` (a documentation's names) against `read` (the names the code reads, with where): the
 * differences both ways, and names listed twice. Empty lists when they agree.
 */
function differences(listed: string[], read: Map<string, string>) {
  return {
    readButNotListed: [...read]
      .filter(([name]) => !listed.includes(name))
      .map(([name, file]) => `${name} (read in ${file})`),
    listedButNotRead: listed.filter((name) => !read.has(name)),
    listedTwice: listed.filter((name, index) => listed.indexOf(name) !== index),
  };
}

const AGREE = { readButNotListed: [], listedButNotRead: [], listedTwice: [] };

describe('the settings documentation', () => {
  it('has .env.example list exactly the settings the product reads, once each', () => {
    expect(differences(envExampleSettings(), productSettings())).toEqual(AGREE);
  });

  it("has docs/settings.md's one table list exactly the settings the product reads", () => {
    // One table: a second one would be a second place to keep in step.
    expect(read(SETTINGS_PAGE).match(/^\|(?:\s*:?-{3,}:?\s*\|)+\s*$/gm)).toHaveLength(1);
    expect(differences(settingsTableNames(), productSettings())).toEqual(AGREE);
  });

  it("gives in .env.example the server's real defaults", () => {
    const defaults = parseEnv({});
    const serverKeys = new Set(Object.keys(EnvSchema.shape));
    for (const match of read('.env.example').matchAll(new RegExp(`^(${NAME})=(.+)$`, 'gm'))) {
      const [, name = '', value = ''] = match;
      if (!serverKeys.has(name)) continue;
      const documented: unknown = parseEnv({ [name]: value })[name as keyof typeof defaults];
      const actual: unknown = defaults[name as keyof typeof defaults];
      if (name === 'DATA_DIR' || name === 'STATIC_DIR') {
        // Folders: `./data` and `data` are the same place.
        expect(resolveFromCwd(String(documented)), name).toBe(resolveFromCwd(String(actual)));
      } else {
        expect(documented, name).toEqual(actual);
      }
    }
  });

  it('lists apart every variable the tools read, and only those', () => {
    const toolReads = namesReadIn([
      'scripts',
      'test-support',
      'e2e',
      'playwright.config.ts',
      'vitest.config.ts',
      '.ci/run',
    ]);
    // Set by a tool for itself or passed through to a child process, never by a person:
    // PATH and HOME (passed to child processes), E2E_DATA_DIR (playwright.config.ts sets it for
    // its workers), FAILURE (a test's child process).
    for (const name of ['PATH', 'HOME', 'E2E_DATA_DIR', 'FAILURE']) toolReads.delete(name);
    // Product settings the tools set for the server they start are documented in the table.
    for (const name of productSettings().keys()) toolReads.delete(name);
    expect(differences(toolListNames(), toolReads)).toEqual(AGREE);
  });
});

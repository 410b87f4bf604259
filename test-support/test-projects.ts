import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * Which Vitest project a test file belongs to, read from what the file does rather than where it
 * lives (files move between folders; the rule follows them):
 *
 * - `integration`: the file reaches, through its own imports followed transitively inside the
 *   repository (node_modules excluded), a module that starts a process (`node:child_process`)
 *   or that starts or asks for a PostgreSQL server (`startPostgresCluster`, `postgresAdminUrl()`
 *   or the run's `inject('postgresRun')`, all in test-support/). A test of a server process, of the Edge
 *   Functions under Deno, of both database engines or of the built site is therefore integration.
 * - `unit`: everything else: jsdom and node tests, SQLite files and in-process HTTP peers
 *   included. No database server, no child process, no browser; `npm run test:unit` runs them.
 *
 * The rule is a reading of source text, so a unit test could still start one through a path it
 * does not show (a dynamic import built at run time): in the unit project the PostgreSQL and
 * process helpers throw (see `assertIntegrationProject`), and `node:child_process` is replaced by
 * a module whose functions throw (test-support/unit-guard.ts), so such a test fails loudly.
 */

/** What marks a module as starting a process or a PostgreSQL server. */
const INTEGRATION_MARKERS = [
  /from\s+['"](node:)?child_process['"]/,
  /import\(\s*['"](node:)?child_process['"]\s*\)/,
  /inject\(\s*['"]postgresRun['"]\s*\)/,
  /\bstartPostgresCluster\s*\(/,
  /\bpostgresAdminUrl\s*\(\s*\)/,
];

const IMPORT_PATTERN =
  /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.js', '.mjs', '/index.ts', '/index.tsx'];

const TEST_FILE = /\.test\.tsx?$/;

export interface TestProjects {
  /** Test files of the `integration` project, relative to the root, sorted. */
  integration: string[];
  /** Test files of the `unit` project, relative to the root, sorted. */
  unit: string[];
}

/** The repository's subpath imports (`#server/*` …) from package.json, if any. */
function subpathImports(root: string): Array<[string, string]> {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    imports?: Record<string, unknown>;
  };
  return Object.entries(manifest.imports ?? {}).flatMap(([key, target]) =>
    typeof target === 'string' ? [[key, target] as [string, string]] : [],
  );
}

function resolveImport(
  root: string,
  from: string,
  specifier: string,
  aliases: Array<[string, string]>,
): string | undefined {
  let base: string | undefined;
  if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else if (specifier.startsWith('#')) {
    for (const [key, target] of aliases) {
      if (key === specifier) base = resolve(root, target);
      else if (key.endsWith('*') && specifier.startsWith(key.slice(0, -1))) {
        base = resolve(root, target.replace('*', specifier.slice(key.length - 1)));
      }
      if (base) break;
    }
  }
  if (!base) return undefined;
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  // `./x.js` written for a `.ts` source.
  const typescript = base.replace(/\.m?js$/, '.ts');
  return existsSync(typescript) ? typescript : undefined;
}

function listTestFiles(directory: string): string[] {
  if (!existsSync(directory)) return [];
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) return [];
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return listTestFiles(path);
    return TEST_FILE.test(entry.name) ? [path] : [];
  });
}

/** Splits the test files found under `directories` (relative to `root`) into the two projects. */
export function classifyTestFiles(root: string, directories: readonly string[]): TestProjects {
  const aliases = subpathImports(root);
  const modules = new Map<string, { marked: boolean; imports: string[] }>();
  const read = (file: string) => {
    let module = modules.get(file);
    if (!module) {
      const source = readFileSync(file, 'utf8');
      const imports = [...source.matchAll(IMPORT_PATTERN)].flatMap((match) => {
        const specifier = match[1] ?? match[2] ?? match[3];
        const target = specifier && resolveImport(root, file, specifier, aliases);
        return target ? [target] : [];
      });
      module = { marked: INTEGRATION_MARKERS.some((marker) => marker.test(source)), imports };
      modules.set(file, module);
    }
    return module;
  };
  // Everything the file imports, transitively, inside the repository.
  const needsIntegration = (file: string): boolean => {
    const seen = new Set([file]);
    const queue = [file];
    for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
      const module = read(next);
      if (module.marked) return true;
      for (const target of module.imports) {
        if (!seen.has(target)) {
          seen.add(target);
          queue.push(target);
        }
      }
    }
    return false;
  };

  const projects: TestProjects = { integration: [], unit: [] };
  const files = directories.flatMap((directory) => listTestFiles(join(root, directory)));
  for (const file of files.sort()) {
    const name = relative(root, file).split('\\').join('/');
    projects[needsIntegration(file) ? 'integration' : 'unit'].push(name);
  }
  return projects;
}

/**
 * Throws in the `unit` project (`TEST_PROJECT=unit`, set by vitest.config.ts): the helpers that
 * start a PostgreSQL server or a process call it first, so a test classified unit that starts
 * one anyway fails with this message instead of slowing the inner loop down.
 */
export function assertIntegrationProject(what: string): void {
  if (process.env.TEST_PROJECT === 'unit') {
    throw new Error(
      `${what} in the unit project: this test file was classified unit, but unit tests start ` +
        'no database server and no process. Import the helper statically (the classification ' +
        'reads imports, see test-support/test-projects.ts) so the file runs in the integration project.',
    );
  }
}

import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';

import { describe, expect, it } from 'vitest';

import {
  DENO_BIN,
  denoEnv,
  edgeFunctions,
  functionFlags,
  type EdgeFunction,
} from '#scripts/lib/deno.ts';
import { packageName, unmappedImports, type DenoModuleGraph } from '#scripts/lib/deno-graph.ts';

/**
 * The Edge Functions' deno.json, read as Supabase reads it (ADR 0034): the only import map a
 * deployed function has, with no node_modules folder or package.json behind it.
 */
const root = process.cwd();
const functions = edgeFunctions(root);

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  imports: Record<string, string>;
};
const pinned: Record<string, string> = { ...pkg.dependencies, ...pkg.devDependencies };

function importMap(fn: EdgeFunction): Record<string, string> {
  return (JSON.parse(readFileSync(fn.config, 'utf8')) as { imports: Record<string, string> })
    .imports;
}

/** `deno info --json` of a module, resolved with the function's deno.json as deployed. */
async function moduleGraph(fn: EdgeFunction, module = fn.entry): Promise<DenoModuleGraph> {
  const { stdout } = await promisify(execFile)(
    DENO_BIN,
    ['info', '--json', ...functionFlags(fn), module],
    {
      cwd: root,
      env: denoEnv(root),
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return JSON.parse(stdout) as DenoModuleGraph;
}

describe('the functions’ configuration', () => {
  it('imports in each deno.json the versions package.json pins', () => {
    for (const fn of functions) {
      const imports = importMap(fn);
      // Every alias, so a module the function loads may use any of them.
      expect(
        Object.keys(imports).filter((key) => key.startsWith('#')),
        fn.name,
      ).toEqual(Object.keys(pkg.imports).map((key) => key.replace(/\*$/, '')));
      for (const [key, target] of Object.entries(imports)) {
        if (key.startsWith('#')) {
          // A subpath alias: the same folder as package.json's `imports`, seen from the function.
          const folder = pkg.imports[`${key}*`]?.replace(/^\.\/(.*)\*$/, '$1');
          expect(folder, `${fn.name}: ${key}`).toBeDefined();
          expect(target, `${fn.name}: ${key}`).toBe(`../../../${folder!}`);
          continue;
        }
        const match = /^npm:\/?((?:@[^/@]+\/)?[^/@]+)@([^/]+)/.exec(target);
        expect(match, `${fn.name}: ${target}`).not.toBeNull();
        expect(`${match![1]}@${match![2]}`).toBe(`${match![1]}@${pinned[match![1]!]}`);
      }
    }
  });

  it.each(functions.map((fn) => [fn.name, fn] as const))(
    '%s: its deno.json maps every package and alias its whole module graph imports',
    async (_name, fn) => {
      const graph = await moduleGraph(fn);
      // The graph goes past the function's folder, into the server's modules it shares.
      expect(graph.modules.map((module) => module.specifier)).toContainEqual(
        expect.stringMatching(/\/server\/env\.ts$/),
      );
      const missing = unmappedImports(graph, importMap(fn), root);
      const entries = [...new Set(missing.map(({ specifier }) => packageName(specifier)))].map(
        (name) => `"${name}": "npm:${name}@${pinned[name] ?? '<version in package.json>'}"`,
      );
      expect(missing, `add to ${fn.config}: ${entries.join(', ')}`).toEqual([]);
    },
    60_000,
  );

  it('resolves nothing from the project’s package.json or node_modules', async () => {
    // better-sqlite3 is in package.json and node_modules, and in no function's deno.json: a
    // Deno that read either would resolve it.
    const fn = functions[0]!;
    const module = 'server/db/sqlite-connection.ts';
    const graph = await moduleGraph(fn, module);
    const importer = graph.modules.find((entry) => entry.specifier.endsWith(`/${module}`));
    const dependency = importer?.dependencies?.find(
      (entry) => entry.specifier === 'better-sqlite3',
    );
    expect(dependency).toMatchObject({
      code: { error: expect.stringMatching(/not in import map/) },
    });
  }, 60_000);
});

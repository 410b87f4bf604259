/**
 * How the Node server and the staff CLI are compiled: one esbuild bundle each, in
 * `build/server/`, run with plain `node` (see docs/decisions/0005-compiled-server.md).
 * Our own modules (server/, contact/, config/) are bundled; every npm package stays an
 * external import, resolved from node_modules at run time, so it must be a runtime dependency.
 */
import { builtinModules } from 'node:module';

import type { BuildOptions, Metafile } from 'esbuild';

export const SERVER_OUT_DIR = 'build/server';

export const SERVER_ENTRY_POINTS = {
  main: 'server/main.ts',
  leads: 'server/cli/leads.ts',
} as const;

export function serverBuildOptions(root: string): BuildOptions & { metafile: true } {
  return {
    absWorkingDir: root,
    entryPoints: SERVER_ENTRY_POINTS,
    outdir: SERVER_OUT_DIR,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    // Readable stacks without a flag; `node --enable-source-maps` maps them to the .ts files.
    minify: false,
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
  };
}

/** `@scope/name/sub/path` → `@scope/name`; `name/sub` → `name`. */
export function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

/**
 * The packages the bundles import at run time that `dependencies` does not list (a package
 * only in devDependencies would be missing after `npm install --omit=dev`).
 */
export function missingRuntimeDependencies(
  metafile: Metafile,
  dependencies: Readonly<Record<string, string>>,
): string[] {
  const builtins = new Set(builtinModules);
  const missing = new Set<string>();
  for (const output of Object.values(metafile.outputs)) {
    for (const imported of output.imports) {
      if (!imported.external) continue;
      const path = imported.path;
      if (path.startsWith('node:') || builtins.has(path)) continue;
      const name = packageName(path);
      if (!(name in dependencies)) missing.add(name);
    }
  }
  return [...missing].sort();
}

import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Whether a function's import map covers its module graph: every bare specifier (a package, a
 * `#server/…` alias) that one of the project's modules imports must be resolved by the
 * function's deno.json alone, as on Supabase, where no node_modules folder or package.json backs
 * it up (ADR 0034). The graph is `deno info --json`'s; the map is read from deno.json, not from
 * how Deno resolved, so a resolution Deno found elsewhere still counts as missing.
 */

/** What `deno info --json` prints, as far as it is read here. */
export interface DenoModuleGraph {
  modules: Array<{
    specifier: string;
    dependencies?: Array<{ specifier: string }>;
    typesDependency?: { specifier: string };
  }>;
}

export interface UnmappedImport {
  specifier: string;
  /** The modules importing it, relative to the project's root. */
  importers: string[];
}

/** `hono/cors` → `hono`, `@hono/node-server/conninfo` → `@hono/node-server`. */
export function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return (specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}

function isBare(specifier: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:/i.test(specifier) && !/^\.{0,2}\//.test(specifier);
}

/**
 * Deno's rules: an exact key, or the key ending in `/` that starts the specifier; a key naming
 * an `npm:` or `jsr:` package also covers its subpaths (Deno adds `<key>/` to such a map).
 */
export function importMapCovers(imports: Record<string, string>, specifier: string): boolean {
  if (specifier in imports) return true;
  return Object.entries(imports).some(
    ([key, target]) =>
      (key.endsWith('/') && specifier.startsWith(key)) ||
      (/^(npm|jsr):/.test(target) && specifier.startsWith(`${key}/`)),
  );
}

/** The bare specifiers of the project's modules (file: URLs) that the import map misses. */
export function unmappedImports(
  graph: DenoModuleGraph,
  imports: Record<string, string>,
  root: string,
): UnmappedImport[] {
  const missing = new Map<string, Set<string>>();
  for (const module of graph.modules) {
    if (!module.specifier.startsWith('file:')) continue;
    const importer = relative(root, fileURLToPath(module.specifier));
    const specifiers = [
      ...(module.dependencies ?? []).map((dependency) => dependency.specifier),
      ...(module.typesDependency ? [module.typesDependency.specifier] : []),
    ];
    for (const specifier of specifiers) {
      if (!isBare(specifier) || importMapCovers(imports, specifier)) continue;
      missing.set(specifier, (missing.get(specifier) ?? new Set()).add(importer));
    }
  }
  return [...missing]
    .map(([specifier, importers]) => ({ specifier, importers: [...importers].sort() }))
    .sort((a, b) => a.specifier.localeCompare(b.specifier));
}

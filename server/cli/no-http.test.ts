import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

/**
 * The staff CLI reaches the stores without the HTTP side: follows its relative and subpath-alias
 * (`#server/…`, from package.json `imports`) imports and checks that none of the modules it loads
 * imports Hono or the server's HTTP modules.
 */
const CLI = fileURLToPath(new URL('./leads.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ALIASES = Object.entries(
  (
    JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as {
      imports: Record<string, string>;
    }
  ).imports,
).map(([key, target]) => [key.replace(/\*$/, ''), target.replace(/\*$/, '')] as const);

/** The path a specifier names: relative to the importing file, or through an alias. */
function pathOf(from: string, specifier: string): string | undefined {
  if (specifier.startsWith('.')) return resolve(dirname(from), specifier);
  const alias = ALIASES.find(([key]) => specifier.startsWith(key));
  return alias ? resolve(ROOT, alias[1], specifier.slice(alias[0].length)) : undefined;
}
const HTTP_MODULES =
  /(?:^|\/)(?:(?:app|pipeline|main)\.ts|http\/(?:static-site|security-headers|timeouts)\.ts|routes\.ts)$/;

function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+'([^']+)'/gms)].map(
    (match) => match[1] ?? '',
  );
}

function moduleGraph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const specifier of importsOf(file)) {
      const target = pathOf(file, specifier);
      if (target !== undefined) {
        const candidates = [target, `${target}.ts`, `${target}/index.ts`];
        const found = candidates.find((candidate) => {
          try {
            return readFileSync(candidate) && candidate.endsWith('.ts');
          } catch {
            return false;
          }
        });
        if (found) visit(found);
      } else {
        packages.add(specifier);
      }
    }
  };
  visit(entry);
  return { files, packages };
}

describe('the staff CLI', () => {
  it('loads the database but no HTTP code', () => {
    const { files, packages } = moduleGraph(CLI);
    const names = [...files].map((file) => file.replace(/\\/g, '/'));
    expect(names.some((name) => name.endsWith('/server/db/database.ts'))).toBe(true);
    expect(names.filter((name) => HTTP_MODULES.test(name))).toEqual([]);
    expect([...packages].filter((name) => /hono/.test(name))).toEqual([]);
    expect(packages.has('kysely')).toBe(true);
  });
});

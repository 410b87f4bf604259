/**
 * Rewrites the imports of every tracked .ts/.tsx file to the repository's one rule (see
 * docs/architecture.md, "Imports"):
 *
 * - a relative specifier carries the extension of the file it resolves to
 *   (`./x` → `./x.ts`, `./dir` → `./dir/index.ts`);
 * - a specifier that climbs out of the importing file's folder (`../…`) becomes the subpath
 *   alias of its target, from package.json `imports` (`../../server/db/schema` →
 *   `#server/db/schema.ts`); same-folder and descending imports (`./x.ts`, `./lib/y.ts`) stay
 *   relative.
 *
 * It rewrites `import … from`, `export … from`, side-effect `import '…'`, `import('…')` and
 * `vi.mock('…')` (and Vitest's other module helpers). A specifier is touched only when it resolves
 * to a file on disk, so generated modules (`./+types/…`) and strings that are not imports are left
 * as they are. The modules Deno checks with no import map (`DENO_SHARED_MODULES`) keep their
 * relative imports (extension added if missing), and a target outside the aliased folders keeps
 * its relative path. `.mjs` files (run by plain Node before install) are not read.
 *
 * The touched files then go through Prettier. Idempotent: a second run changes nothing. Run: `npx tsx scripts/rewrite-imports.ts`
 * (`--check` only reports, and exits 1 if something would change).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { DENO_SHARED_MODULES } from './lib/deno.ts';

const ROOT = resolve(import.meta.dirname, '..');
const SKIPPED = /^(node_modules|build|supabase\/migrations)\//;
const CANDIDATES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];
const SPECIFIER =
  /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.(?:mock|doMock|unmock|doUnmock|importActual|importMock)\(\s*)(['"])(\.{1,2}\/[^'"\n]*)\2/g;

function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}

/** The aliases of package.json `imports`, as [prefix, folder relative to the root]. */
function aliases(): Array<[string, string]> {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    imports?: Record<string, unknown>;
  };
  return Object.entries(manifest.imports ?? {}).flatMap(([key, target]) =>
    key.endsWith('/*') && typeof target === 'string' && target.endsWith('/*')
      ? [[key.slice(0, -1), target.slice(2, -1)] as [string, string]]
      : [],
  );
}

/** The file a relative specifier resolves to (relative to the root), if any. */
function resolveRelative(file: string, path: string): string | undefined {
  const base = resolve(ROOT, dirname(file), path);
  for (const suffix of CANDIDATES) {
    if (isFile(base + suffix))
      return relative(ROOT, base + suffix)
        .split(sep)
        .join('/');
  }
  return undefined;
}

export function rewrite(
  file: string,
  source: string,
  map: Array<[string, string]>,
): { text: string; changed: number } {
  const keepRelative = (DENO_SHARED_MODULES as readonly string[]).includes(file);
  let changed = 0;
  const text = source.replace(SPECIFIER, (whole, lead: string, quote: string, spec: string) => {
    const [path = '', query] = spec.split('?', 2) as [string, string | undefined];
    const target = resolveRelative(file, path);
    if (target === undefined) return whole;
    const suffix = query === undefined ? '' : `?${query}`;
    let next: string;
    const alias = map.find(([, folder]) => target.startsWith(folder));
    if (path.startsWith('../') && !keepRelative && alias) {
      next = alias[0] + target.slice(alias[1].length);
    } else {
      const rel = relative(dirname(file), target).split(sep).join('/');
      next = rel.startsWith('../') ? rel : `./${rel}`;
    }
    next += suffix;
    if (next === spec) return whole;
    changed += 1;
    return `${lead}${quote}${next}${quote}`;
  });
  return { text, changed };
}

function main(): void {
  const check = process.argv.includes('--check');
  const started = performance.now();
  const files = execFileSync('git', ['ls-files', '*.ts', '*.tsx'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((file) => file !== '' && !SKIPPED.test(file) && isFile(join(ROOT, file)));
  const map = aliases();
  let total = 0;
  const touched: string[] = [];
  for (const file of files) {
    const source = readFileSync(join(ROOT, file), 'utf8');
    const { text, changed } = rewrite(file, source, map);
    if (changed === 0) continue;
    total += changed;
    touched.push(file);
    if (check) console.log(`${file}: ${changed}`);
    else writeFileSync(join(ROOT, file), text);
  }
  // Longer specifiers can push a line past the print width: Prettier reflows what was touched.
  if (!check && touched.length > 0) {
    execFileSync(join(ROOT, 'node_modules', '.bin', 'prettier'), ['--write', ...touched], {
      cwd: ROOT,
      stdio: 'ignore',
    });
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  console.log(
    `${check ? 'would change' : 'changed'} ${total} specifiers in ${touched.length} of ${files.length} files (${seconds} s)`,
  );
  if (check && total > 0) process.exitCode = 1;
}

main();

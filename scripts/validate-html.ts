/**
 * Runs the Nu HTML Checker (vnu-jar, needs Java) on every built page and fails on any error.
 * Messages about the inlined stylesheet's CSS are filtered out: the checker's CSS grammar predates
 * features Tailwind 4 emits (`@property`, `margin-trim`), which browsers support.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const vnuJar = String(require('vnu-jar'));
const root = join(process.cwd(), 'build', 'client');

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(full);
    return entry.name.endsWith('.html') ? [full] : [];
  });
}

const files = htmlFiles(root);
if (files.length === 0) {
  console.error('No built page found: run "npm run build" first.');
  process.exit(1);
}
const result = spawnSync(
  'java',
  ['-jar', vnuJar, '--errors-only', '--filterpattern', '^CSS: .*', '--format', 'gnu', ...files],
  { encoding: 'utf8' },
);
if (result.error) {
  console.error(`Could not run java: ${result.error.message}. Install a Java runtime (17+).`);
  process.exit(1);
}
const output = `${result.stdout}${result.stderr}`.trim();
if (result.status !== 0 || output.length > 0) {
  console.error(output);
  console.error(`\n✗ Nu HTML Checker: errors in the built pages.`);
  process.exit(1);
}
console.log(`✓ Nu HTML Checker: ${files.length} pages, no error.`);

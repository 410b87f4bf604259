/**
 * Compiles the server and the staff CLI into build/server/ (see scripts/lib/server-bundle.ts).
 * Fails when a bundle imports a package that is not a runtime dependency.
 */
import { readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

import { build } from 'esbuild';

import {
  missingRuntimeDependencies,
  SERVER_ENTRY_POINTS,
  SERVER_OUT_DIR,
  serverBuildOptions,
} from './lib/server-bundle.ts';

const root = process.cwd();
rmSync(join(root, SERVER_OUT_DIR), { recursive: true, force: true });
const result = await build(serverBuildOptions(root));
const { dependencies = {} } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  dependencies?: Record<string, string>;
};
const missing = missingRuntimeDependencies(result.metafile, dependencies);
if (missing.length > 0) {
  console.error(
    `✗ The server imports packages that are not in "dependencies": ${missing.join(', ')}.\n` +
      '  Production installs with --omit=dev: move them to "dependencies".',
  );
  process.exit(1);
}
const sizes = Object.keys(SERVER_ENTRY_POINTS).map((name) => {
  const bytes = statSync(join(root, SERVER_OUT_DIR, `${name}.js`)).size;
  return `${name}.js ${(bytes / 1024).toFixed(1)} KiB`;
});
// stderr: `npm run leads` may build first, and its stdout is the CLI's output.
console.error(`✓ Server bundles in ${SERVER_OUT_DIR}/: ${sizes.join(', ')}`);

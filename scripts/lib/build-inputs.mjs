/**
 * Which files the build reads, for the staleness check of `npm start` (scripts/bootstrap.mjs).
 * Plain Node with no dependency, since it runs before `npm install`.
 *
 * Derived rather than listed: every file of the project is an input except build outputs,
 * installed packages, and what only the tests (their *.fixture.ts included), the docs or the
 * tools read. A new source folder is therefore covered without anyone remembering to add it; a
 * file wrongly counted as an input costs an unneeded rebuild, never a stale one.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Top-level folders that are not read by `npm run build`. */
const NON_INPUT_FOLDERS = new Set([
  'build',
  'node_modules',
  'data',
  'docs',
  'e2e',
  'test-support',
  'test-results',
  'playwright-report',
]);

/** Top-level files that configure tests and tools, not the build. */
const NON_INPUT_FILES = new Set([
  'eslint.config.js',
  'playwright.config.ts',
  'vitest.config.ts',
  'vitest.setup.ts',
]);

/**
 * @param {string} relativePath a path inside the project, with `/` separators
 * @returns {boolean}
 */
export function isBuildInput(relativePath) {
  const parts = relativePath.split('/');
  const name = parts[parts.length - 1] ?? '';
  // Dot folders and files: .git, .react-router (generated types), .ci, .env, editor settings.
  if (parts.some((part) => part.startsWith('.'))) return false;
  if (parts.length > 1 && NON_INPUT_FOLDERS.has(parts[0] ?? '')) return false;
  if (parts.length === 1 && NON_INPUT_FILES.has(name)) return false;
  if (/\.(test|spec|fixture)\.[cm]?[jt]sx?$/.test(name)) return false;
  if (/\.md$/i.test(name)) return false;
  return true;
}

/**
 * The newest modification time (ms) among the build inputs under `root`, and the file it
 * belongs to.
 * @param {string} root
 * @returns {{ mtimeMs: number, path: string | undefined }}
 */
export function newestBuildInput(root) {
  let newest = { mtimeMs: 0, path: /** @type {string | undefined} */ (undefined) };
  /** @param {string} relative */
  const visit = (relative) => {
    const full = relative === '' ? root : join(root, relative);
    for (const entry of readdirSync(full, { withFileTypes: true })) {
      const path = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) {
        if (path.split('/').length === 1 && NON_INPUT_FOLDERS.has(entry.name)) continue;
        if (entry.name.startsWith('.')) continue;
        visit(path);
      } else if (isBuildInput(path)) {
        const { mtimeMs } = statSync(join(root, path));
        if (mtimeMs > newest.mtimeMs) newest = { mtimeMs, path };
      }
    }
  };
  if (existsSync(root)) visit('');
  return newest;
}

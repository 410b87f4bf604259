import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { defineConfig } from 'vitest/config';

import { iconSprite } from './scripts/vite/icon-sprite-plugin.ts';
import { classifyTestFiles } from './test-support/test-projects.ts';

const ROOT = fileURLToPath(new URL('.', import.meta.url));
// Every top-level folder but the browser tests (Playwright's), the build and the dependencies.
const TEST_FOLDERS = readdirSync(ROOT, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
  .map((entry) => entry.name)
  .filter((name) => !['build', 'e2e', 'node_modules'].includes(name));

/**
 * Two projects, decided by what each test file imports, not by its folder (see
 * test-support/test-projects.ts and docs/quality.md):
 * - `unit` (`npm run test:unit`, the inner loop): no database server, no child process, no
 *   browser. `TEST_PROJECT=unit` makes the PostgreSQL and process helpers throw, and
 *   test-support/unit-guard.ts makes `node:child_process` throw, so a misclassified test fails.
 * - `integration` (`npm run test:integration`): a test that reaches, through its imports, a helper
 *   that starts PostgreSQL or a process, or `node:child_process` itself. Its global set-up
 *   lets the first test that needs PostgreSQL start one private server for the run.
 * `npm test` and `npm run test:all` run both.
 */
const projects = classifyTestFiles(ROOT, TEST_FOLDERS);

// Kept apart from vite.config.ts: the React Router plugin must not load under Vitest.
export default defineConfig({
  plugins: [iconSprite()],
  test: {
    environment: 'node',
    setupFiles: ['./vitest.setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: projects.unit,
          env: { TEST_PROJECT: 'unit' },
          setupFiles: ['./test-support/unit-guard.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: projects.integration,
          env: { TEST_PROJECT: 'integration' },
          globalSetup: ['./test-support/postgres-global-setup.ts'],
        },
      },
    ],
  },
});

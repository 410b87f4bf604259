import { defineConfig } from 'vitest/config';

import { iconSprite } from './scripts/vite/icon-sprite-plugin.ts';

// Kept apart from vite.config.ts: the React Router plugin must not load under Vitest.
export default defineConfig({
  plugins: [iconSprite()],
  test: {
    include: ['{app,config,contracts,server,scripts,supabase,test-support}/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['./vitest.setup.ts'],
    // One private PostgreSQL server for the run (see test-support/postgres.ts).
    globalSetup: ['./test-support/postgres-global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

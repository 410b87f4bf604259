import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { defineConfig, devices } from '@playwright/test';

import { SERVER_COMMAND } from './test-support/process.ts';
import { STAFF_E2E_EMAILS } from './e2e/support/staff.ts';

const PORT = Number(process.env.E2E_PORT ?? 4173);
/** The SMTP peer of e2e/support/global-setup.ts (see e2e/support/mailbox.ts). */
const SMTP_PORT = PORT + 1000;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// A fresh database per run; set once here so the worker processes inherit the same value.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'renovation-e2e-data-'));

export default defineConfig({
  testDir: 'e2e',
  testIgnore: 'support/**',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 5_000 },
  globalSetup: './e2e/support/global-setup.ts',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'fr-FR',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: SERVER_COMMAND.join(' '),
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      // Native form posts are redirected to pages of SITE_URL: this server.
      SITE_URL: `http://127.0.0.1:${PORT}`,
      LOG_LEVEL: 'warn',
      DATA_DIR: process.env.E2E_DATA_DIR,
      RATE_LIMIT_PER_HOUR: '1000',
      // The browser tests count every notification: the flood budgets raised.
      SITE_RATE_LIMIT_PER_MINUTE: '100000',
      NOTIFICATIONS_PER_10_MINUTES: '100000',
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      // The staff inbox's browser tests sign in as these (e2e/staff.*.spec.ts).
      STAFF_EMAILS: STAFF_E2E_EMAILS.join(','),
    },
  },
});

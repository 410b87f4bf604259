/**
 * The settings of test servers: the parsed defaults (server/env.ts's one schema), with what the
 * tests need changed, and a test's overrides named as the tests have always named them.
 */
import { parseEnv, type ServerEnv } from '#server/env.ts';
import type { WebhookConfig } from '#server/webhooks/index.ts';

/** The SITE_URL of test servers: deliberately not the address they listen on. */
export const TEST_SITE_URL = 'https://www.calora-energies.example';

/** A test's short name of each setting it may change, and the setting's variable. */
const SETTING_NAMES = {
  dataDir: 'DATA_DIR',
  databaseUrl: 'DATABASE_URL',
  smtpUrl: 'SMTP_URL',
  mailApiUrl: 'MAIL_API_URL',
  mailApiKey: 'MAIL_API_KEY',
  smtpTimeoutMs: 'SMTP_TIMEOUT_MS',
  mailTo: 'MAIL_TO',
  mailFrom: 'MAIL_FROM',
  sendConfirmation: 'SEND_CONFIRMATION',
  rateLimitPerHour: 'RATE_LIMIT_PER_HOUR',
  siteRateLimitPerMinute: 'SITE_RATE_LIMIT_PER_MINUTE',
  notificationsPer10Minutes: 'NOTIFICATIONS_PER_10_MINUTES',
  maxLeadRequestsInProgress: 'MAX_LEAD_REQUESTS_IN_PROGRESS',
  refusalDelayMs: 'REFUSAL_DELAY_MS',
  trustProxy: 'TRUST_PROXY',
  siteUrl: 'SITE_URL',
  staffEmails: 'STAFF_EMAILS',
  recordCampaigns: 'RECORD_CAMPAIGNS',
} as const satisfies Record<string, keyof ServerEnv>;

type SettingName = keyof typeof SETTING_NAMES;

export type SettingOverrides = {
  [Name in SettingName]?: ServerEnv[(typeof SETTING_NAMES)[Name]];
} & {
  /** The CRM webhook (WEBHOOK_URL and its settings). */
  webhook?: WebhookConfig;
};

/** The settings of a test server: raised budgets, refusals at once, a short SMTP timeout. */
export function testSettings(overrides: SettingOverrides = {}): ServerEnv {
  const settings: ServerEnv = {
    ...parseEnv({}),
    MAIL_TO: 'equipe@calora-energies.example',
    MAIL_FROM: '"Calora Énergies" <no-reply@calora-energies.example>',
    RATE_LIMIT_PER_HOUR: 1_000,
    // The flood budgets raised and refusals answered at once, except where a test sets them.
    SITE_RATE_LIMIT_PER_MINUTE: 100_000,
    NOTIFICATIONS_PER_10_MINUTES: 100_000,
    REFUSAL_DELAY_MS: 0,
    SMTP_TIMEOUT_MS: 2_000,
    SITE_URL: TEST_SITE_URL,
  };
  const named = settings as unknown as Record<string, unknown>;
  for (const [name, variable] of Object.entries(SETTING_NAMES)) {
    if (name in overrides) named[variable] = overrides[name as SettingName];
  }
  const { webhook } = overrides;
  if (webhook) {
    settings.WEBHOOK_URL = webhook.url;
    settings.WEBHOOK_SECRET = webhook.secret;
    settings.WEBHOOK_RETRY_DELAYS = [...webhook.retryDelaysMs];
    settings.WEBHOOK_TIMEOUT_MS = webhook.timeoutMs;
  }
  return settings;
}

/**
 * The CRM webhook, built from the settings (server/env.ts) and the database; undefined without
 * WEBHOOK_URL. The Node server (server/compose.ts) and the Edge Functions build it here.
 */
import type { Database } from '#server/db/database.ts';
import { companyMailDomain } from '#server/env.ts';
import { WebhookService, type WebhookServiceOptions } from './service.ts';
import { webhookConfigFromEnv } from './settings.ts';

export function buildWebhooks(
  settings: Parameters<typeof webhookConfigFromEnv>[0],
  database: Database,
  deps: Omit<WebhookServiceOptions, 'database' | 'config' | 'messageDomain'>,
): WebhookService | undefined {
  const config = webhookConfigFromEnv(settings);
  if (!config) return undefined;
  return new WebhookService({ database, config, messageDomain: companyMailDomain(), ...deps });
}

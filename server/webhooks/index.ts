/**
 * The CRM webhook's entry module (ADR 0024): the service, its store, the events other
 * capabilities queue in their own transactions, the settings. Its staff routes
 * (./staff-routes.ts) are registered by the composition root only.
 */
export {
  contactChoiceData,
  type ContactChoiceData,
  leadCreatedEvent,
  type NewWebhookEvent,
  newWebhookId,
  queueContactChanged,
  queueStatusChanged,
} from './queue.ts';
export { WebhookService, type WebhookServiceOptions } from './service.ts';
export {
  newWebhookSecret,
  WEBHOOK_SETTINGS,
  type WebhookConfig,
  webhookConfigFromEnv,
  webhookSettingsProblem,
} from './settings.ts';
export { eraseWebhookData } from './queue.ts';
export { purgeWebhookEvents, WebhookStore } from './store.ts';
export { buildWebhooks } from './build.ts';

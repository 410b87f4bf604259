/**
 * The CRM webhook's entry module (ADR 0024): the service, its store, the events other
 * capabilities queue in their own transactions (`WebhookQueue`, ADR 0040), the settings. Its
 * staff routes (./staff-routes.ts) are registered by the composition root only.
 */
export {
  contactChoiceData,
  leadAssignedEvent,
  leadCreatedEvent,
  type NewWebhookEvent,
  type WebhookOwner,
  newWebhookId,
  WebhookQueue,
} from './queue.ts';
export { WebhookService } from './service.ts';
export { newWebhookSecret, type WebhookConfig, webhookConfigFromEnv } from './settings.ts';
export { WebhookStore } from './store.ts';
export { buildWebhooks } from './build.ts';

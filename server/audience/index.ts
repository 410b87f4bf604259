/**
 * The audience count's entry module (ADR 0023): the service that buffers page views, its
 * store, its retention. Its HTTP routes (./routes.ts, ./staff-routes.ts) are registered by the
 * composition root only.
 */
export { AudienceService } from './service.ts';
export { audienceRetentionStart, parisDay } from './calendar.ts';
export { type AudienceCount, AudienceStore } from './store.ts';
export { buildAudience } from './build.ts';

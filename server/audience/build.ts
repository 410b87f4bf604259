/**
 * The audience count, built from the settings (server/env.ts) and its store. The Node server
 * (server/compose.ts) and the `audience-beacon` Edge Function build it here.
 */
import type { ServerEnv } from '#server/env.ts';
import type { Logger } from '#server/logger.ts';
import { AudienceService } from './service.ts';
import type { AudienceStore } from './store.ts';

export function buildAudience(
  settings: Pick<ServerEnv, 'RECORD_CAMPAIGNS'>,
  store: AudienceStore,
  deps: { logger: Logger; now?: () => number; flushMs?: number },
): AudienceService {
  return new AudienceService({
    store: () => store,
    logger: deps.logger,
    recordCampaigns: settings.RECORD_CAMPAIGNS,
    now: deps.now,
    flushMs: deps.flushMs,
  });
}

/**
 * The lead capability, built from the settings (server/env.ts) and its store: validation to
 * storage, the stored per-client budget (server/http), the flood caps, the webhook's event. The Node server
 * (server/compose.ts) and the Edge Functions build it here.
 */
import { companyMailDomain, type ServerEnv } from '#server/env.ts';
import type { Logger } from '#server/logger.ts';
import { StoredBudget } from '#server/http/client-budget.ts';
import type { ClientRates } from '#server/http/client-rates.ts';
import type { LeadAssigner } from './assignment.ts';
import type { LeadStore } from './lead-store.ts';
import { createLeadService, type LeadService } from './submit-lead.ts';

type LeadServiceOptions = Parameters<typeof createLeadService>[0];

type LeadSettings = Pick<
  ServerEnv,
  | 'RATE_LIMIT_PER_HOUR'
  | 'SEND_CONFIRMATION'
  | 'RECORD_CAMPAIGNS'
  | 'SITE_RATE_LIMIT_PER_MINUTE'
  | 'NOTIFICATIONS_PER_10_MINUTES'
>;

export function buildLeads(
  settings: LeadSettings,
  stores: { leads: LeadStore; rates: ClientRates },
  deps: {
    logger: Logger;
    /** The CRM webhook is on: `lead.created` is written with the request. */
    webhooks: boolean;
    onStored: () => void;
    now?: () => number;
    /** The days and slots a visitor may choose, and their due times (the call-back clock's). */
    contactOffer: LeadServiceOptions['contactOffer'];
    /** The sales team's rule: each request's owner, chosen in its transaction (ADR 0045). */
    assigner?: LeadAssigner;
  },
): LeadService {
  return createLeadService({
    store: stores.leads,
    limiter: new StoredBudget(stores.rates, settings.RATE_LIMIT_PER_HOUR),
    logger: deps.logger,
    sendConfirmation: settings.SEND_CONFIRMATION,
    messageDomain: companyMailDomain(),
    recordCampaigns: settings.RECORD_CAMPAIGNS,
    flood: {
      siteRequestsPerMinute: settings.SITE_RATE_LIMIT_PER_MINUTE,
      notificationsPer10Minutes: settings.NOTIFICATIONS_PER_10_MINUTES,
    },
    webhooks: deps.webhooks,
    onStored: deps.onStored,
    contactOffer: deps.contactOffer,
    ...(deps.assigner ? { assigner: deps.assigner } : {}),
    ...(deps.now ? { now: deps.now } : {}),
  });
}

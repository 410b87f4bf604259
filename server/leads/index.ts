/**
 * Lead submission's entry module: the service, its store (group commit, rate limits, flood
 * caps), a request's status, the CSV, the refusal log. The endpoint (./routes.ts) is
 * registered by the composition root only.
 */
export {
  CSV_SEPARATOR,
  deliverySummary,
  exportFileName,
  requestsCsv,
  type ExportRow,
} from './csv.ts';
export { RateLimiter } from './rate-limit.ts';
export { RefusalLog } from './refusal-log.ts';
export { deliveryByLead } from './store.ts';
export { createLeadService, type LeadService, NOTIFICATION_WINDOW_MS } from './submit-lead.ts';
export { LeadStore, type NotificationWindow } from './lead-store.ts';
export { changeStatus, emailKeyOf, leadStatus } from './status.ts';
export {
  forgetPerson,
  listLeads,
  purgeLeads,
  RETENTION_MS,
  toDelivery,
  type LeadOrigin,
  type LeadWithDelivery,
  type NewMail,
} from './store.ts';
export { purgeCounters } from './counters.ts';
export { purgeRateHits, type RatePolicy, type RateVerdict } from './rate-hits.ts';
export { RATE_WINDOW_MS } from './rate-limit.ts';
export type { FloodPolicy, SubmissionInput, SubmitVerdict } from './submission.ts';
export { buildLeads } from './build.ts';

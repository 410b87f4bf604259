/**
 * Lead submission's entry module: what other capabilities, the composition and the CLI use of
 * it. The service and its store (group commit, rate limits, flood caps), the `leads` rows
 * (`LeadRecords`, the only writer of the table outside the submission), a request's status,
 * the counters, the CSV, the refusal log. The endpoint (./routes.ts) is registered by the
 * composition root only.
 */
export { CSV_SEPARATOR, deliverySummary, exportFileName, requestsCsv } from './csv.ts';
export { Counters } from './counters.ts';
export { LeadStore } from './lead-store.ts';
export { RateLimiter, RATE_WINDOW_MS } from './rate-limit.ts';
export { purgeRateHits, type RatePolicy } from './rate-hits.ts';
export { RefusalLog } from './refusal-log.ts';
export { LeadStatuses } from './status.ts';
export { LeadRecords, RETENTION_MS, toDelivery, type LeadWithDelivery } from './store.ts';
export { createLeadService, type LeadService, NOTIFICATION_WINDOW_MS } from './submit-lead.ts';

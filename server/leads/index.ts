/**
 * Lead submission's entry module: what other capabilities, the composition and the CLI use of
 * it. The service and its store (group commit, flood caps), the `leads` rows (`LeadRecords`, the
 * only writer of the table outside the submission), a request's status, the counters, the CSV.
 * The endpoint (./routes.ts) is registered by the composition root only.
 */
export { deliverySummary, exportFileName, requestsCsv } from './csv.ts';
export { Counters } from './counters.ts';
export { LeadStore } from './lead-store.ts';
export { LeadStatuses } from './status.ts';
export { LeadRecords, RETENTION_MS, toDelivery, type LeadWithDelivery } from './store.ts';
export { type LeadService, NOTIFICATION_WINDOW_MS } from './submit-lead.ts';
export { buildLeads } from './build.ts';
export type { AssignedOwner, AssignmentBatch, LeadAssigner } from './assignment.ts';

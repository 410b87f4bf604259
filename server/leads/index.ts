/**
 * Lead submission's entry module: the service, its store (group commit, flood caps), a
 * request's status, the CSV. The endpoint (./routes.ts) is
 * registered by the composition root only.
 */
export { deliverySummary, exportFileName, requestsCsv, type ExportRow } from './csv.ts';
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
export type { FloodPolicy, SubmissionInput, SubmitVerdict } from './submission.ts';

/**
 * The staff inbox's entry module: its store (list, a request's page, status, retry, export
 * audit) and its service (the pages with their call-back clock). Its HTTP routes (./routes.ts)
 * are registered by the composition root only.
 */
export { InboxService, type ExportedLead } from './service.ts';
export { InboxStore } from './store.ts';

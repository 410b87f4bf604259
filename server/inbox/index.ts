/**
 * The staff inbox's entry module: its store (list, a request's page, status, retry, export
 * audit). Its HTTP routes (./routes.ts) are registered by the composition root only.
 */
export { InboxStore, type StoreInboxPage } from './store.ts';

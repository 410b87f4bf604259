/**
 * The outbox's entry module: the queue's stores, the worker, the templates. Runs on Node and
 * on Deno (the Edge Functions); the Node-only transports (SMTP, `.eml`) are in ./node.ts.
 */
export { type MailTransport } from './mail-transport.ts';
export { OutboxQueue } from './queue.ts';
export { toOutbox, type OutboxRow } from './rows.ts';
export { OutboxStore } from './store.ts';
export { type MailMessage, type MailSettings, messageIdFor } from './templates.ts';
export { type MailSchedule } from './schedule-mail.ts';
export { type OutboxOptions, OutboxWorker } from './worker.ts';
export { EML_DIRECTORY } from './worker-options.ts';
export { buildApiTransport, buildOutboxWorker } from './build.ts';

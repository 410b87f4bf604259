/** The outbox's Node-only entry module: the transports the Node server chooses from (SMTP, `.eml`). */
export { createTransport } from './choose-transport.ts';

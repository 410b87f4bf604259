/** The outbox's Node-only entry module: the transports the Node server chooses from (SMTP, `.eml`). */
export { buildMailTransport } from './build-transport.ts';

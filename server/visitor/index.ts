/**
 * The visitor page's entry module (ADR 0029): the links that open `/ma-demande`
 * (tokens stored hashed), and what a visitor may do there. Its HTTP routes (./routes.ts) are
 * registered by the composition root only.
 */
export {
  hashVisitorToken,
  isTokenShaped,
  VISITOR_LINK_DAYS,
  VISITOR_LINK_MS,
  VisitorLinkStore,
} from './link-store.ts';
export { VISITOR_MESSAGES } from './messages.ts';
export { visitorMessageId, VisitorService, type VisitorOutcome } from './service.ts';
export { NOTICE_INTERVAL_MS, VISITOR_ACTOR, VisitorStore } from './store.ts';
export { buildVisitor } from './build.ts';

/**
 * The visitor page's entry module (ADR 0029): the links that open `/ma-demande` (tokens stored
 * hashed), and what a visitor may do there. Its HTTP routes (./routes.ts) are registered by the
 * composition root only.
 */
export { VisitorLinkStore } from './link-store.ts';
export { VisitorService } from './service.ts';
export { VisitorStore } from './store.ts';
export { buildVisitor } from './build.ts';

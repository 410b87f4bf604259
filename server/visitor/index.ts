/**
 * The visitor page's entry module (issue 37, ADR 0029): the links that open `/ma-demande`
 * (tokens stored hashed), and what a visitor may do there. Its HTTP routes are registered by the
 * composition root only.
 */
export {
  hashVisitorToken,
  isTokenShaped,
  VISITOR_LINK_DAYS,
  VISITOR_LINK_MS,
  VisitorLinkStore,
} from './link-store.ts';

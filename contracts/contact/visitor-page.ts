/**
 * The visitor's page (ADR 0029): where the link of every confirmation e-mail leads.
 * The token travels in the fragment (never sent to a server, never in a log or a Referer) and
 * the page exchanges it in a request body. No dependency.
 */
export const VISITOR_PAGE_PATH = '/ma-demande';

/** The fragment's key: `/ma-demande#jeton=…`. */
export const VISITOR_FRAGMENT_KEY = 'jeton';

/** The link a confirmation carries, on the site at `siteUrl`. */
export function visitorPageLink(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${VISITOR_PAGE_PATH}#${VISITOR_FRAGMENT_KEY}=${token}`;
}

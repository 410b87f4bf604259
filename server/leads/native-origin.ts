import { payloadFromForm } from '#contracts/contact/lead-contract.ts';

/**
 * A native form post's payload (payloadFromForm) with the page it was sent from, the request's
 * origin page (docs/staff.md: a request sent from the contact page counts for it). The script
 * sends `pageOrigine` itself; a post without scripts carries only the browser's `Referer`. Its path is taken when
 * the Referer is one of the site's own origins and names a page: across origins (the Supabase
 * function, behind `strict-origin-when-cross-origin`) a browser sends the origin alone, which
 * names no page. The path only: the query (and any fragment) is dropped.
 */
export function nativePayload(
  body: string,
  referer: string | undefined,
  origins: readonly string[],
): Record<string, unknown> | undefined {
  const payload = payloadFromForm(new URLSearchParams(body));
  if (!payload || payload.pageOrigine !== undefined || !referer) return payload;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return payload;
  }
  if (!origins.includes(url.origin) || url.pathname === '/') return payload;
  return { ...payload, pageOrigine: url.pathname };
}

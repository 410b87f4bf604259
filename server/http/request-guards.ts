/**
 * Guards every route that takes a request body uses: the cross-site check (CSRF) and a JSON
 * parser that refuses prototype-pollution keys.
 */

export interface CrossSiteRule {
  /**
   * Without `Origin`, whether `Sec-Fetch-Site: same-site` (a page of a sibling host) passes.
   * The contact endpoint's native post accepts it (only `cross-site` is refused); the staff
   * API refuses it (only `same-origin` and `none` pass).
   */
  acceptSameSite: boolean;
}

/**
 * A state-changing request made by a page of another site: its `Origin` is not one of
 * `origins` or, without `Origin`, `Sec-Fetch-Site` says another site (see `CrossSiteRule`).
 * With neither header (a non-browser client), it is not cross-site.
 */
export function isCrossSiteRequest(
  headers: Headers,
  origins: readonly string[],
  rule: CrossSiteRule,
): boolean {
  const origin = headers.get('origin');
  if (origin !== null) return !origins.includes(origin);
  const site = headers.get('sec-fetch-site');
  if (rule.acceptSameSite) return site === 'cross-site';
  return site !== null && site !== 'same-origin' && site !== 'none';
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

class ForbiddenKey extends Error {}

/** JSON.parse that refuses prototype-pollution keys at any depth. */
export function parseJsonSafely(text: string): unknown {
  return JSON.parse(text, (key, value: unknown) => {
    if (FORBIDDEN_KEYS.has(key)) throw new ForbiddenKey();
    return value;
  });
}

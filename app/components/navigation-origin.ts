/**
 * Where the visitor came from, known from the app's own navigation and kept in memory only (no
 * cookie, no web storage, nothing sent until the visitor sends the contact form): the previous
 * page of this visit (the form's source page), and the campaign tags of the URL the visit started on.
 */
let current: string | undefined;
let previous: string | undefined;
let landingSearch: string | undefined;

/** Called on every navigation (ScrollManager). */
export function recordNavigation(pathname: string, search: string): void {
  landingSearch ??= search;
  if (pathname === current) return;
  previous = current;
  current = pathname;
}

/**
 * The page the contact form was opened from: the page before the current one in this visit, or
 * the current one when the visit started on it (a request sent from /contact itself has /contact
 * as its source page, and the audience counts it for that page).
 */
export function sourcePage(): string | undefined {
  return previous ?? current;
}

/** `utm_source`, `utm_medium`, `utm_campaign` of the landing URL, when it had them. */
function landingCampaign(): {
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
} {
  const query = new URLSearchParams(landingSearch ?? '');
  const read = (name: string) => query.get(name) ?? undefined;
  return {
    utmSource: read('utm_source'),
    utmMedium: read('utm_medium'),
    utmCampaign: read('utm_campaign'),
  };
}

/**
 * What the root route passes to the pages (`<Outlet context>`): a page reads it with
 * `useOutletContext`, so it does not import this module, which stays in the root chunk (a module
 * imported by the root and by a page would become a file of its own that every page loads).
 */
export interface VisitOrigin {
  sourcePage: typeof sourcePage;
  landingCampaign: typeof landingCampaign;
}

export const visitOrigin: VisitOrigin = { sourcePage, landingCampaign };

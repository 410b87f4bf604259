import { siteConfig } from '../../config/site';
import {
  AUDIENCE_BEACON_PATH,
  AUDIENCE_OBJECTION_KEY,
  deviceClassOf,
  type Beacon,
} from '../../audience/contract';
import { STAFF_PAGE_PREFIX } from '../../staff/contract';

/**
 * The audience beacon (issue 28, ADR 0023): once a public page is shown, and on each client-side
 * navigation, one small POST to the site's own backend when the browser is idle (at most 4 s
 * later). Nothing identifies the visitor: no cookie, no storage, no id; two identical visits send
 * the same bytes. Nothing is sent with Global Privacy Control or Do Not Track on, on a staff page,
 * or once the visitor objected (the privacy policy page).
 */
let firstOfDocument = true;

/** True when the visitor asked not to be measured (browser signal or the objection control). */
export function audienceOptedOut(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  if (nav.globalPrivacyControl || nav.doNotTrack === '1') return true;
  try {
    return localStorage.getItem(AUDIENCE_OBJECTION_KEY) !== null;
  } catch {
    // Storage blocked: nothing can be remembered either way, measure as for anyone.
    return false;
  }
}

export function countView(pathname: string): void {
  const first = firstOfDocument;
  firstOfDocument = false;
  if (pathname === STAFF_PAGE_PREFIX || pathname.startsWith(`${STAFF_PAGE_PREFIX}/`)) return;
  if (audienceOptedOut()) return;
  const beacon: Beacon = { p: pathname, e: 0, d: deviceClassOf(window.innerWidth) };
  if (first) {
    let host = '';
    try {
      host = document.referrer ? new URL(document.referrer).hostname : '';
    } catch {
      host = '';
    }
    const external = host !== '' && host !== location.hostname;
    if (!document.referrer || external) beacon.e = 1;
    if (external) beacon.r = host;
    const query = new URLSearchParams(location.search);
    const tags = ['source', 'medium', 'campaign'].map((tag) => query.get(`utm_${tag}`) ?? '');
    if (tags.some(Boolean)) beacon.c = tags as [string, string, string];
  }
  const body = JSON.stringify(beacon);
  const send = () => navigator.sendBeacon(`${siteConfig.backendUrl}${AUDIENCE_BEACON_PATH}`, body);
  if ('requestIdleCallback' in window) requestIdleCallback(send, { timeout: 4000 });
  else setTimeout(send, 1000);
}

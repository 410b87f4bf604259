import { siteConfig } from '#config/site.ts';
import {
  AUDIENCE_BEACON_PATH,
  AUDIENCE_OBJECTION_KEY,
  deviceClassOf,
  type Beacon,
} from '#contracts/audience/contract.ts';

/**
 * The audience beacon (ADR 0023): once a public page is shown, and on each client-side
 * navigation, one small POST to the site's own backend when the browser is idle (at most 4 s
 * later). Nothing identifies the visitor: no cookie, no storage, no id; two identical visits send
 * the same bytes. Nothing is sent with Global Privacy Control or Do Not Track on, on a staff page
 * (`/equipe`), or once the visitor objected (the privacy policy page). Kept small: it is in
 * every page's first load (0.5 KB brotli at most).
 */
let firstOfDocument = true;

/** True when the visitor asked not to be measured (browser signal or the objection control). */
export function audienceOptedOut(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  try {
    return (
      !!nav.globalPrivacyControl || nav.doNotTrack === '1' || !!localStorage[AUDIENCE_OBJECTION_KEY]
    );
  } catch {
    // Storage blocked (it would throw): nothing can have been remembered.
    return false;
  }
}

export function countView(pathname: string): void {
  const first = firstOfDocument;
  firstOfDocument = false;
  if (/^\/equipe(\/|$)/.test(pathname) || audienceOptedOut()) return;
  const beacon: Beacon = { p: pathname, e: 0, d: deviceClassOf(innerWidth) };
  if (first) {
    const referrer = document.referrer && new URL(document.referrer).hostname;
    if (referrer !== location.hostname) beacon.e = 1;
    if (referrer && beacon.e) beacon.r = referrer;
    const query = new URLSearchParams(location.search);
    const tags = ['source', 'medium', 'campaign'].map((tag) => query.get(`utm_${tag}`) ?? '');
    if (tags.join('')) beacon.c = tags as Beacon['c'];
  }
  const send = () =>
    navigator.sendBeacon(siteConfig.backendUrl + AUDIENCE_BEACON_PATH, JSON.stringify(beacon));
  // Where requestIdleCallback is missing (Safari), a timer with no delay.
  (window.requestIdleCallback ?? setTimeout)(send, { timeout: 4000 });
}

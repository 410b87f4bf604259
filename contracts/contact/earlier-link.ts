/**
 * A request sent within 24 hours of another from the same e-mail address gets no confirmation
 * e-mail (one per address per 24 h, the flood rule): the endpoint's answer says so, and that
 * the earlier confirmation's link « Suivre ou modifier ma demande » opens this request too,
 * since a link opens every request of its address (ADR 0031). In the JSON answer,
 * `earlierLink: true`; after a native post, `lien=precedent` in the thank-you page's fragment
 * (beside the call-back time's keys, contracts/contact/callback-time.ts). No dependency.
 */
const EARLIER_LINK_FRAGMENT_KEY = 'lien';
const EARLIER_LINK_FRAGMENT_VALUE = 'precedent';

/** `lien=precedent` */
export const EARLIER_LINK_FRAGMENT = `${EARLIER_LINK_FRAGMENT_KEY}=${EARLIER_LINK_FRAGMENT_VALUE}`;

/** Whether a thank-you page's fragment (`#rappel=…&lien=precedent`) says it. */
export function fragmentHasEarlierLink(fragment: string): boolean {
  const params = new URLSearchParams(fragment.replace(/^#/, ''));
  return params.get(EARLIER_LINK_FRAGMENT_KEY) === EARLIER_LINK_FRAGMENT_VALUE;
}

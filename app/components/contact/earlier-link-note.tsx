import { useSyncExternalStore } from 'react';

import { fragmentHasEarlierLink } from '#contracts/contact/earlier-link.ts';

const subscribe = () => () => {};

/**
 * On the thank-you page: when the native post's redirect said so in the address's fragment
 * (`lien=precedent`, contracts/contact/earlier-link.ts), that no confirmation e-mail comes for
 * this request and that the earlier one's link opens it too (ADR 0031). Nothing otherwise, and
 * nothing in the prerendered page (a fragment never reaches a server).
 */
export function EarlierLinkNote({ text }: { text: string }) {
  const fragment = useSyncExternalStore(
    subscribe,
    () => window.location.hash,
    () => '',
  );
  return fragmentHasEarlierLink(fragment) ? <li>{text}</li> : null;
}

import { useSyncExternalStore } from 'react';

import { isRgeExpired, siteConfig } from '#config/site.ts';

/** Marks the element that states the RGE status, so hydration can reuse the prerendered answer. */
export const RGE_STATUS_ATTRIBUTE = 'data-rge-expired';

const subscribe = () => () => {};

const expiredNow = () => isRgeExpired(siteConfig, new Date());

/** On the client during hydration: the answer the prerendered page was built with. */
function prerenderedAnswer(): boolean {
  if (typeof document === 'undefined') return expiredNow();
  const marker = document.querySelector(`[${RGE_STATUS_ATTRIBUTE}]`);
  return marker ? marker.getAttribute(RGE_STATUS_ATTRIBUTE) === 'true' : expiredNow();
}

/**
 * Whether the configured RGE certificate has expired. Hydration reuses the prerendered answer,
 * then today's date decides, so a page built before the expiry date never shows it as valid.
 */
export function useRgeExpired(): boolean {
  return useSyncExternalStore(subscribe, expiredNow, prerenderedAnswer);
}

import { useSyncExternalStore } from 'react';

import {
  callbackFactsOfFragment,
  callbackFactsSentence,
} from '#contracts/contact/callback-time.ts';

const subscribe = () => () => {};

/**
 * When the company calls back. The page is static: it states the general `rule` (prerendered, and
 * while hydrating), then the request's own time when the native post's redirect carried it in the
 * address's fragment (`#rappel=2026-11-30T19:00`, with `&creneau=…` for a chosen slot or
 * `&canal=email` for an answer by e-mail; a fragment never reaches a server).
 */
export function CallbackPromise({ rule }: { rule: string }) {
  const fragment = useSyncExternalStore(
    subscribe,
    () => window.location.hash,
    () => '',
  );
  return <>{callbackFactsSentence(callbackFactsOfFragment(fragment)) ?? rule}</>;
}

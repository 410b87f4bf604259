import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * `false` while the prerendered HTML is hydrated, `true` afterwards: lets a component show
 * something that depends on the URL's query without a hydration mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

import { useSyncExternalStore } from 'react';

import { CAROUSEL_BREAKPOINTS, type PageSize } from './carousel-paging.ts';

const queries = {
  three: `(min-width: ${CAROUSEL_BREAKPOINTS.threeColumns}px)`,
  two: `(min-width: ${CAROUSEL_BREAKPOINTS.twoColumns}px)`,
} as const;

function subscribe(onChange: () => void) {
  const lists = [window.matchMedia(queries.three), window.matchMedia(queries.two)];
  for (const list of lists) list.addEventListener('change', onChange);
  return () => {
    for (const list of lists) list.removeEventListener('change', onChange);
  };
}

function getSnapshot(): PageSize {
  if (window.matchMedia(queries.three).matches) return 3;
  if (window.matchMedia(queries.two).matches) return 2;
  return 1;
}

function getServerSnapshot(): null {
  return null;
}

/**
 * Cards per page from the window width (3 at ≥ 1024 px, 2 at ≥ 768 px, else 1), following
 * resizes. `null` while prerendering and hydrating: CSS already lays out the right number of
 * columns then, so nothing shifts when the real value arrives.
 */
export function usePageSize(): PageSize | null {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}

import type { UIMatch } from 'react-router';

/** What a route module may export as `handle`, read by the root route. */
export interface RouteHandle {
  /**
   * The route draws its own chrome (header, landmarks, skip link): the root route renders it
   * without the public site's shell (the staff pages, see docs/decisions/0021).
   */
  ownChrome?: true;
}

/** Whether a matched route draws its own chrome. */
export function drawsOwnChrome(matches: readonly UIMatch[]): boolean {
  return matches.some((match) => (match.handle as RouteHandle | undefined)?.ownChrome === true);
}

/**
 * The site's public pages, read from the route table (app/routes.ts): the sitemap and the tests
 * list the same pages the router serves and the build prerenders (react-router.config.ts takes
 * them from `getStaticPaths()`), without a second list to keep in step.
 */
import type { RouteConfigEntry } from '@react-router/dev/routes';

import { CONTACT_ERROR_PATHS, CONTACT_THANKS_PATH } from '#contracts/contact/paths.ts';
import { VISITOR_PAGE_PATH } from '#contracts/contact/visitor-page.ts';
import { STAFF_PAGE_PREFIX } from '#contracts/staff/contract.ts';
import routes from './routes.ts';

/** The 404 screen is prerendered here and served by the server, with status 404, for unknown paths. */
export const NOT_FOUND_PAGE_PATH = '/404';

/**
 * Pages a native form post lands on: prerendered like every static route, but `noindex` and
 * never in the sitemap, so not public.
 */
export const CONTACT_OUTCOME_PATHS: readonly string[] = [
  CONTACT_THANKS_PATH,
  ...Object.values(CONTACT_ERROR_PATHS),
];

/**
 * Prerendered pages that are not public either: the contact outcomes and the visitor's page,
 * opened by a confirmation's link only.
 */
export const PRIVATE_PAGE_PATHS: readonly string[] = [...CONTACT_OUTCOME_PATHS, VISITOR_PAGE_PATH];

/**
 * The staff pages (docs/decisions/0039): client-rendered behind a session, so never prerendered
 * (react-router.config.ts leaves them out) and never in the sitemap; the server answers them
 * with the SPA fallback page.
 */
const CLIENT_RENDERED_PREFIXES: readonly string[] = [STAFF_PAGE_PREFIX];

export function isClientRendered(path: string): boolean {
  return CLIENT_RENDERED_PREFIXES.some(
    (prefix) => path === prefix || path.startsWith(`${prefix}/`),
  );
}

/** Every route path without a parameter or splat, like React Router's `getStaticPaths()`. */
export function staticRoutePaths(entries: readonly RouteConfigEntry[]): string[] {
  const walk = (list: readonly RouteConfigEntry[], parent: string): string[] =>
    list.flatMap((entry) => {
      if (entry.path && /[:*]/.test(entry.path)) return [];
      const path = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, '/') : parent;
      const own = entry.index || entry.path ? [path || '/'] : [];
      return [...own, ...walk(entry.children ?? [], path)];
    });
  return [...new Set(walk(entries, ''))];
}

export function publicPaths(): string[] {
  return staticRoutePaths(routes).filter(
    (path) => !PRIVATE_PAGE_PATHS.includes(path) && !isClientRendered(path),
  );
}

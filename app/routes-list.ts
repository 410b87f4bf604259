/** Every public route of the site, derived from content: used by the route table, prerendering and the sitemap. */
import { allSolutions, solutionPath } from './content/solutions/catalog';

export const STATIC_PAGE_PATHS = [
  '/',
  '/contact',
  '/mentions-legales',
  '/politique-confidentialite',
  '/cgv',
] as const;

/** The 404 screen is prerendered here and served by the server, with status 404, for unknown paths. */
export const NOT_FOUND_PAGE_PATH = '/404';

export function publicPaths(): string[] {
  return [...STATIC_PAGE_PATHS, ...allSolutions.map(solutionPath)];
}

export function prerenderPaths(): string[] {
  return [...publicPaths(), NOT_FOUND_PAGE_PATH];
}

import { CONTACT_ERROR_PATHS, CONTACT_THANKS_PATH } from '#contracts/contact/paths.ts';
import { OTHER_PAGE } from '#contracts/audience/aggregates.ts';
import { SOLUTION_PATHS } from '#contracts/solution-pages.ts';

/**
 * The public pages the audience counts by name (the route table's pages, from the same
 * catalogue); any other path is one 'autre page', so a flood of random paths adds no row.
 */
export const AUDIENCE_PAGES: ReadonlySet<string> = new Set([
  '/',
  '/contact',
  '/mentions-legales',
  '/politique-confidentialite',
  '/cgv',
  CONTACT_THANKS_PATH,
  ...Object.values(CONTACT_ERROR_PATHS),
  ...SOLUTION_PATHS,
]);

/** A path as counted: a known page (trailing slash ignored) or 'autre page'. */
export function audiencePage(path: string | null | undefined): string {
  if (!path) return OTHER_PAGE;
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return AUDIENCE_PAGES.has(trimmed) ? trimmed : OTHER_PAGE;
}

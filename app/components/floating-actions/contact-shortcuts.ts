import { CONTACT_ERROR_PATHS, CONTACT_THANKS_PATH } from '#contracts/contact/paths.ts';
import { VISITOR_PAGE_PATH } from '#contracts/contact/visitor-page.ts';

/**
 * The contact page and the pages a native post lands on (the form, or the way back to it), and
 * the visitor's page (`/ma-demande`), whose person has already written to us: there the
 * shortcuts would only cover the page's controls (its days and slots, the phone number).
 */
const CONTACT_PAGES: ReadonlySet<string> = new Set([
  '/contact',
  CONTACT_THANKS_PATH,
  ...Object.values(CONTACT_ERROR_PATHS),
  VISITOR_PAGE_PATH,
]);

/** Whether the floating « Contactez-nous » and « Devis gratuit » links show on this page. */
export function showsContactShortcuts(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return !CONTACT_PAGES.has(path);
}

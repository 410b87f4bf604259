/**
 * The paths of the lead contract: the endpoint, and the pages a native form post lands on.
 * Kept free of the schema, so a page that only links or redirects loads no validation code.
 * `lead-contract.ts` re-exports them.
 */
/** The Supabase-function path the form posts to (the same URL works against a hosted project). */
export const CONTACT_ENDPOINT_PATH = '/functions/v1/send-contact-email';

/** `{BACKEND_URL}` + the path; an empty backend URL means the site's own origin. */
export function contactEndpointUrl(backendUrl: string): string {
  return `${backendUrl.replace(/\/+$/, '')}${CONTACT_ENDPOINT_PATH}`;
}

/** Where a native post lands when the request is stored (or dropped as a robot's). */
export const CONTACT_THANKS_PATH = '/contact/merci';

/**
 * Why a native post was refused, and the page that explains it: the reason travels in the
 * path, never a value the visitor typed.
 */
export const CONTACT_ERROR_PATHS = {
  invalid: '/contact/erreur/validation',
  tooLarge: '/contact/erreur/taille',
  rateLimited: '/contact/erreur/trop-de-demandes',
  unavailable: '/contact/erreur/indisponible',
} as const;

export type RefusalReason = keyof typeof CONTACT_ERROR_PATHS;

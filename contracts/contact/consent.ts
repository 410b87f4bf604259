import { siteConfig } from '#config/site.ts';

/** The consent wording shown next to the checkbox; the server stores it with each request. */
export const CONSENT_TEXT = `J’accepte que ${siteConfig.companyName} me recontacte par téléphone ou par e-mail au sujet de cette demande.`;

/** Version of the wording above; bump it whenever the text changes. */
export const CONSENT_VERSION = '2026-11-01';

import { siteConfig } from '#config/site.ts';

/**
 * The processing consent's wording shown next to the checkbox; the server stores it with each
 * request. Since ADR 0029 it no longer speaks of the phone: how to be contacted is a choice of
 * its own below it (contact-choice.ts), stored with its own wording.
 */
export const CONSENT_TEXT = `J’accepte que ${siteConfig.companyName} utilise les informations de ce formulaire pour traiter ma demande et me répondre par le moyen que je choisis ci-dessous.`;

/**
 * Version of the wording above: the day it took effect (deployed), never later (a consent is
 * recorded with it from that day). Whenever the text changes, set it to the day the change goes
 * out (ADR 0037).
 */
export const CONSENT_VERSION = '2026-11-26';

/**
 * The seed's wording (the reference site's box), stored with a request from a client that sends
 * the seed's payload without the choice: the wording that client showed.
 */
export const SEED_CONSENT_TEXT = `J’accepte que ${siteConfig.companyName} me recontacte par téléphone ou par e-mail au sujet de cette demande.`;
export const SEED_CONSENT_VERSION = '2026-11-01';

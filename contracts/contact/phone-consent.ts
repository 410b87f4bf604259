import { siteConfig } from '#config/site.ts';

/**
 * « Être rappelé(e) par téléphone » on the visitor's page (ADR 0030): after « Ne plus m’appeler »
 * (or a choice of the e-mail only), the phone is allowed again only by this new, specific consent,
 * shown on the page's confirmation step and stored with the request like the first one (its
 * wording, its version, its time), each giving kept in the audit trail.
 */
export const PHONE_CONSENT_TEXT = `J’accepte que ${siteConfig.companyName} m’appelle au numéro de téléphone de ma demande, pour y répondre. Je peux retirer cet accord à tout moment sur cette page («\u00a0Ne plus m’appeler\u00a0»).`;

/** Version of the wording above; bump it whenever the text changes. */
export const PHONE_CONSENT_VERSION = '2026-12-02';

/** The wording stored with the request (`contact_text`): the act, then what was agreed to. */
export const PHONE_CONSENT_RECORD = `«\u00a0Être rappelé(e) par téléphone\u00a0» (page «\u00a0Ma demande\u00a0»)\u00a0: ${PHONE_CONSENT_TEXT}`;

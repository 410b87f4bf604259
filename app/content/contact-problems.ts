/**
 * What the contact form says when a request must be corrected: loaded with the validation
 * (app/components/contact/deferred-code.ts), not with the page, since only a checked request can
 * have a problem to tell.
 */
import { siteConfig } from '#config/site.ts';
import type { ContactField } from '#contracts/contact/fields.ts';

const NBSP = '\u00a0';

export const contactProblemsText = {
  /** The notice of a request sent (only the deferred code sends one). */
  sentTitle: 'Demande envoyée\u00a0!',
  sentText: 'Votre demande a été envoyée par email. Nous vous recontacterons rapidement.',
  /**
   * A second request within 24 hours gets no confirmation e-mail: the earlier one's link opens
   * it too (ADR 0031). Said after the script's post and on the thank-you page.
   */
  earlierLink: `Vous ne recevrez pas de nouvel e-mail de confirmation${NBSP}: nous vous en avons envoyé un il y a moins de 24${NBSP}h, et son lien «${NBSP}Suivre ou modifier ma demande${NBSP}» ouvre aussi cette nouvelle demande.`,
  /** The reference's notice when the consent box is not ticked. */
  consentTitle: 'Consentement requis',
  consentText: `Vous devez accepter que ${siteConfig.companyName} vous recontacte.`,
  incompleteTitle: 'Demande à compléter',
  incompleteText: 'Certains champs sont à corriger\u00a0: le problème est indiqué sous chacun.',
  /** Before the list of fields to fix, each a link to its field. */
  fixIntro: 'À corriger\u00a0:',
  fieldNames: {
    nom: 'Nom',
    prenom: 'Prénom',
    adresse: 'Adresse',
    telephone: 'Numéro de téléphone',
    email: 'Email',
    produit: 'Produit d’intérêt',
    message: 'Message',
    rgpdConsent: 'Consentement',
    recontact: 'Mode de recontact',
    jours: 'Jours d’appel',
    creneaux: 'Créneaux d’appel',
  } satisfies Record<ContactField, string>,
} as const;

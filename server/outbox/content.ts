/**
 * The French copy of the e-mails. The confirmation is fixed text: it repeats nothing the visitor
 * typed, so the form cannot be used to send our mail with someone else's words to a stranger.
 */
import { formatPostalAddress, siteConfig } from '#config/site.ts';
import { type ContactChoice, type StoredChannel } from '#contracts/contact/contact-choice.ts';
import { hasChosenSlots } from '#contracts/contact/choice-records.ts';
import { LEAD_FIELD_LABELS, SOURCE_PAGE_LABEL } from '#contracts/contact/field-labels.ts';
import type { LeadField } from '#contracts/contact/lead-contract.ts';
import { STAFF_ACCESS_PLACES } from './staff-access.ts';

const NBSP = '\u00a0';

export interface NotificationCopy {
  subject: (produit: string) => string;
  heading: string;
  /** What the client expects, from the choice. */
  intro: (choice: ContactChoice) => string;
  noProduct: string;
  noMessage: string;
  replyHint: string;
  /** Before the link to the request's staff page. */
  openLead: string;
  /** A label per lead field of the contract, and for the facts the server adds. */
  labels: Record<
    | LeadField
    | 'consent'
    | 'receivedAt'
    | 'reference'
    | 'sourcePage'
    | 'channel'
    | 'slots'
    | 'choice',
    string
  >;
  /** What the stored consent says: the seed's wording, or the processing consent (ADR 0029). */
  consentGiven: (version: string, channel: StoredChannel) => string;
  /** The choice's stored wording and version. */
  choiceGiven: (version: string, text: string) => string;
}

export interface AlertFacts {
  /** Requests counted in the window so far (each one stored). */
  requests: number;
  /** NOTIFICATIONS_PER_10_MINUTES. */
  limit: number;
  windowStart: Date;
  windowEnd: Date;
}

export interface AlertCopy {
  subject: (facts: AlertFacts) => string;
  heading: string;
  paragraphs: (facts: AlertFacts, time: (date: Date) => string) => readonly string[];
  whereHeading: string;
  where: readonly string[];
  caution: string;
}

export interface ConfirmationCopy {
  subject: string;
  greeting: string;
  /** With the sentence saying when we answer (./schedule-mail.ts). */
  paragraphs: (when: string) => readonly string[];
  contactHeading: string;
  contactLines: ReadonlyArray<{ label: string; value: string }>;
  signature: readonly string[];
}

/**
 * The last line of an e-mail to the visitor (ADR 0036): to a person who asked for the e-mail
 * only, the e-mail is where the conversation happens, so it can be answered (its Reply-To is the
 * company's address); otherwise it comes from an address nobody reads.
 */
const VISITOR_FOOTERS = {
  answerable: `Vous pouvez répondre à ce message${NBSP}: votre réponse parviendra à notre équipe.`,
  noReply: 'Ce message est envoyé automatiquement, merci de ne pas y répondre.',
} as const;

/**
 * The Reply-To and the last line of a visitor's e-mail, from the request's current channel when
 * it is sent: the company's address (config/site.ts) for the e-mail only.
 */
export function visitorReply(channel: StoredChannel): { replyTo?: string; footer: string } {
  return channel === 'email'
    ? { replyTo: siteConfig.email, footer: VISITOR_FOOTERS.answerable }
    : { footer: VISITOR_FOOTERS.noReply };
}

export const notificationCopy: NotificationCopy = {
  subject: (produit) =>
    produit
      ? `Nouvelle demande de contact${NBSP}: ${produit}`
      : `Nouvelle demande de contact depuis le site`,
  heading: 'Nouvelle demande de contact',
  intro: (choice) =>
    `Une demande a été envoyée depuis le formulaire du site. ${
      choice.channel === 'email'
        ? `Le client souhaite une réponse par e-mail uniquement${NBSP}: ne pas l’appeler.`
        : hasChosenSlots(choice)
          ? 'Le client souhaite être appelé dans les créneaux indiqués ci-dessous.'
          : `Le client attend un rappel sous 24${NBSP}h.`
    }`,
  noProduct: 'Non précisé',
  noMessage: 'Aucun message',
  replyHint: 'Répondez à cet e-mail pour écrire directement au demandeur.',
  openLead: 'La demande dans l’espace équipe',
  labels: {
    ...LEAD_FIELD_LABELS,
    consent: 'Consentement',
    receivedAt: 'Reçue le',
    reference: 'Référence',
    sourcePage: SOURCE_PAGE_LABEL,
    channel: 'Recontact',
    slots: 'Créneaux',
    choice: 'Choix du demandeur',
  },
  consentGiven: (version, channel) =>
    channel === 'non_precise'
      ? `Accepté (texte du ${version})${NBSP}: recontact par téléphone ou e-mail au sujet de cette demande`
      : `Accepté (texte du ${version})${NBSP}: traitement de cette demande et réponse par le moyen choisi`,
  choiceGiven: (version, text) => `${text} (texte du ${version})`,
};

export const confirmationCopy: ConfirmationCopy = {
  subject: `Nous avons bien reçu votre demande – ${siteConfig.companyName}`,
  greeting: 'Bonjour,',
  paragraphs: (when) => [
    `Nous avons bien reçu votre demande de contact et nous vous en remercions.`,
    when,
    `Si vous n’êtes pas à l’origine de cette demande, ignorez simplement ce message${NBSP}: nous ne vous recontacterons pas sans votre accord.`,
  ],
  contactHeading: `Pour nous joindre d’ici là${NBSP}:`,
  contactLines: [
    { label: 'Téléphone', value: siteConfig.phone.display },
    { label: 'E-mail', value: siteConfig.email },
    { label: 'Adresse', value: formatPostalAddress(siteConfig.registeredOffice) },
  ],
  signature: ['Bien cordialement,', `L’équipe ${siteConfig.companyName}`],
};

/** The one e-mail per 10-minute window that stands for the notifications withheld in a flood. */
export const alertCopy: AlertCopy = {
  subject: (facts) =>
    `Afflux de demandes sur le site${NBSP}: ${facts.requests} demandes en moins de 10${NBSP}minutes`,
  heading: 'Afflux de demandes sur le formulaire de contact',
  paragraphs: (facts, time) => [
    `Le formulaire du site a reçu ${facts.requests} demandes entre ${time(facts.windowStart)} et l’envoi de ce message (fenêtre de 10${NBSP}minutes qui se termine à ${time(facts.windowEnd)}).`,
    `Au-delà de ${facts.limit} demandes par fenêtre de 10${NBSP}minutes, les notifications individuelles sont suspendues et ce message unique les remplace. Elles reprennent d’elles-mêmes dès que le rythme redescend.`,
    `Chaque demande est enregistrée${NBSP}: aucune n’est perdue.`,
  ],
  whereHeading: `Pour consulter toutes les demandes${NBSP}:`,
  where: STAFF_ACCESS_PLACES,
  caution:
    'Un afflux soudain vient souvent d’envois automatiques (robots) : vérifiez les demandes avant de rappeler.',
};

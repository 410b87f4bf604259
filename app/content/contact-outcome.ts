/**
 * Visitor-facing text of the pages a native form post lands on (without JavaScript, or before
 * the scripts have loaded): the thank-you page and one page per reason for a refusal.
 */
import { siteConfig } from '#config/site.ts';
import { LIMITS } from '#contracts/contact/limits.ts';
import type { RefusalReason } from '#contracts/contact/paths.ts';
import { contactProblemsText } from './contact-problems.ts';

const NBSP = '\u00a0';

export interface OutcomePageText {
  /** The part of the document title before the company name. */
  metaTitle: string;
  metaDescription: string;
  title: string;
  lead: string;
}

export const contactThanksText = {
  metaTitle: 'Demande envoyée',
  metaDescription: `Votre demande de contact a bien été envoyée à ${siteConfig.companyName}${NBSP}: un conseiller vous rappelle sous 24${NBSP}h.`,
  title: contactProblemsText.sentTitle,
  lead: 'Merci, votre demande a bien été enregistrée.',
  nextTitle: 'Et maintenant\u00a0?',
  /** The general rule; the page shows the request's own time instead when it has it. */
  callbackRule: `Un conseiller vous rappelle sous 24${NBSP}h (jours ouvrés) pour comprendre votre besoin.`,
  /** Shown only when the native post's redirect says so (app/components/contact/earlier-link-note.tsx). */
  earlierLink: contactProblemsText.earlierLink,
  nextSteps: [
    'Si vous le souhaitez, il planifie avec vous une visite ou un audit, sans engagement.',
  ],
  callIntro: `Une question d’ici là${NBSP}? Appelez-nous au`,
  home: 'Retour à l’accueil',
  solutions: 'Découvrir nos solutions',
} as const satisfies OutcomePageText & Record<string, unknown>;

export interface ContactErrorText extends OutcomePageText {
  /** What went wrong, in a sentence or two. */
  explanation: string;
  /** What to do about it. */
  adviceTitle: string;
  advice: readonly string[];
}

/** Shared by every error page. */
export const contactErrorCommon = {
  backHint: `Le bouton «${NBSP}Retour${NBSP}» de votre navigateur vous ramène au formulaire avec ce que vous aviez saisi${NBSP}: vous n’avez rien à retaper.`,
  backToForm: 'Revenir au formulaire',
  callIntro: 'Vous pouvez aussi nous appeler au',
} as const;

export const contactErrorText: Record<RefusalReason, ContactErrorText> = {
  invalid: {
    metaTitle: 'Demande à corriger',
    metaDescription:
      'Certaines informations du formulaire de contact n’ont pas pu être acceptées. Voici les règles à respecter pour envoyer votre demande.',
    title: 'Votre demande est à corriger',
    lead: 'Certaines informations n’ont pas pu être acceptées, et votre demande n’a pas été envoyée.',
    explanation: 'Vérifiez les champs du formulaire selon ces règles, puis envoyez-le de nouveau.',
    adviceTitle: 'Les règles des champs',
    advice: [
      `Nom et prénom${NBSP}: obligatoires, ${LIMITS.nom}${NBSP}caractères au plus, uniquement des lettres, des espaces, des apostrophes et des tirets.`,
      `Adresse${NBSP}: obligatoire, ${LIMITS.adresse}${NBSP}caractères au plus.`,
      `Numéro de téléphone${NBSP}: un numéro français (06 12 34 56 78) ou international (+33 6 12 34 56 78).`,
      `Email${NBSP}: une seule adresse valide, par exemple nom@domaine.fr.`,
      `Produit${NBSP}: facultatif, à choisir dans la liste.`,
      `Message${NBSP}: facultatif, ${LIMITS.message.toLocaleString('fr-FR')}${NBSP}caractères au plus.`,
      'La case de consentement doit être cochée pour que nous puissions vous recontacter.',
      `Moyen de recontact${NBSP}: choisissez «${NBSP}Par téléphone${NBSP}» ou «${NBSP}Par e-mail uniquement${NBSP}»\u00a0; pour le téléphone, les jours et créneaux sont facultatifs et à choisir parmi ceux du formulaire.`,
    ],
  },
  tooLarge: {
    metaTitle: 'Demande trop volumineuse',
    metaDescription:
      'Votre demande de contact dépasse la taille acceptée par notre formulaire. Raccourcissez votre message, puis envoyez-la de nouveau.',
    title: 'Votre demande est trop volumineuse',
    lead: 'Votre demande dépasse la taille que notre formulaire accepte, et elle n’a pas été envoyée.',
    explanation:
      'Le plus souvent, c’est le message qui est trop long (les caractères accentués comptent davantage).',
    adviceTitle: 'Que faire\u00a0?',
    advice: [
      'Raccourcissez votre message, puis envoyez le formulaire de nouveau.',
      `Pour une description détaillée, écrivez-nous à ${siteConfig.email}.`,
    ],
  },
  rateLimited: {
    metaTitle: 'Trop de demandes',
    metaDescription:
      'Trop de demandes ont été envoyées depuis votre connexion. Réessayez un peu plus tard ou appelez-nous directement.',
    title: 'Trop de demandes envoyées',
    lead: 'Votre demande n’a pas été envoyée\u00a0: trop de demandes sont parties de votre connexion en peu de temps.',
    explanation:
      'Pour nous protéger des envois automatiques, nous limitons le nombre de demandes par connexion et par heure.',
    adviceTitle: 'Que faire\u00a0?',
    advice: [
      'Patientez une heure, puis envoyez le formulaire de nouveau.',
      'Si c’est urgent, appelez-nous plutôt (numéro ci-dessous).',
    ],
  },
  unavailable: {
    metaTitle: 'Service indisponible',
    metaDescription:
      'Notre service de demandes de contact est momentanément indisponible. Réessayez dans quelques minutes ou appelez-nous.',
    title: 'Service momentanément indisponible',
    lead: 'Votre demande n’a pas pu être enregistrée, et elle n’a pas été envoyée.',
    explanation: 'Notre service rencontre un problème passager de notre côté.',
    adviceTitle: 'Que faire\u00a0?',
    advice: [
      'Réessayez dans quelques minutes.',
      'Si c’est urgent, appelez-nous plutôt (numéro ci-dessous).',
    ],
  },
};

/** Visitor-facing text of the contact page, its form and its notices. */
import { siteConfig } from '#config/site.ts';

/**
 * « 5 000 », with the narrow no-break space French puts between thousands; written out here
 * rather than by Intl, so the prerendered page and the hydrated one never differ.
 */
function frenchNumber(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
}

export const contactPageText = {
  title: 'Renseignez-vous gratuitement',
  lead: 'Décrivez votre projet\u00a0: un conseiller vous rappelle sous 24h pour l’étudier avec vous, sans engagement.',
  form: {
    title: 'Demande de renseignements',
    intro: 'Les champs marqués d’un astérisque (*) sont obligatoires.',
    labels: {
      nom: 'Nom *',
      prenom: 'Prénom *',
      adresse: 'Adresse *',
      telephone: 'Numéro de téléphone *',
      email: 'Email *',
      produit: "Produit d'intérêt (Professionnel)",
      message: 'Message',
    },
    addressHint: 'Numéro et rue, code postal et ville du site concerné.',
    productPlaceholder: 'Sélectionnez un produit',
    messagePlaceholder: 'Décrivez votre projet ou posez vos questions...',
    /** Under the message: its limit, then (with the script) a count near it, and a cut paste. */
    messageLimit: {
      limit: (max: number) => `${frenchNumber(max)}\u00a0caractères au plus.`,
      count: (length: number, max: number) =>
        `${frenchNumber(length)}\u00a0/\u00a0${frenchNumber(max)}\u00a0caractères`,
      cut: (wanted: number, max: number) =>
        `Votre texte collé faisait ${frenchNumber(wanted)}\u00a0caractères\u00a0: seuls les ${frenchNumber(max)} premiers ont été gardés. Raccourcissez-le, ou envoyez la suite à ${siteConfig.email}.`,
    },
    honeypotLabel: 'Ne remplissez pas ce champ',
    submit: 'Envoyer ma demande',
    pending: 'Envoi en cours…',
  },
  /** What the form says before its deferred code is there (the sent notice is in contact-problems.ts). */
  notices: {
    errorTitle: 'Erreur',
    errorFallback: "Une erreur est survenue lors de l'envoi. Veuillez réessayer.",
    dismiss: 'Fermer la notification',
  },
  coordinates: {
    title: 'Nos coordonnées',
    phoneLabel: 'Téléphone',
    emailLabel: 'E-mail',
    addressLabel: 'Adresse',
  },
  quickAnswer: {
    title: 'Réponse rapide',
    text: 'Notre équipe vous rappelle sous 24h (jours ouvrés) pour comprendre votre besoin et, si vous le souhaitez, planifier une visite ou un audit.',
    points: ['Étude et devis gratuits', 'Conseil sur les aides et financements', 'Sans engagement'],
  },
} as const;

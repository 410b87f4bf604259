/** Visitor-facing text of the contact page, its form and its notices. */
import { siteConfig } from '../../config/site';

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
    honeypotLabel: 'Ne remplissez pas ce champ',
    submit: 'Envoyer ma demande',
    pending: 'Envoi en cours…',
  },
  notices: {
    consentTitle: 'Consentement requis',
    consentText: `Vous devez accepter que ${siteConfig.companyName} vous recontacte.`,
    successTitle: 'Demande envoyée\u00a0!',
    successText: 'Votre demande a été envoyée par email. Nous vous recontacterons rapidement.',
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
  gdpr: {
    title: 'Vos données personnelles',
    purpose: `${siteConfig.companyName}, responsable du traitement, utilise les informations de ce formulaire pour répondre à votre demande et vous rappeler à son sujet. Ce traitement repose sur votre consentement et sur les mesures précontractuelles prises à votre demande.`,
    retention:
      'Ces données sont réservées à nos équipes et conservées 3\u00a0ans après notre dernier contact.',
    rightsBeforeEmail:
      'Vous pouvez y accéder, les faire rectifier ou effacer, vous opposer à leur traitement ou retirer votre consentement à tout moment en écrivant à',
    policyLinkIntro: 'Détails et autres droits\u00a0:',
    policyLink: 'politique de confidentialité',
  },
} as const;

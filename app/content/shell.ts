/** Visitor-facing labels of the header, footer, floating actions and 404 screen. */
export const shellText = {
  skipLink: 'Aller au contenu principal',
  logoLabel: 'accueil',
  nav: {
    label: 'Navigation principale',
    home: 'Accueil',
    contact: 'Contact',
    professionals: 'Professionnels',
    individuals: 'Particuliers',
    call: 'Appeler',
    callNow: 'Appeler maintenant',
    clientArea: 'Espace Client',
    /** Shown on a disabled control, beside its name. */
    soon: 'Bientôt',
    /**
     * Ends a disabled control's accessible name, after its visible label: it says the badge's
     * word, so the name holds all the control shows (WCAG 2.5.3), and says it in full.
     */
    unavailableSuffix: ', bientôt disponible',
    quote: 'Devis gratuit',
    openMenu: 'Ouvrir le menu',
    closeMenu: 'Fermer le menu',
    mobileMenuLabel: 'Menu',
  },
  floating: {
    backToTop: 'Revenir en haut de la page',
    contact: 'Contactez-nous',
    quote: 'Devis gratuit',
  },
  footer: {
    tagline:
      'Audit, financement et travaux de rénovation énergétique pour les entreprises et les particuliers, réalisés par des équipes certifiées RGE.',
    solutionsTitle: 'Solutions professionnelles',
    legalTitle: 'Informations',
    contactTitle: 'Nous contacter',
    legalNotice: 'Mentions légales',
    privacy: 'Politique de confidentialité',
    terms: 'Conditions générales de vente',
    contactPage: 'Formulaire de contact',
    rights: 'Tous droits réservés.',
    callBack: 'Rappel sous 24h, du lundi au vendredi.',
  },
  notFound: {
    title: 'Oops! Page not found',
    text: 'La page que vous cherchez n’existe pas ou a été déplacée.',
    home: 'Retour à l’accueil',
    metaTitle: 'Page introuvable',
  },
  error: {
    title: 'Unexpected Application Error!',
    text: 'Une erreur inattendue est survenue. Rechargez la page ou revenez à l’accueil.',
    home: 'Retour à l’accueil',
  },
} as const;

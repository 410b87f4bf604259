import { siteConfig } from '#config/site.ts';

/** The contact endpoint's refusals, in French (`{ error }` in a JSON answer). */
export const ERRORS = {
  contentType: 'La demande doit être envoyée au format JSON.',
  tooLarge: 'La demande est trop volumineuse.',
  malformed: 'La demande est illisible. Veuillez réessayer.',
  invalid: 'Requête invalide.',
  crossSite: 'Cette demande ne vient pas de notre site et a été refusée.',
  method: 'Méthode non autorisée : envoyez le formulaire de contact.',
  rateLimited:
    'Vous avez envoyé trop de demandes. Veuillez réessayer plus tard ou nous appeler directement.',
  unavailable:
    'Le service est momentanément indisponible. Veuillez réessayer dans quelques minutes ou nous appeler.',
  overloaded: `Nous recevons beaucoup de demandes en ce moment. Veuillez réessayer dans quelques minutes ou nous appeler au ${siteConfig.phone.display}.`,
} as const;

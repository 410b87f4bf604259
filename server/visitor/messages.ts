import { siteConfig } from '#config/site.ts';

/** What the visitor page's API answers, in French (`{ error }`). */
export const VISITOR_MESSAGES = {
  /** The one answer to a wrong, expired or used-up token: it never says whether a request exists. */
  unknownLink: `Ce lien ne permet pas d’ouvrir une demande. Il a peut-être expiré (90 jours) ou la demande a été supprimée. Pour toute question, appelez-nous au ${siteConfig.phone.display}.`,
  closed:
    'Cette demande est clôturée\u00a0: ses jours et créneaux ne peuvent plus être modifiés. Pour toute question, appelez-nous.',
  invalid: 'Cette demande est incomplète ou mal formée.',
  dayNotOffered: 'Choisissez des jours parmi ceux proposés.',
  slotNotOffered: 'Ce créneau n’est plus proposé. Choisissez parmi ceux de la liste.',
  confirmErase: 'Confirmez la suppression de votre demande.',
  rateLimited: 'Trop de demandes depuis votre connexion. Réessayez dans quelques minutes.',
  crossSite: 'Cette action doit venir du site lui-même.',
  contentType: 'Cette demande doit être envoyée en JSON.',
  tooLarge: 'Cette demande est trop volumineuse.',
  method: 'Cette adresse n’accepte que POST.',
  unavailable: `Le service est momentanément indisponible. Réessayez dans quelques minutes ou appelez-nous au ${siteConfig.phone.display}.`,
  /** Stored as the wording of the visitor's withdrawal of the phone consent. */
  stopCallsWording:
    '« Ne plus m’appeler » (page « Ma demande ») : recontact par e-mail uniquement, consentement aux appels retiré.',
} as const;

import { siteConfig } from '#config/site.ts';
import { MAX_CHANGES_PER_DAY } from './change-bound.ts';

/** What the visitor page's API answers, in French (`{ error }`). */
export const VISITOR_MESSAGES = {
  /** The one answer to a wrong, expired or used-up token: it never says whether a request exists. */
  unknownLink: `Ce lien ne permet pas d’ouvrir une demande. Il a peut-être expiré (90 jours) ou la demande a été supprimée. Pour toute question, appelez-nous au ${siteConfig.phone.display}.`,
  closed:
    'Cette demande est clôturée\u00a0: ses jours et créneaux ne peuvent plus être modifiés. Pour toute question, appelez-nous.',
  callsWithdrawn:
    'Vous avez demandé à ne plus être appelé(e)\u00a0: ces jours et créneaux n’ont pas été enregistrés. Pour être de nouveau appelé(e), choisissez «\u00a0Être rappelé(e) par téléphone\u00a0».',
  invalid: 'Cette demande est incomplète ou mal formée.',
  dayNotOffered: 'Choisissez des jours parmi ceux proposés.',
  slotNotOffered: 'Ce créneau n’est plus proposé. Choisissez parmi ceux de la liste.',
  /** Past MAX_CHANGES_PER_DAY changes of one request (429). */
  tooManyChanges: `Cette demande a déjà été modifiée ${MAX_CHANGES_PER_DAY}\u00a0fois en 24\u00a0heures\u00a0: c’est le maximum. Réessayez demain, ou appelez-nous au ${siteConfig.phone.display}.`,
  staleConsent:
    'Le texte de cet accord a changé depuis l’ouverture de la page. Rechargez la page pour le lire avant de confirmer.',
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

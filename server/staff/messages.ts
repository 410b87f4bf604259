/** The French copy of the staff API's answers and of the sign-in e-mail. */
import { siteConfig } from '#config/site.ts';

export const STAFF_ERRORS = {
  unauthenticated: 'Connectez-vous pour accéder à cet espace.',
  crossSite: 'Cette demande ne vient pas de notre site et a été refusée.',
  contentType: 'La demande doit être envoyée au format JSON.',
  malformed: 'La demande est illisible.',
  invalid: 'Requête invalide.',
  invalidEmail: 'Saisissez une adresse e-mail valide.',
  linkInvalid:
    'Ce lien de connexion n’est plus valable (déjà utilisé ou expiré). Demandez-en un nouveau.',
  rateLimited: 'Trop de tentatives de connexion. Réessayez plus tard.',
  notFound: 'Cette demande n’existe pas ou a été effacée.',
  unavailable: 'Le service est momentanément indisponible. Réessayez dans quelques minutes.',
  tooLarge: 'La demande est trop volumineuse.',
  callEmailOnly:
    'Cette personne a demandé à être recontactée par e-mail uniquement : aucun appel ne peut être enregistré. Répondez-lui par e-mail, puis enregistrez « Répondu par e-mail ».',
  callOutcomeMissing:
    'Choisissez le résultat de l’appel (Joint, Pas de réponse, Messagerie, Numéro erroné ou Répondu par e-mail) avant de l’enregistrer.',
} as const;

/** The same answer whether the address is listed or not: no one learns who is staff. */
export const SIGN_IN_REQUESTED =
  'Si cette adresse fait partie de l’équipe, un lien de connexion vient de lui être envoyé. Il est valable 15 minutes.';

/**
 * Without a mail transport (no SMTP_URL nor MAIL_API_URL) no link can be sent: said to anyone
 * who asks, listed or not, so it reveals nothing about who is staff.
 */
export const SIGN_IN_NO_MAIL =
  'Ce serveur ne peut pas envoyer d’e-mail : aucun lien de connexion n’a été envoyé. La personne qui administre le serveur peut en créer un avec la commande npm run leads -- sign-in-link <adresse e-mail>.';

export function signInMail(link: string) {
  const subject = `Votre lien de connexion à l’espace équipe – ${siteConfig.companyName}`;
  const text = [
    'Bonjour,',
    '',
    'Pour vous connecter à l’espace équipe, ouvrez ce lien (valable 15 minutes, une seule fois) :',
    link,
    '',
    'Si vous n’avez rien demandé, ignorez ce message : personne ne peut se connecter sans ce lien.',
  ].join('\n');
  const html = `<p>Bonjour,</p><p>Pour vous connecter à l’espace équipe, ouvrez ce lien (valable 15 minutes, une seule fois)&nbsp;:</p><p><a href="${link}">Me connecter</a></p><p>Si vous n’avez rien demandé, ignorez ce message&nbsp;: personne ne peut se connecter sans ce lien.</p>`;
  return { subject, text, html };
}

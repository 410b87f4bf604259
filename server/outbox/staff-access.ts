/** Where staff can see every request (French, quoted in the flood alert e-mail). */
export const STAFF_ACCESS_PLACES: readonly string[] = [
  'dans la boîte de réception de l’équipe, à l’adresse «\u00a0/equipe\u00a0» du site (connexion par lien envoyé par e-mail)',
  'sur le serveur, avec la commande «\u00a0npm run leads -- list\u00a0» (ou «\u00a0npm run leads -- export --csv\u00a0» pour un tableur)',
];

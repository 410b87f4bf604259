/**
 * Where staff can see every request (French, quoted in the flood alert e-mail). The staff inbox
 * (issue 18) adds its address here when it lands: "/equipe".
 */
export const STAFF_ACCESS_PLACES: readonly string[] = [
  'sur le serveur, avec la commande «\u00a0npm run leads -- list\u00a0» (ou «\u00a0npm run leads -- export --csv\u00a0» pour un tableur)',
];

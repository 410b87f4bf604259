/**
 * The audience objection control's copy (app/components/legal/audience-objection.tsx), apart
 * from the privacy policy's text so that the legal pages' shared chunk does not carry the latter.
 */
export const audienceObjectionText = {
  object: 'Je m’oppose à la mesure d’audience',
  withdraw: 'Retirer mon opposition',
  measured: 'La mesure d’audience est active pour ce navigateur.',
  objected:
    'Votre opposition est enregistrée dans ce navigateur : il n’envoie plus aucune mesure d’audience.',
  browserSignal:
    'Votre navigateur signale déjà votre refus (Global Privacy Control ou «\u00a0Do Not Track\u00a0») : il n’envoie aucune mesure d’audience.',
  withoutScript:
    'Sans JavaScript, ce bouton ne fonctionne pas, mais aucune mesure n’est envoyée non plus : la mesure passe par le script des pages. Vous pouvez aussi activer Global Privacy Control ou «\u00a0Do Not Track\u00a0» dans votre navigateur, ou nous écrire.',
} as const;

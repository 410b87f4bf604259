/**
 * The French copy of the calling marks in the staff pages (ADR 0047): « Marie Dupont appelle… »
 * in the list and on a request's page, and the call log's confirmation. The question itself is
 * the server's answer (server/calling/messages.ts). Imported only by the staff route.
 */
export const callingText = {
  /** In the list's row, under the name. */
  badge: (name: string) => `${name} appelle…`,
  /** On the request's page, above the call form. */
  notice: (name: string, since: string) => `${name} appelle cette personne depuis ${since}.`,
  noticeHelp:
    'Attendez la fin de son appel avant d’appeler\u00a0: chaque appel compte dans les quatre autorisés en 30 jours.',
  confirmTitle: 'Un appel est déjà en cours',
  confirmYes: 'Enregistrer quand même',
  confirmNo: 'Annuler',
} as const;

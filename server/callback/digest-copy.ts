/** The French copy of the morning digest e-mail (to MAIL_TO, on working days). */
const NBSP = '\u00a0';

export const digestCopy = {
  subject: (overdue: number, dueToday: number) => {
    const parts = [
      ...(overdue > 0 ? [`${overdue} en retard`] : []),
      ...(dueToday > 0 ? [`${dueToday} à rappeler aujourd’hui`] : []),
    ];
    return `Rappels du jour${NBSP}: ${parts.join(', ')}`;
  },
  heading: 'Demandes à rappeler',
  intro: (promiseHours: number) =>
    `Le site promet un rappel sous ${promiseHours}${NBSP}h ouvrées. Voici les demandes qui n’ont pas encore été appelées, la plus urgente d’abord.`,
  overdueTitle: 'En retard',
  dueTodayTitle: 'À rappeler aujourd’hui',
  noProduct: 'produit non précisé',
  line: (prenom: string, produit: string, due: string) => `${prenom} – ${produit} – avant ${due}`,
  open: 'Ouvrir la demande',
  erased: 'Les demandes de ce résumé ont été effacées depuis sa préparation.',
  footer:
    'Résumé envoyé automatiquement chaque jour ouvré. Un appel enregistré sur la page d’une demande la retire de la liste.',
} as const;

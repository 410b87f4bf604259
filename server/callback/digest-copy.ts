/** The French copy of the morning digest e-mail (to MAIL_TO, on working days). */
import { type ContactChoice } from '#contracts/contact/contact-choice.ts';
import { slotsSummary } from '#contracts/contact/choice-records.ts';

const NBSP = '\u00a0';

/**
 * How the person asked to be contacted, as a digest line and `leads -- due` say it: « par
 * téléphone, mardi ; de 14 h à 17 h », « par téléphone, dès que possible », « par e-mail
 * uniquement », « par téléphone ou par e-mail » (a client that offered no choice).
 */
export function choiceLine(choice: ContactChoice): string {
  if (choice.channel === 'email') return 'par e-mail uniquement';
  if (choice.channel === 'non_precise') return 'par téléphone ou par e-mail';
  return `par téléphone, ${slotsSummary(choice)}`;
}

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
  line: (prenom: string, produit: string, due: string, choice: string) =>
    `${prenom} – ${produit} – avant ${due} – ${choice}`,
  open: 'Ouvrir la demande',
  erased: 'Les demandes de ce résumé ont été effacées depuis sa préparation.',
  footer:
    'Résumé envoyé automatiquement chaque jour ouvré. Un appel enregistré sur la page d’une demande la retire de la liste.',
} as const;

/** The French copy of the morning digest e-mail (to each person, ADR 0048; on working days). */
import { type ContactChoice } from '#contracts/contact/contact-choice.ts';
import { slotsSummary } from '#contracts/contact/choice-records.ts';
import type { DueWork } from '#contracts/staff/labels.ts';

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

/**
 * The digest in the words of the work each request asks for (ADR 0036): a call back, or a written
 * answer for a person who asked for the e-mail only (« à répondre avant … »), never « à
 * rappeler » for them.
 */
export const digestCopy = {
  subject: (overdue: number, dueToday: number) => {
    const parts = [
      ...(overdue > 0 ? [`${overdue} en retard`] : []),
      ...(dueToday > 0 ? [`${dueToday} à traiter aujourd’hui`] : []),
    ];
    return `Demandes du jour${NBSP}: ${parts.join(', ')}`;
  },
  heading: 'Demandes à traiter',
  intro: (promiseHours: number) =>
    `Le site promet une réponse sous ${promiseHours}${NBSP}h ouvrées${NBSP}: un appel, ou un e-mail à qui l’a demandé. Voici les demandes dont la personne n’a pas encore été jointe, la plus urgente d’abord.`,
  overdueTitle: 'En retard',
  dueTodayTitle: 'À traiter aujourd’hui',
  greeting: (firstName: string) => (firstName ? `Bonjour ${firstName},` : 'Bonjour,'),
  mineOverdueTitle: 'Vos demandes en retard',
  mineTodayTitle: 'Vos demandes à traiter aujourd’hui',
  unassignedTitle: 'À attribuer',
  teamTitle: 'En retard, par personne',
  teamLine: (name: string, count: number) =>
    `${name}${NBSP}: ${count} demande${count > 1 ? 's' : ''} en retard`,
  noProduct: 'produit non précisé',
  dueBefore: { rappel: 'à rappeler avant', reponse: 'à répondre avant' } satisfies Record<
    DueWork,
    string
  >,
  line: (prenom: string, produit: string, due: string, choice: string) =>
    `${prenom} – ${produit} – ${due} – ${choice}`,
  open: 'Ouvrir la demande',
  erased: 'Les demandes de ce résumé ont été effacées depuis sa préparation.',
  footer:
    'Résumé envoyé automatiquement chaque jour ouvré. Une demande quitte la liste dès que la personne est jointe ou qu’une réponse par e-mail est enregistrée sur sa page.',
} as const;

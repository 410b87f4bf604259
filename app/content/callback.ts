/**
 * The French copy of the call-back clock in the staff pages (/equipe): the inbox's views, the due
 * time of each request, the call log and the call window of a request's page, the first-call
 * counters. Imported only by the staff route.
 */
import type { InboxView } from '../../contracts/staff/contract';

export { CALL_OUTCOME_LABELS } from '../../contracts/staff/labels';

export const callbackText = {
  views: {
    label: 'Afficher',
    names: {
      'a-rappeler': 'À rappeler',
      'en-retard': 'En retard',
      toutes: 'Toutes les demandes',
    } satisfies Record<InboxView, string>,
    overdueCount: (count: number) => `(${count})`,
  },
  captions: {
    'a-rappeler': 'Demandes à rappeler, la plus urgente d’abord',
    'en-retard': 'Demandes en retard, la plus ancienne d’abord',
    toutes: 'Demandes, les plus récentes d’abord',
  } satisfies Record<InboxView, string>,
  dueColumn: 'Rappel',
  dueBefore: 'avant',
  calledAfter: (duration: string) => `rappelé en ${duration}`,
  calledAfterSpoken: (duration: string) => `rappelé en ${duration} ouvrées`,
  lead: {
    title: 'Rappel',
    dueLabel: 'À rappeler avant',
    calledLabel: 'Premier appel',
    windowOpen: 'Dans les horaires d’appel',
    windowClosed: 'Hors des horaires d’appel',
    windowUntil: (time: string) => `jusqu’à ${time}`,
    nextWindow: (start: string) => `prochaine plage : ${start}`,
    callsLast30Days: (count: number) =>
      count === 0
        ? 'Aucun appel ces 30 derniers jours.'
        : count === 1
          ? '1 appel ces 30 derniers jours.'
          : `${count} appels ces 30 derniers jours.`,
    tooManyCalls:
      'Quatre appels ou plus en 30 jours : la limite que fixe le décret 2022-1313 pour le démarchage. Ne rappelez plus cette personne sans qu’elle le demande.',
    consentReminder: 'Un appel doit reposer sur le consentement ci-dessus.',
    formTitle: 'Enregistrer un appel',
    outcomeLegend: 'Résultat de l’appel',
    noteLabel: 'Note sur l’appel (facultative)',
    record: 'Enregistrer l’appel',
    recorded: 'Appel enregistré.',
    logTitle: 'Appels',
    logNone: 'Aucun appel enregistré.',
  },
  counters: {
    title: 'Délai de premier rappel',
    intro: (hours: number) =>
      `En heures ouvrées. Promesse : rappel sous ${hours} h ouvrées. Part calculée sur les demandes rappelées ou dont le délai est dépassé.`,
    median: 'Délai médian',
    withinPromise: 'Rappelées dans le délai',
    none: '—',
  },
} as const;

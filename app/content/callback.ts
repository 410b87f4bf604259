/**
 * The French copy of the call-back clock in the staff pages (/equipe): the inbox's views, the due
 * time of each request, the call log and the call window of a request's page, the first-call
 * counters. Imported only by the staff route.
 */
import type { InboxView } from '#contracts/staff/contract.ts';
import { formatWorkingDuration } from '#contracts/staff/callback-format.ts';
import { DUE_LABELS, type DueWork } from '#contracts/staff/labels.ts';

export { CALL_OUTCOME_LABELS, dueWorkOf, type DueWork } from '#contracts/staff/labels.ts';

/** « 1 minute ouvrée », « 2 heures ouvrées »: the adjective agrees with the last unit. */
const worked = (duration: string) => (/^1 \S+$/.test(duration) ? 'ouvrée' : 'ouvrées');

export const callbackText = {
  views: {
    label: 'Afficher',
    names: {
      'mes-demandes': 'Mes demandes',
      'a-rappeler': 'À traiter',
      'en-retard': 'En retard',
      'a-attribuer': 'À attribuer',
      toutes: 'Toutes les demandes',
    } satisfies Record<InboxView, string>,
    overdueCount: (count: number) => `(${count})`,
  },
  captions: {
    'mes-demandes':
      'Mes demandes à traiter, la plus urgente d’abord, puis celles que chacun peut prendre',
    'a-attribuer': 'Demandes à traiter sans personne attribuée, la plus urgente d’abord',
    'a-rappeler':
      'Demandes à traiter (à rappeler, ou à qui répondre par e-mail), la plus urgente d’abord',
    'en-retard': 'Demandes en retard, la plus ancienne d’abord',
    toutes: 'Demandes, les plus récentes d’abord',
  } satisfies Record<InboxView, string>,
  /**
   * Before a request's deadline, in the list and on its page: « À rappeler avant … », or
   * « À répondre avant … » for a person who asked for the e-mail only.
   */
  dueBefore: DUE_LABELS,
  /** Where a search's result stands when still to do: to call back, or to answer. */
  toDo: { rappel: 'À rappeler', reponse: 'À répondre' } satisfies Record<DueWork, string>,
  /** The person reached: by a call answered (« Joint ») or by a written answer. */
  reachedAfter: {
    joint: (duration: string) => `rappelé en ${duration}`,
    repondu_email: (duration: string) => `répondu par e-mail en ${duration}`,
  },
  reachedAfterSpoken: {
    joint: (duration: string) => `rappelé en ${duration} ${worked(duration)}`,
    repondu_email: (duration: string) => `répondu par e-mail en ${duration} ${worked(duration)}`,
  },
  /** Reached before a working minute went by (received and reached on a day off, say). */
  reachedWithinHour: {
    joint: 'rappelé dans l’heure ouvrée',
    repondu_email: 'répondu par e-mail dans l’heure ouvrée',
  },
  /** « Numéro erroné » and nobody reached since. */
  wrongNumber: 'Numéro erroné : répondre par e-mail',
  /** Converted or lost without the person reached: no countdown. */
  closed: 'Demande close',
  lead: {
    /** The panel's title: the work the request asks for. */
    title: { rappel: 'Rappel', reponse: 'Réponse par e-mail' } satisfies Record<DueWork, string>,
    calledLabel: 'Personne jointe',
    closedLabel: 'Délai',
    closed: {
      rappel: 'Demande close : plus de délai de rappel.',
      reponse: 'Demande close : plus de délai de réponse.',
    } satisfies Record<DueWork, string>,
    attemptsLabel: 'Tentatives',
    windowOpen: 'Dans les horaires d’appel',
    windowClosed: 'Hors des horaires d’appel',
    windowUntil: (time: string) => `jusqu’à ${time}`,
    nextWindow: (start: string) => `prochaine plage : ${start}`,
    // Phone calls only: a written answer is no call.
    callsLast30Days: (count: number) =>
      count === 0
        ? 'Aucun appel ces 30 derniers jours.'
        : count === 1
          ? '1 appel ces 30 derniers jours.'
          : `${count} appels ces 30 derniers jours.`,
    tooManyCalls:
      'Quatre appels ou plus en 30 jours : la limite que fixe le décret 2022-1313 pour le démarchage. Ne rappelez plus cette personne sans qu’elle le demande.',
    consentReminder: 'Un appel doit reposer sur le consentement de la personne, indiqué plus bas.',
    formTitle: 'Enregistrer un appel',
    outcomeLegend: 'Résultat de l’appel',
    outcomeHelp:
      '« Joint » ou « Répondu par e-mail » arrête le délai ; sans réponse, la demande reste à rappeler.',
    noteLabel: 'Note sur l’appel (facultative)',
    record: 'Enregistrer l’appel',
    recorded: 'Appel enregistré.',
    answerRecorded: 'Réponse par e-mail enregistrée.',
    /** The empty call log (the calls themselves are in the request's history). */
    logNone: {
      rappel: 'Aucun appel enregistré.',
      reponse: 'Aucune réponse enregistrée.',
    } satisfies Record<DueWork, string>,
    callsLabel: 'Appels',
  },
  /** How and when the person asked to be contacted (ADR 0029). */
  contact: {
    channelLabel: 'Recontact souhaité',
    slotsLabel: 'Jours et créneaux',
    inSlot: 'Dans le créneau choisi',
    inSlotUntil: (time: string) => `jusqu’à ${time}`,
    outOfSlot: 'Hors du créneau choisi',
    nextSlot: (start: string) => `prochain\u00a0: ${start}`,
    noNextSlot: 'aucun créneau à venir',
    changed: (when: string) => `Créneau modifié par le demandeur le ${when}`,
    withdrawn: (when: string) => `Ne souhaite plus être appelé(e) depuis le ${when}`,
    emailOnly:
      'Cette personne a demandé à être recontactée par e-mail uniquement\u00a0: aucun appel ne peut être enregistré. Répondez-lui par e-mail, puis enregistrez-le ici.',
    answerNoteLabel: 'Note sur la réponse (facultative)',
    recordAnswer: 'Enregistrer « Répondu par e-mail »',
    /** The wording of the choice as the person agreed to it, with its version and time. */
    wordingTitle: 'Choix de recontact',
    /** The inbox list's mark of a request to answer by e-mail only. */
    emailOnlyBadge: 'E-mail uniquement',
  },
  counters: {
    title: 'Délai pour joindre la personne',
    intro: (hours: number) =>
      `En heures ouvrées, jusqu’au premier « Joint » ou « Répondu par e-mail » (un appel sans réponse n’arrête pas le délai). Promesse : rappel sous ${hours} h ouvrées. Part calculée sur les demandes jointes ou dont le délai est dépassé.`,
    median: 'Délai médian',
    withinPromise: 'Jointes dans le délai',
    none: '—',
  },
} as const;

/**
 * How long reaching the person took, in working time (ADR 0028), short (« rappelé en 2 h 14 »)
 * and spoken (« … ouvrées »); under one working minute, « rappelé dans l’heure ouvrée », never
 * « en 0 min ».
 */
export function reachedWords(
  by: 'joint' | 'repondu_email',
  workingMs: number,
): { short: string; spoken: string } {
  if (workingMs < 60_000) {
    const words = callbackText.reachedWithinHour[by];
    return { short: words, spoken: words };
  }
  const duration = formatWorkingDuration(workingMs);
  return {
    short: callbackText.reachedAfter[by](duration.short),
    spoken: callbackText.reachedAfterSpoken[by](duration.spoken),
  };
}

/**
 * The words staff read for the status codes, shared by the staff pages (app/content/) and what
 * the server writes for staff (the CSV export, the e-mails): one wording on the screen, in the
 * spreadsheet and in the mailbox.
 */
import type { StoredChannel } from '#contracts/contact/contact-choice.ts';
import type { CallOutcome, LeadStatus } from './statuses.ts';

export const STATUS_LABELS: Record<LeadStatus, string> = {
  nouveau: 'Nouveau',
  en_cours: 'En cours',
  converti: 'Converti',
  perdu: 'Perdu',
};

export const CALL_OUTCOME_LABELS: Record<CallOutcome, string> = {
  joint: 'Joint',
  pas_de_reponse: 'Pas de réponse',
  messagerie: 'Messagerie',
  numero_errone: 'Numéro erroné',
  repondu_email: 'Répondu par e-mail',
};

/**
 * What staff owe a request still open (ADR 0036): a call back (`rappel`), or a written answer
 * (`reponse`) to a person who asked for the e-mail only. Every text staff read of a request's
 * deadline says which: the list, its page, the notification, the morning digest.
 */
export type DueWork = 'rappel' | 'reponse';

export function dueWorkOf(channel: StoredChannel): DueWork {
  return channel === 'email' ? 'reponse' : 'rappel';
}

/** « À rappeler avant lundi 30 novembre à 17 h », « À répondre avant … ». */
export const DUE_LABELS: Record<DueWork, string> = {
  rappel: 'À rappeler avant',
  reponse: 'À répondre avant',
};

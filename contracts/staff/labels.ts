/**
 * The words staff read for the status codes, shared by the staff pages (app/content/) and what
 * the server writes for staff (the CSV export): one wording on the screen and in the spreadsheet.
 */
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

import type { HistoryEntry } from '#contracts/staff/contract.ts';
import { CALL_OUTCOME_LABELS } from '#contracts/staff/labels.ts';
import { auditText } from './staff-audit.ts';

/** The audit trail's name for the person's own acts (server/visitor/store.ts `VISITOR_ACTOR`). */
const PERSON_ACTOR = 'demandeur';

/** A request's history on its staff page (app/components/staff/lead-history.tsx). */
export const historyText = {
  title: 'Historique',
  none: 'Rien pour l’instant.',
  person: 'Le demandeur',
  note: 'Note',
  notePrefix: 'Note :',
};

/** Who did it: the staff member as stored (their e-mail), or « Le demandeur ». */
export function historyWho(who: string): string {
  return who === PERSON_ACTOR ? historyText.person : who;
}

/** What was done: « Appel : Joint », « Réponse par e-mail », « Statut changé Nouveau → En cours ». */
export function historyWhat(entry: HistoryEntry): string {
  switch (entry.kind) {
    case 'call':
      return entry.outcome === 'repondu_email'
        ? 'Réponse par e-mail'
        : `Appel : ${CALL_OUTCOME_LABELS[entry.outcome]}`;
    case 'note':
      return historyText.note;
    case 'act':
      return auditText(entry.action, entry.detail);
  }
}

/** The note of an entry: a note's text, a call's note, the note written with a status change. */
export function historyNote(entry: HistoryEntry): string {
  return entry.kind === 'note' ? entry.text : entry.note;
}

import type {
  AuditAction,
  CallRecord,
  HistoryEntry,
  LeadDetail,
} from '#contracts/staff/contract.ts';

/**
 * The acts of the audit trail a request's history shows: status changes, "retry now", the CRM
 * webhook's actions and the person's own changes. A call and a note are read from their own
 * tables (they carry the outcome and the text); the rest concerns no single request.
 */
const SHOWN_ACTS: ReadonlySet<AuditAction> = new Set<AuditAction>([
  'status',
  'retry',
  'webhook_resend',
  'webhook_enable',
  'webhook_test',
  'visitor_slots',
  'visitor_stop_calls',
  'visitor_allow_calls',
]);

/**
 * One history of a request (docs/staff.md): its calls (a call's note is part of its entry), its
 * notes (one written with a status change is part of that change's entry: same moment, same
 * author) and the shown acts of its audit trail, newest first; at the same moment, in the order
 * calls, acts, notes.
 */
export function leadHistory(
  calls: readonly CallRecord[],
  notes: LeadDetail['notes'],
  audit: LeadDetail['audit'],
): HistoryEntry[] {
  const acts = audit.filter((entry) => SHOWN_ACTS.has(entry.action));
  const withStatus = (note: LeadDetail['notes'][number]) =>
    acts.find((act) => act.action === 'status' && act.at === note.at && act.actor === note.author);
  const entries: HistoryEntry[] = [
    ...calls.map((call) => ({
      kind: 'call' as const,
      at: call.at,
      who: call.staff,
      outcome: call.outcome,
      note: call.note,
    })),
    ...acts.map((act) => ({
      kind: 'act' as const,
      at: act.at,
      who: act.actor,
      action: act.action,
      detail: act.detail,
      note: act.action === 'status' ? noteOf(notes, act) : '',
    })),
    ...notes
      .filter((note) => !withStatus(note))
      .map((note) => ({ kind: 'note' as const, at: note.at, who: note.author, text: note.text })),
  ];
  // A stable sort: entries of one moment keep the order above.
  return entries.sort((a, b) => b.at - a.at);
}

function noteOf(notes: LeadDetail['notes'], act: LeadDetail['audit'][number]): string {
  return notes.find((note) => note.at === act.at && note.author === act.actor)?.text ?? '';
}

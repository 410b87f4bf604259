import { historyNote, historyText, historyWhat, historyWho } from '#app/content/history.ts';
import { formatDateTime } from '#app/content/staff.ts';
import type { HistoryEntry } from '#contracts/staff/contract.ts';
import { StaffSection } from './controls.tsx';

/**
 * A request's one history (docs/staff.md): its calls with their outcome and note, its notes, its
 * status changes and the person's own changes, newest first, each with who and when.
 */
export function LeadHistory({ history }: { history: readonly HistoryEntry[] }) {
  return (
    <StaffSection id="history-title" title={historyText.title}>
      {history.length === 0 ? (
        <p className="text-slate-700">{historyText.none}</p>
      ) : (
        <ol className="space-y-3">
          {history.map((entry, index) => {
            const note = historyNote(entry);
            return (
              <li key={index} className="border-l-4 border-slate-200 pl-3">
                <p className="text-sm text-slate-700">
                  {formatDateTime(entry.at)} · {historyWho(entry.who)}
                </p>
                <p className="font-medium text-slate-900">{historyWhat(entry)}</p>
                {note ? (
                  <p className="break-words whitespace-pre-line text-slate-900">
                    {entry.kind === 'note' ? note : `${historyText.notePrefix} ${note}`}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </StaffSection>
  );
}

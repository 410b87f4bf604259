import { auditText } from '#app/content/staff-audit.ts';
import { historyDetail, percent, teamPageText } from '#app/content/team.ts';
import { formatSlotStart, formatWorkingDuration } from '#contracts/staff/callback-format.ts';
import type { AuditAction } from '#contracts/staff/statuses.ts';
import type { TeamCounters, TeamHistory, TeamHistoryEntry } from '#contracts/staff/team.ts';
import { StaffSection } from '#app/components/staff/controls.tsx';

const counterText = teamPageText.counters;
const historyText = teamPageText.history;
const cell = 'px-1.5 py-2 text-left align-top sm:px-3';

/**
 * Each person's counters over 30 days (responsables): requests received, the share reached within
 * the promise, the median working time to the first reach (the call-back counters' rules).
 */
export function TeamCountersSection({ counters }: { counters: TeamCounters }) {
  return (
    <StaffSection id="equipe-compteurs" title={counterText.title(counters.days)}>
      {counters.people.length === 0 ? (
        <p className="text-slate-800">{counterText.empty}</p>
      ) : (
        <div>
          <table className="w-full border-collapse text-sm text-slate-900">
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className={cell}>
                  {counterText.person}
                </th>
                <th scope="col" className={cell}>
                  {counterText.received}
                </th>
                <th scope="col" className={cell}>
                  {counterText.within(counters.promiseHours)}
                </th>
                <th scope="col" className={cell}>
                  {counterText.median}
                </th>
              </tr>
            </thead>
            <tbody>
              {counters.people.map((row) => (
                <tr key={row.person.id} className="border-b border-slate-200">
                  <th scope="row" className={`${cell} font-medium break-all`}>
                    {row.person.active
                      ? row.person.name
                      : `${row.person.name} ${counterText.inactive}`}
                  </th>
                  <td className={cell}>{row.received}</td>
                  <td className={cell}>
                    {row.withinPromiseShare === null
                      ? counterText.none
                      : percent(row.withinPromiseShare)}
                  </td>
                  <td className={cell}>
                    {row.medianMs === null
                      ? counterText.none
                      : formatWorkingDuration(row.medianMs).short}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </StaffSection>
  );
}

/** « Personne ajoutée à l'équipe », then the entry's detail (the person's address, …). */
function entryText(entry: TeamHistoryEntry): string {
  const label = auditText(entry.action as AuditAction, '');
  const detail = historyDetail(entry.action, entry.detail);
  return detail ? `${label}\u00a0: ${detail}` : label;
}

/** « Historique de l'équipe »: the team's latest changes in the audit trail (who, what, when). */
export function TeamHistorySection({ history }: { history: TeamHistory }) {
  return (
    <StaffSection id="equipe-historique" title={historyText.title}>
      {history.entries.length === 0 ? (
        <p className="text-slate-800">{historyText.empty}</p>
      ) : (
        <ol className="divide-y divide-slate-200 text-sm">
          {history.entries.map((entry, index) => (
            <li key={`${entry.at}-${index}`} className="py-2">
              <p className="text-slate-700">
                {formatSlotStart(entry.at, history.timeZone)} · {historyText.by(entry.actor)}
              </p>
              <p className="break-all text-slate-900">{entryText(entry)}</p>
            </li>
          ))}
        </ol>
      )}
    </StaffSection>
  );
}

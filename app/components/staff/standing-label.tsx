import { callbackText, type DueWork } from '#app/content/callback.ts';
import { STATUS_LABELS, staffText } from '#app/content/staff.ts';
import type { InboxStanding, LeadStatus } from '#contracts/staff/contract.ts';

const TONES: Record<InboxStanding, string> = {
  'a-rappeler': 'border-brand-700 bg-brand-50 text-brand-900',
  'en-retard': 'border-danger-600 bg-danger-50 text-danger-700',
  joint: 'border-success-700 bg-success-50 text-success-700',
  converti: 'border-slate-400 bg-slate-50 text-slate-800',
  perdu: 'border-slate-400 bg-slate-50 text-slate-800',
};

/**
 * A request's status in the list; in a search's results, where it stands first (« À rappeler »,
 * or « À répondre » for a person who asked for the e-mail only, « En retard », « Joint »,
 * « Perdu »…), since a search lists requests of every view.
 */
export function StandingLabel({
  standing,
  status,
  work,
  searching,
}: {
  standing: InboxStanding;
  status: LeadStatus;
  work: DueWork;
  searching: boolean;
}) {
  if (!searching) return <>{STATUS_LABELS[status]}</>;
  const closed = standing === 'converti' || standing === 'perdu';
  return (
    <>
      <span
        className={`inline-block rounded-control border px-2 py-0.5 text-sm font-semibold whitespace-nowrap ${TONES[standing]}`}
      >
        {standing === 'a-rappeler' ? callbackText.toDo[work] : staffText.inbox.standings[standing]}
      </span>
      {closed ? null : <span className="block">{STATUS_LABELS[status]}</span>}
    </>
  );
}

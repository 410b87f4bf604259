import { callingText } from '#app/content/calling.ts';
import { formatClockTime } from '#contracts/staff/callback-format.ts';
import { useCallMark } from './call-marks.ts';

export { startCallMark } from './call-marks.ts';

/** « Marie Dupont appelle… » under the name in the list's row, while a colleague calls. */
export function CallMarkBadge({ leadId }: { leadId: string }) {
  const mark = useCallMark(leadId);
  if (!mark) return null;
  return (
    <span className="mt-1 block">
      <span className="inline-block rounded border border-danger-600 bg-danger-50 px-1.5 py-0.5 text-xs font-semibold text-danger-700">
        {callingText.badge(mark.personne.name)}
      </span>
    </span>
  );
}

/**
 * « Marie Dupont appelle cette personne depuis 14 h 02. » above the call form of the request's
 * page, announced when it appears.
 */
export function CallMarkNotice({ leadId, timeZone }: { leadId: string; timeZone: string }) {
  const mark = useCallMark(leadId);
  return (
    <div aria-live="polite">
      {mark ? (
        <div className="mt-4 rounded-control border border-danger-600 bg-danger-50 px-4 py-3 text-slate-900">
          <p className="font-semibold text-danger-700">
            {callingText.notice(mark.personne.name, formatClockTime(mark.depuis, timeZone))}
          </p>
          <p className="mt-1">{callingText.noticeHelp}</p>
        </div>
      ) : null}
    </div>
  );
}

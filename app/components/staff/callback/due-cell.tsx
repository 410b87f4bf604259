import { callbackText } from '../../../content/callback';
import {
  formatDueTime,
  formatLeft,
  formatWorkingDuration,
} from '../../../../contracts/staff/callback-format';
import type { RowClock } from '../../../../contracts/staff/contract';

const text = callbackText;

/**
 * A request's call-back clock in the list: « avant lundi 30 novembre à 17:00 » and what is left
 * (« reste 2 j 23 h », « en retard de 2 h »), or « rappelé en 2 h 14 » once called. Screen
 * readers get the words in full (« reste 2 jours et 23 heures »).
 */
export function DueCell({
  clock,
  now,
  timeZone,
}: {
  clock: RowClock;
  now: number;
  timeZone: string;
}) {
  if (clock.firstCallAfterMs !== null) {
    const duration = formatWorkingDuration(clock.firstCallAfterMs);
    return (
      <span className="text-success-700">
        <span aria-hidden="true">{text.calledAfter(duration.short)}</span>
        <span className="sr-only">{text.calledAfterSpoken(duration.spoken)}</span>
      </span>
    );
  }
  const left = formatLeft(clock.dueAt, now);
  const late = clock.dueAt <= now;
  return (
    <>
      <span className={late ? 'font-semibold text-danger-700' : 'font-medium text-slate-900'}>
        <span aria-hidden="true">{left.short}</span>
        <span className="sr-only">{left.spoken}</span>
      </span>
      <span className="block text-slate-700">
        {text.dueBefore} {formatDueTime(clock.dueAt, timeZone)}
      </span>
    </>
  );
}

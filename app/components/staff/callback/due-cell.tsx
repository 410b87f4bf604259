import { callbackText, type DueWork, reachedWords } from '#app/content/callback.ts';
import { formatAttempts, formatDueTime, formatLeft } from '#contracts/staff/callback-format.ts';
import type { RowClock } from '#contracts/staff/contract.ts';

const text = callbackText;

/** « 2 tentatives, dernière jeudi 10:42 » and the « répondre par e-mail » flag, when any. */
export function AttemptsLine({
  clock,
  now,
  timeZone,
}: {
  clock: RowClock;
  now: number;
  timeZone: string;
}) {
  return (
    <>
      {clock.attempts > 0 && clock.lastAttemptAt !== null ? (
        <span className="block text-slate-700">
          {formatAttempts(clock.attempts, clock.lastAttemptAt, now, timeZone)}
        </span>
      ) : null}
      {clock.wrongNumber && !clock.closed ? (
        <strong className="mt-1 block w-fit rounded-control border border-accent-700 bg-accent-50 px-2 text-slate-900">
          {text.wrongNumber}
        </strong>
      ) : null}
    </>
  );
}

/**
 * A request's call-back clock in the list: what is left (« reste 2 j 23 h », « en retard de
 * 2 h ») and « À rappeler avant lundi 30 novembre à 17 h » (« À répondre avant … » for a person
 * who asked for the e-mail only), with the unanswered attempts, or « rappelé en 2 h 14 » once
 * the person is reached; « Demande close » when closed without reaching them. Screen readers get
 * the words in full (« reste 2 jours et 23 heures »).
 */
export function DueCell({
  clock,
  work,
  now,
  timeZone,
}: {
  clock: RowClock;
  work: DueWork;
  now: number;
  timeZone: string;
}) {
  if (clock.reachedAfterMs !== null && clock.reachedBy !== null) {
    const reached = reachedWords(clock.reachedBy, clock.reachedAfterMs);
    return (
      <span className="text-success-700">
        <span aria-hidden="true" className="whitespace-nowrap">
          {reached.short}
        </span>
        <span className="sr-only">{reached.spoken}</span>
      </span>
    );
  }
  if (clock.closed) {
    return (
      <>
        <span className="text-slate-700">{text.closed}</span>
        <AttemptsLine clock={clock} now={now} timeZone={timeZone} />
      </>
    );
  }
  const left = formatLeft(clock.dueAt, now);
  const late = clock.dueAt <= now;
  return (
    <>
      <span className={late ? 'font-semibold text-danger-700' : 'font-medium text-slate-900'}>
        <span aria-hidden="true" className="whitespace-nowrap">
          {left.short}
        </span>
        <span className="sr-only">{left.spoken}</span>
      </span>
      <span className="block text-slate-700">
        {text.dueBefore[work]} {formatDueTime(clock.dueAt, timeZone)}
      </span>
      <AttemptsLine clock={clock} now={now} timeZone={timeZone} />
    </>
  );
}

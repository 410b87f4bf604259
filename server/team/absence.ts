import type { Absence } from '#contracts/staff/team.ts';

/** What is wrong with an absence (each has its French message in ./messages.ts). */
export type AbsenceProblem = 'invalid-date' | 'reversed' | 'past' | 'too-long';

/** The longest absence one can set at once, in days. */
const ABSENCE_MAX_DAYS = 366;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Milliseconds at midnight UTC of a `YYYY-MM-DD` date, or undefined when it is no real date. */
function dayOf(date: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  const real =
    back.getUTCFullYear() === year && back.getUTCMonth() === month - 1 && back.getUTCDate() === day;
  return real ? ms : undefined;
}

/**
 * Whether « Absent(e) du … au … » can be set on `today` (Paris dates, both included, ADR 0044):
 * real dates, the end not before the start nor already past, at most a year long. Undefined: fine.
 */
export function absenceProblem(absence: Absence, today: string): AbsenceProblem | undefined {
  const from = dayOf(absence.du);
  const until = dayOf(absence.au);
  const now = dayOf(today);
  if (from === undefined || until === undefined || now === undefined) return 'invalid-date';
  if (until < from) return 'reversed';
  if (until < now) return 'past';
  if ((until - from) / DAY_MS + 1 > ABSENCE_MAX_DAYS) return 'too-long';
  return undefined;
}

import { dueWallTime } from '#contracts/staff/callback-format.ts';
import { type CallbackCalendar, dueAt } from './calendar.ts';

/**
 * The wall time of a moment in `timeZone` (`YYYY-MM-DD`, `HH:MM`), local midnight written as
 * `24:00` of the day before: a request due at the end of Monday reads « lundi …, fin de
 * journée », not « mardi … à 0 h » (contracts/contact/callback-time.ts writes it out for
 * everyone). The same reading as the staff pages' (contracts/staff/callback-format.ts).
 */
export function wallTimeAt(ms: number, timeZone: string): { date: string; time: string } {
  return dueWallTime(ms, timeZone);
}

/** Minutes of reception remembered by `dueWallTimeBy` (the endpoint's and the mail's). */
const REMEMBERED_MINUTES = 8;

/**
 * The due time of a request received at a moment, on the wall clock: what the endpoint answers
 * and the confirmation says, for every request. Its minute depends only on the minute of
 * reception: a due time is the reception time plus whole hours (the working days' lengths), or
 * the end of a day for a request received on a day off, and the time zone's offsets are whole
 * hours. So it is computed once per minute of reception, not once per request (the calendar's
 * arithmetic cost a quarter of a millisecond per request under load), for the last few minutes.
 */
export function dueWallTimeBy(
  calendar: CallbackCalendar,
): (receivedAt: number) => { date: string; time: string } {
  const byMinute = new Map<number, { date: string; time: string }>();
  return (receivedAt) => {
    const minute = Math.floor(receivedAt / 60_000);
    let wall = byMinute.get(minute);
    if (!wall) {
      wall = wallTimeAt(dueAt(receivedAt, calendar), calendar.timeZone);
      byMinute.set(minute, wall);
      if (byMinute.size > REMEMBERED_MINUTES) {
        byMinute.delete(byMinute.keys().next().value as number);
      }
    }
    return wall;
  };
}

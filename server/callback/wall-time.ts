import { localDate, localMinutes } from './calendar.ts';

/**
 * The wall time of a moment in `timeZone` (`YYYY-MM-DD`, `HH:MM`), local midnight written as
 * `24:00` of the day before: a request due at the end of Monday reads « lundi … à 24 h », not
 * « mardi … à 0 h » (contracts/contact/callback-time.ts writes it out for the visitor).
 */
export function wallTimeAt(ms: number, timeZone: string): { date: string; time: string } {
  const minutes = localMinutes(ms, timeZone);
  if (minutes === 0) return { date: localDate(ms - 60_000, timeZone), time: '24:00' };
  const pad = (value: number) => String(value).padStart(2, '0');
  return {
    date: localDate(ms, timeZone),
    time: `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`,
  };
}

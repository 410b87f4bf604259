/**
 * Paris days (the company's time zone, daylight saving included), from a clock the caller
 * passes: the server the real one, the tests a fixed one.
 */
const PARIS_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The day in Europe/Paris holding the instant `ms`, as YYYY-MM-DD. */
export function parisDay(ms: number): string {
  return PARIS_DAY.format(new Date(ms));
}

/** The calendar day `count` days after `day` (negative: before). */
export function addDays(day: string, count: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + count);
  return date.toISOString().slice(0, 10);
}

/** The calendar day `count` months before `day` (the 31st falls back to the month's last day). */
function monthsBefore(day: string, count: number): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 - count, 1, 12));
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0, 12),
  ).getUTCDate();
  target.setUTCDate(Math.min(date, lastDay));
  return target.toISOString().slice(0, 10);
}

/** How long the aggregates are kept (the CNIL's ceiling for audience measurement). */
const AUDIENCE_RETENTION_MONTHS = 25;

/** The first day whose aggregates are kept at `now`: 25 months before today (Paris). */
export function audienceRetentionStart(now: number): string {
  return monthsBefore(parisDay(now), AUDIENCE_RETENTION_MONTHS);
}

import Holidays from 'date-holidays';

import type { CallbackCalendar, HolidaysRegion } from './time-settings.ts';

export {
  parseCallHours,
  parseTimeOfDay,
  parseWorkingDays,
  type CallbackCalendar,
  type TimeRange,
} from './time-settings.ts';

/**
 * The company's calendar: its time zone, its working days (a weekday set minus French public
 * holidays from `date-holidays`), its call hours and the time of the morning digest. Every
 * function here is pure: it takes the moment it reasons about (milliseconds since the epoch) and
 * never reads a clock. Local dates are `YYYY-MM-DD` strings in the company's time zone; times of
 * day are minutes since local midnight.
 */
const HOUR_MS = 60 * 60 * 1000;

// --- Local dates in a time zone --------------------------------------------------------------

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function localParts(ms: number, timeZone: string): LocalParts {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(ms)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** The offset of local time from UTC at `ms`, in ms (Paris: +1 h in winter, +2 h in summer). */
function offsetAt(ms: number, timeZone: string): number {
  const p = localParts(ms, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - (ms - (ms % 1000));
}

/** The local date (`YYYY-MM-DD`) of a moment. */
export function localDate(ms: number, timeZone: string): string {
  const p = localParts(ms, timeZone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

function dateParts(date: string): [number, number, number] {
  const [year, month, day] = date.split('-').map(Number);
  return [year ?? 1970, month ?? 1, day ?? 1];
}

/** The local date `days` after `date` (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = dateParts(date);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** ISO weekday (1 = Monday … 7 = Sunday) of a local date. */
export function weekday(date: string): number {
  const [year, month, day] = dateParts(date);
  return ((new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7) + 1;
}

/**
 * The moment a local wall time occurs: `minutes` after midnight of `date` (24 × 60 is the next
 * midnight). Across a daylight-saving change the offset is taken at the result, so 10:00 on the
 * last Sunday of March is 08:00 UTC in Paris; a wall time inside the spring gap maps forward.
 */
export function zonedTime(date: string, minutes: number, timeZone: string): number {
  const [year, month, day] = dateParts(date);
  const wall = Date.UTC(year, month - 1, day) + minutes * 60_000;
  let guess = wall - offsetAt(wall, timeZone);
  const corrected = wall - offsetAt(guess, timeZone);
  if (corrected !== guess) guess = corrected;
  return guess;
}

/** Local midnight starting `date`. */
export function dayStart(date: string, timeZone: string): number {
  return zonedTime(date, 0, timeZone);
}

// --- Working days ----------------------------------------------------------------------------

const holidayYears = new Map<string, ReadonlySet<string>>();

/** The public holidays (type `public` in date-holidays) of one year, as local dates. */
function publicHolidays(year: number, region: HolidaysRegion): ReadonlySet<string> {
  const key = `${region}:${year}`;
  let dates = holidayYears.get(key);
  if (!dates) {
    // Alsace-Moselle: the departments 57, 67 and 68 share Good Friday and 26 December.
    const calendar = region === 'alsace-moselle' ? new Holidays('FR', '57') : new Holidays('FR');
    const list = calendar.getHolidays(year) || [];
    dates = new Set(
      list.filter((entry) => entry.type === 'public').map((entry) => entry.date.slice(0, 10)),
    );
    holidayYears.set(key, dates);
  }
  return dates;
}

function isHoliday(date: string, region: HolidaysRegion): boolean {
  return publicHolidays(dateParts(date)[0], region).has(date);
}

export function isWorkingDay(date: string, calendar: CallbackCalendar): boolean {
  return calendar.workingDays.has(weekday(date)) && !isHoliday(date, calendar.holidaysRegion);
}

/** No working day in this many days: the settings leave none (refused by env.ts). */
const SEARCH_DAYS = 800;

// --- The promise -----------------------------------------------------------------------------

/**
 * When a request received at `receivedAt` must have been called: the promise's hours counted on
 * working days only (every hour of a working day counts, none of a day off). Received on a day
 * off, the count starts at the next working day's midnight, so a request of Saturday is due at
 * the end of Monday (Tuesday 00:00, shown « lundi 24:00 »).
 */
export function dueAt(receivedAt: number, calendar: CallbackCalendar): number {
  const { timeZone } = calendar;
  let remaining = calendar.promiseHours * HOUR_MS;
  let date = localDate(receivedAt, timeZone);
  let from = receivedAt;
  for (let step = 0; step < SEARCH_DAYS; step += 1) {
    const next = addDays(date, 1);
    const end = dayStart(next, timeZone);
    if (isWorkingDay(date, calendar)) {
      const available = end - from;
      if (remaining <= available) return from + remaining;
      remaining -= available;
    }
    date = next;
    from = end;
  }
  throw new Error('no working day in the calendar');
}

/** Working time (ms) between two moments: the part of [from, to) on working days. */
export function workingTimeBetween(from: number, to: number, calendar: CallbackCalendar): number {
  if (to <= from) return 0;
  const { timeZone } = calendar;
  let total = 0;
  let date = localDate(from, timeZone);
  let start = from;
  while (start < to) {
    const next = addDays(date, 1);
    const end = Math.min(dayStart(next, timeZone), to);
    if (isWorkingDay(date, calendar)) total += end - start;
    date = next;
    start = end;
  }
  return total;
}

/**
 * The latest reception time whose due time is at or before `moment` (`inclusive`) or strictly
 * before it: due times never decrease with the reception time, so "received at or before the
 * result" is the same as "due by `moment`". Found by bisection on the milliseconds.
 */
export function latestReceivedDueBy(
  moment: number,
  calendar: CallbackCalendar,
  inclusive: boolean,
): number {
  const isDue = (receivedAt: number) => {
    const due = dueAt(receivedAt, calendar);
    return inclusive ? due <= moment : due < moment;
  };
  // Due times come after reception: nothing received after `moment` is due by it.
  let high = moment;
  let low = moment - 400 * 24 * HOUR_MS;
  if (!isDue(low)) return low - 1;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (isDue(middle)) low = middle;
    else high = middle;
  }
  return low;
}

// --- Call hours ------------------------------------------------------------------------------

export type CallWindow = { open: true; closesAt: number } | { open: false; nextOpensAt: number };

/** Whether `now` falls in the call hours of a working day, else when they next open. */
export function callWindow(now: number, calendar: CallbackCalendar): CallWindow {
  const { timeZone } = calendar;
  let date = localDate(now, timeZone);
  for (let step = 0; step < SEARCH_DAYS; step += 1) {
    if (isWorkingDay(date, calendar)) {
      for (const range of calendar.callHours) {
        const opens = zonedTime(date, range.start, timeZone);
        const closes = zonedTime(date, range.end, timeZone);
        if (now >= opens && now < closes) return { open: true, closesAt: closes };
        if (opens > now) return { open: false, nextOpensAt: opens };
      }
    }
    date = addDays(date, 1);
  }
  throw new Error('no working day in the calendar');
}

// --- The morning digest ----------------------------------------------------------------------

/**
 * The digest that should exist at `now`: on a working day, from `DIGEST_AT` until the end of
 * that day's call hours (a server down at the digest time still sends it later that day),
 * the local date and the end of that day (what is due by it is listed). Undefined otherwise.
 */
export function digestDue(
  now: number,
  calendar: CallbackCalendar,
): { day: string; dueBy: number } | undefined {
  const { timeZone } = calendar;
  const day = localDate(now, timeZone);
  if (!isWorkingDay(day, calendar)) return undefined;
  const from = zonedTime(day, calendar.digestAt, timeZone);
  const lastRange = calendar.callHours[calendar.callHours.length - 1];
  const until = zonedTime(day, lastRange ? lastRange.end : 24 * 60, timeZone);
  if (now < from || now >= until) return undefined;
  return { day, dueBy: dayStart(addDays(day, 1), timeZone) };
}

/** The next moment worth looking at the digest again: its time today, or tomorrow's. */
export function nextDigestLook(now: number, calendar: CallbackCalendar): number {
  const { timeZone } = calendar;
  let date = localDate(now, timeZone);
  for (let step = 0; step < SEARCH_DAYS; step += 1) {
    if (isWorkingDay(date, calendar)) {
      const at = zonedTime(date, calendar.digestAt, timeZone);
      if (at > now) return at;
    }
    date = addDays(date, 1);
  }
  throw new Error('no working day in the calendar');
}

/** The defaults: 24 h, Mon-Fri, metropole, Paris, 10-13 h and 14-20 h, three slots, 08:30. */
export { DEFAULT_CALENDAR } from './settings.ts';

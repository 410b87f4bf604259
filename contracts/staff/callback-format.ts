/**
 * How the call-back clock writes times and durations in French, for the staff pages, the e-mails
 * and the staff CLI alike (no package: a public page never loads it, the staff chunk does).
 */
import {
  type CallbackTime,
  END_OF_DAY,
  formatCallbackTime,
} from '#contracts/contact/callback-time.ts';

const dayFormats = new Map<string, Intl.DateTimeFormat>();
const timeFormats = new Map<string, Intl.DateTimeFormat>();

function cached(
  map: Map<string, Intl.DateTimeFormat>,
  timeZone: string,
  make: () => Intl.DateTimeFormat,
) {
  let format = map.get(timeZone);
  if (!format) {
    format = make();
    map.set(timeZone, format);
  }
  return format;
}

/** « mardi 1er décembre », « lundi 30 novembre »: French writes the first of a month « 1er ». */
function dayOf(ms: number, timeZone: string): string {
  return cached(
    dayFormats,
    timeZone,
    () =>
      new Intl.DateTimeFormat('fr-FR', {
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        timeZone,
      }),
  )
    .formatToParts(ms)
    .map((part) => (part.type === 'day' && part.value === '1' ? '1er' : part.value))
    .join('');
}

function timeOf(ms: number, timeZone: string): string {
  return cached(
    timeFormats,
    timeZone,
    () =>
      new Intl.DateTimeFormat('fr-FR', {
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone,
      }),
  ).format(ms);
}

const wallFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A due time on the company's wall clock (`YYYY-MM-DD`, `HH:MM`), local midnight written
 * `24:00` of the day before: a request of the weekend is due by the end of Monday, never on
 * Tuesday at 0 h. The one reading of a due moment (ADR 0036): the e-mails, the endpoint's
 * answer (server/callback/wall-time.ts) and the staff pages all take it from here; a CSV cell
 * can write its `date` and, for `END_OF_DAY`, 23:59.
 */
export function dueWallTime(ms: number, timeZone: string): CallbackTime {
  const format = cached(
    wallFormats,
    timeZone,
    () =>
      new Intl.DateTimeFormat('en-CA', {
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone,
      }),
  );
  const parts: Record<string, string> = {};
  for (const part of format.formatToParts(ms)) parts[part.type] = part.value;
  if (parts.hour === '00' && parts.minute === '00') {
    return { ...dueWallTime(ms - 60_000, timeZone), time: END_OF_DAY };
  }
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}

/**
 * A due time as everyone reads it (contracts/contact/callback-time.ts `formatCallbackTime`):
 * « lundi 30 novembre à 17 h », the end of a day « lundi 30 novembre, fin de journée ».
 */
export function formatDueTime(ms: number, timeZone: string): string {
  return formatCallbackTime(dueWallTime(ms, timeZone));
}

/** « lundi 10:00 »: the start of the next call window, within the coming week. */
export function formatWindowStart(ms: number, timeZone: string): string {
  return `${dayOf(ms, timeZone)} à ${timeOf(ms, timeZone)}`;
}

/**
 * « jeudi 3 décembre, 14 h », « lundi 1er décembre, 10 h 30 »: the start of a chosen slot, as
 * the person chose it (ADR 0029).
 */
export function formatSlotStart(ms: number, timeZone: string): string {
  return `${dayOf(ms, timeZone)}, ${formatClockTime(ms, timeZone)}`;
}

/** « 14 h 02 », « 9 h »: a time of day on the company's clock, as the slots are written. */
export function formatClockTime(ms: number, timeZone: string): string {
  const [hours = '0', minutes = '00'] = timeOf(ms, timeZone).split(':');
  return `${Number(hours)}\u00a0h${minutes === '00' ? '' : `\u00a0${minutes}`}`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const weekdayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * When an attempt was made: « jeudi 10:42 » within the last six days, « jeudi 19 novembre 10:42 »
 * before (the weekday alone would then be ambiguous).
 */
function formatAttemptTime(ms: number, now: number, timeZone: string): string {
  const time = timeOf(ms, timeZone);
  if (now - ms < 6 * DAY) {
    const weekday = cached(
      weekdayFormats,
      timeZone,
      () => new Intl.DateTimeFormat('fr-FR', { weekday: 'long', timeZone }),
    ).format(ms);
    return `${weekday} ${time}`;
  }
  return `${dayOf(ms, timeZone)} ${time}`;
}

/** « 2 tentatives, dernière jeudi 10:42 », « 1 tentative, jeudi 10:42 ». */
export function formatAttempts(
  attempts: number,
  lastAt: number,
  now: number,
  timeZone: string,
): string {
  const when = formatAttemptTime(lastAt, now, timeZone);
  return attempts === 1 ? `1 tentative, ${when}` : `${attempts} tentatives, dernière ${when}`;
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** A duration in days, hours and minutes, short (« 2 j 23 h ») and spoken (« 2 jours et 23 heures »). */
function formatSpan(ms: number): { short: string; spoken: string } {
  const span = Math.abs(ms);
  if (span >= DAY) {
    const days = Math.floor(span / DAY);
    const hours = Math.floor((span % DAY) / HOUR);
    return hours === 0
      ? { short: `${days} j`, spoken: plural(days, 'jour', 'jours') }
      : {
          short: `${days} j ${hours} h`,
          spoken: `${plural(days, 'jour', 'jours')} et ${plural(hours, 'heure', 'heures')}`,
        };
  }
  if (span >= HOUR) {
    const hours = Math.floor(span / HOUR);
    const minutes = Math.floor((span % HOUR) / MINUTE);
    return minutes === 0
      ? { short: `${hours} h`, spoken: plural(hours, 'heure', 'heures') }
      : {
          short: `${hours} h ${minutes} min`,
          spoken: `${plural(hours, 'heure', 'heures')} et ${plural(minutes, 'minute', 'minutes')}`,
        };
  }
  const minutes = Math.max(1, Math.floor(span / MINUTE));
  return { short: `${minutes} min`, spoken: plural(minutes, 'minute', 'minutes') };
}

/** What is left before a due time, in calendar time: « reste 2 j 23 h » or « en retard de 2 h ». */
export function formatLeft(dueAt: number, now: number): { short: string; spoken: string } {
  const span = formatSpan(dueAt - now);
  return dueAt > now
    ? { short: `reste ${span.short}`, spoken: `reste ${span.spoken}` }
    : { short: `en retard de ${span.short}`, spoken: `en retard de ${span.spoken}` };
}

/** A time to the first call in working time: « 2 h 14 », « 26 h 05 », « 45 min ». */
export function formatWorkingDuration(ms: number): { short: string; spoken: string } {
  const minutes = Math.floor(Math.max(0, ms) / MINUTE);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return { short: `${rest} min`, spoken: plural(rest, 'minute', 'minutes') };
  return {
    short: `${hours} h ${String(rest).padStart(2, '0')}`,
    spoken:
      rest === 0
        ? plural(hours, 'heure', 'heures')
        : `${plural(hours, 'heure', 'heures')} et ${plural(rest, 'minute', 'minutes')}`,
  };
}

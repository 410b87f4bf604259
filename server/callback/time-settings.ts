/**
 * The calendar's settings as values (no holiday library here: env.ts, which the Supabase Edge
 * Functions also import, reads them through this module alone).
 */
import { callDaysOf } from '#config/call-settings.ts';

export type HolidaysRegion = 'metropole' | 'alsace-moselle';

export interface TimeRange {
  /** Minutes since local midnight, start included. */
  start: number;
  /** Minutes since local midnight, end excluded (at most 24 × 60). */
  end: number;
}

export interface CallbackCalendar {
  timeZone: string;
  /** The promise, in hours of working time. */
  promiseHours: number;
  workingDays: ReadonlySet<number>;
  holidaysRegion: HolidaysRegion;
  /** Sorted, non-overlapping. */
  callHours: readonly TimeRange[];
  /** The slots a visitor may choose (CALL_WINDOWS), each inside the call hours; sorted. */
  callWindows: readonly TimeRange[];
  /** Minutes since local midnight. */
  digestAt: number;
}

/** Whether `Intl` knows this IANA time zone. */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

// --- Parsing --------------------------------------------------------------------------------

/** `mon-fri`, `mon,wed,fri`, `mon-thu,sat`: the ISO weekdays (WORKING_DAYS's one grammar). */
export function parseWorkingDays(value: string): Set<number> | undefined {
  const days = callDaysOf(value);
  return days ? new Set(days) : undefined;
}

/** `HH:MM` (00:00 to 24:00) as minutes since midnight; undefined when malformed. */
export function parseTimeOfDay(value: string): number | undefined {
  const match = /^(\d{1,2}):(\d{2})$/.exec(value.trim());
  if (!match) return undefined;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return Number(match[2]) < 60 && minutes <= 24 * 60 ? minutes : undefined;
}

/** `10:00-13:00,14:00-20:00`: sorted, non-empty, non-overlapping ranges; undefined otherwise. */
export function parseCallHours(value: string): TimeRange[] | undefined {
  const ranges: TimeRange[] = [];
  for (const part of value.split(',')) {
    const [from, to, extra] = part.trim().split('-');
    if (extra !== undefined || from === undefined || to === undefined) return undefined;
    const start = parseTimeOfDay(from);
    const end = parseTimeOfDay(to);
    if (start === undefined || end === undefined || end <= start) return undefined;
    ranges.push({ start, end });
  }
  ranges.sort((a, b) => a.start - b.start);
  for (let i = 1; i < ranges.length; i += 1) {
    if ((ranges[i]?.start ?? 0) < (ranges[i - 1]?.end ?? 0)) return undefined;
  }
  return ranges.length > 0 ? ranges : undefined;
}

/**
 * The two call-back settings the form offers to choose from: WORKING_DAYS (the days) and
 * CALL_WINDOWS (the slots), their one grammar and their defaults. The build and the server parse
 * them with the same schemas (setting-schemas.ts), so that the prerendered form offers what the
 * server accepts. No dependency: config/site.ts reads these under Node.
 */

/** A slot, or a day's range, as minutes since local midnight (start included, end excluded). */
export interface MinuteRange {
  start: number;
  end: number;
}

const WEEKDAY_CODES = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

/** `mon-fri`, `mon,wed,fri`, `mon-thu,sat`: the ISO weekdays, ascending; undefined if malformed. */
export function callDaysOf(value: string): number[] | undefined {
  const days = new Set<number>();
  const index = (code: string) => WEEKDAY_CODES.indexOf(code.trim()) + 1;
  for (const part of value.toLowerCase().split(',')) {
    const [first, last, extra] = part.trim().split('-');
    if (extra !== undefined || !first) return undefined;
    const from = index(first);
    const to = last === undefined ? from : index(last);
    if (from === 0 || to === 0 || to < from) return undefined;
    for (let day = from; day <= to; day += 1) days.add(day);
  }
  return days.size > 0 ? [...days].sort((a, b) => a - b) : undefined;
}

const SLOT = /^(\d{2}):(\d{2})-(\d{2}):(\d{2})$/;

/** `10:00-13:00,14:00-17:00`: the slots, sorted; undefined if empty, malformed or overlapping. */
export function callSlotsOf(value: string): MinuteRange[] | undefined {
  const slots: MinuteRange[] = [];
  for (const part of value.split(',')) {
    const match = SLOT.exec(part.trim());
    if (!match) return undefined;
    const [h1, m1, h2, m2] = match.slice(1).map(Number) as [number, number, number, number];
    const start = h1 * 60 + m1;
    const end = h2 * 60 + m2;
    if (m1 > 59 || m2 > 59 || end > 24 * 60 || end <= start) return undefined;
    slots.push({ start, end });
  }
  slots.sort((a, b) => a.start - b.start);
  const overlap = slots.some((slot, i) => i > 0 && slot.start < (slots[i - 1]?.end ?? 0));
  return overlap ? undefined : slots;
}

/** The defaults, as the settings are written: Monday to Friday; three slots inside the call hours. */
export const DEFAULT_WORKING_DAYS = 'mon-fri';
export const DEFAULT_CALL_WINDOWS = '10:00-13:00,14:00-17:00,17:00-20:00';

/** The defaults, parsed: what the form offers when neither is set. */
export const DEFAULT_CALL_DAYS: readonly number[] = callDaysOf(DEFAULT_WORKING_DAYS) ?? [];
export const DEFAULT_CALL_SLOTS: readonly MinuteRange[] = callSlotsOf(DEFAULT_CALL_WINDOWS) ?? [];

import { END_OF_DAY } from '#contracts/contact/callback-time.ts';
import { phoneKey } from '#contracts/contact/phone-key.ts';
import { dueWallTime } from '#contracts/staff/callback-format.ts';

/**
 * The cells of the server's CSV files (the requests', the audience's), each written so that a
 * French spreadsheet (LibreOffice Calc, Excel) opens it as what it is: text stays text and is
 * never run as a formula, a phone number keeps its leading zero, a time is a date and time on
 * the right day (ADR 0037). Shared below the capabilities (ADR 0041).
 */

/**
 * The separator between cells: `;`, which French spreadsheet software (Excel with a French
 * locale, LibreOffice) reads in columns. The requests' CSV (server/leads/csv.ts) and the
 * audience's (server/audience/report.ts) both write it.
 */
export const CSV_SEPARATOR = ';';

/**
 * U+2060 WORD JOINER: no width, no glyph, not a space (no « trim » removes it). Put before a cell
 * a spreadsheet would otherwise run as a formula, it makes the cell text and shows nothing of
 * itself (LibreOffice Calc draws no glyph for it; an apostrophe, OWASP's other advice, shows).
 */
export const FORMULA_GUARD = '\u2060';

/** What a spreadsheet reads as the start of a formula (OWASP, CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** The text of a cell, made inert when it starts like a formula. */
function guarded(value: string): string {
  return FORMULA_START.test(value) ? `${FORMULA_GUARD}${value}` : value;
}

/**
 * One CSV cell: quoted, its quotes doubled, and neutralised when a spreadsheet would read it as
 * a formula (a cell starting with = + - @, a tab or a carriage return).
 */
export function csvCell(value: string): string {
  return `"${guarded(value).replace(/"/g, '""')}"`;
}

/**
 * A phone number as a spreadsheet should show it, the number the person typed. A French one in
 * its national form, by pairs (`+33 6 45 67 89 01`, `0645678901`, `06.45.67.89.01` →
 * `06 45 67 89 01`): it starts with its 0, and its spaces keep it from being read as a number,
 * which would drop the 0 (611223344). Any other, as typed behind the guard: it starts with
 * `+` (or `00`), which must not reach a spreadsheet bare.
 */
export function phoneCellText(telephone: string): string {
  const key = phoneKey(telephone);
  if (/^0\d{9}$/.test(key)) return key.replace(/(\d{2})(?=\d)/g, '$1 ');
  const typed = telephone.trim();
  return typed === '' ? '' : `${FORMULA_GUARD}${typed}`;
}

/** A moment on the wall clock of `timeZone`, midnight as `00:00` of its own day. */
function wallMinute(ms: number, timeZone: string): { date: string; time: string } {
  const due = dueWallTime(ms, timeZone);
  // `dueWallTime` writes midnight as the end of the day before; a minute later is on its day.
  return due.time === END_OF_DAY
    ? { date: dueWallTime(ms + 60_000, timeZone).date, time: '00:00' }
    : due;
}

/** `YYYY-MM-DD` as a French spreadsheet reads a date: `DD/MM/YYYY`. */
function frenchDate(date: string): string {
  const [year = '', month = '', day = ''] = date.split('-');
  return `${day}/${month}/${year}`;
}

/** The company's day of a moment: `{ year, month, day }`, two digits each but the year. */
export function wallDay(
  ms: number,
  timeZone: string,
): { year: string; month: string; day: string } {
  const [year = '', month = '', day = ''] = wallMinute(ms, timeZone).date.split('-');
  return { year, month, day };
}

/**
 * `26/11/2026 14:19` on the wall clock of `timeZone`: what a French spreadsheet reads as a date
 * and time (LibreOffice Calc fr-FR, Excel fr-FR).
 */
export function wallClock(ms: number, timeZone: string): string {
  const { date, time } = wallMinute(ms, timeZone);
  return `${frenchDate(date)} ${time}`;
}

/**
 * A deadline on the wall clock: one at the end of a day (midnight, « lundi 30 novembre à
 * 24:00 » on the staff pages, `dueWallTime`'s `END_OF_DAY`) is written on its own day,
 * `30/11/2026 23:59`, which a spreadsheet reads as a date and time of that day (`24:00` it
 * would not read; `01/12/2026 00:00` reads as the next day).
 */
export function deadlineClock(ms: number, timeZone: string): string {
  const { date, time } = dueWallTime(ms, timeZone);
  return `${frenchDate(date)} ${time === END_OF_DAY ? '23:59' : time}`;
}

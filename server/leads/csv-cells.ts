import { phoneKey } from '#contracts/contact/phone-key.ts';

/**
 * The cells of the requests' CSV, each written so that a French spreadsheet (LibreOffice Calc,
 * Excel) opens it as what it is: text stays text and is never run as a formula, a phone number
 * keeps its leading zero, a time is a date and time on the right day (ADR 0037).
 */

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

function wallParts(ms: number, timeZone: string): Record<string, string> {
  return Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(ms)
      .map((part) => [part.type, part.value]),
  );
}

/** The company's day of a moment: `{ year, month, day }`, two digits each but the year. */
export function wallDay(
  ms: number,
  timeZone: string,
): { year: string; month: string; day: string } {
  const { year = '', month = '', day = '' } = wallParts(ms, timeZone);
  return { year, month, day };
}

/**
 * `26/11/2026 14:19` on the wall clock of `timeZone`: what a French spreadsheet reads as a date
 * and time (LibreOffice Calc fr-FR, Excel fr-FR).
 */
export function wallClock(ms: number, timeZone: string): string {
  const parts = wallParts(ms, timeZone);
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

/**
 * A deadline on the wall clock: one at the end of a day (midnight, « lundi 30 novembre à
 * 24:00 » on the staff pages) is written on its own day, `30/11/2026 23:59`, which a
 * spreadsheet reads as a date and time of that day (`24:00` it would not read; `01/12/2026
 * 00:00` reads as the next day).
 */
export function deadlineClock(ms: number, timeZone: string): string {
  const parts = wallParts(ms, timeZone);
  return parts.hour === '00' && parts.minute === '00'
    ? wallClock(ms - 60_000, timeZone)
    : wallClock(ms, timeZone);
}

import { describe, expect, it } from 'vitest';

import {
  csvCell,
  deadlineClock,
  FORMULA_GUARD,
  phoneCellText,
  wallClock,
  wallDay,
} from './csv-cells.ts';

const PARIS = 'Europe/Paris';
const G = FORMULA_GUARD;

describe('the CSV’s cells', () => {
  it('gives times on the company’s wall clock, on both sides of a clock change', () => {
    // What the screen shows as 14:19 (UTC+1 in November).
    expect(wallClock(Date.UTC(2026, 10, 26, 13, 19, 36), PARIS)).toBe('26/11/2026 14:19');
    // Summer time (UTC+2), the day before and after the change of 25 October 2026.
    expect(wallClock(Date.UTC(2026, 9, 24, 7, 5), PARIS)).toBe('24/10/2026 09:05');
    expect(wallClock(Date.UTC(2026, 9, 25, 0, 30), PARIS)).toBe('25/10/2026 02:30');
    expect(wallClock(Date.UTC(2026, 9, 25, 1, 30), PARIS)).toBe('25/10/2026 02:30');
    expect(wallClock(Date.UTC(2026, 9, 26, 7, 5), PARIS)).toBe('26/10/2026 08:05');
    // Spring: 29 March 2026, 02:00 → 03:00.
    expect(wallClock(Date.UTC(2026, 2, 29, 0, 59), PARIS)).toBe('29/03/2026 01:59');
    expect(wallClock(Date.UTC(2026, 2, 29, 1, 0), PARIS)).toBe('29/03/2026 03:00');
    // Midnight is 00:00, never 24:00.
    expect(wallClock(Date.UTC(2026, 10, 26, 23, 0), PARIS)).toBe('27/11/2026 00:00');
    // The day of a moment is its own, midnight included.
    expect(wallDay(Date.UTC(2026, 10, 26, 23, 0), PARIS)).toEqual({
      year: '2026',
      month: '11',
      day: '27',
    });
    expect(wallDay(Date.UTC(2026, 10, 26, 22, 59), PARIS)).toEqual({
      year: '2026',
      month: '11',
      day: '26',
    });
  });

  it('writes a deadline at the end of a day on that day, at 23:59', () => {
    // « lundi 30 novembre à 24:00 »: Tuesday 1 December, 00:00 in Paris.
    const endOfMonday = Date.parse('2026-12-01T00:00:00+01:00');
    expect(deadlineClock(endOfMonday, PARIS)).toBe('30/11/2026 23:59');
    // In summer time, and the end of the last day before the autumn change.
    expect(deadlineClock(Date.parse('2026-07-01T00:00:00+02:00'), PARIS)).toBe('30/06/2026 23:59');
    expect(deadlineClock(Date.parse('2026-10-26T00:00:00+01:00'), PARIS)).toBe('25/10/2026 23:59');
    // Any other deadline is its minute.
    expect(deadlineClock(Date.parse('2026-12-01T17:00:00+01:00'), PARIS)).toBe('01/12/2026 17:00');
    expect(deadlineClock(Date.parse('2026-12-01T00:01:00+01:00'), PARIS)).toBe('01/12/2026 00:01');
  });

  it('writes a French number in its national form by pairs, with its 0, nothing else', () => {
    for (const typed of [
      '0611223344',
      '06 11 22 33 44',
      '06.11.22.33.44',
      '06-11-22-33-44',
      '+33 6 11 22 33 44',
      '+33611223344',
      '+33 (0)6 11 22 33 44',
      '0033 6 11 22 33 44',
    ]) {
      expect(phoneCellText(typed), typed).toBe('06 11 22 33 44');
    }
    expect(phoneCellText('01 23 45 67 89')).toBe('01 23 45 67 89');
  });

  it('writes any other number as typed, behind the invisible guard', () => {
    expect(phoneCellText('+32 470 12 34 56')).toBe(`${G}+32 470 12 34 56`);
    expect(phoneCellText('0032 470 12 34 56')).toBe(`${G}0032 470 12 34 56`);
    // What the form never accepted, stored before its rules: inert too.
    expect(phoneCellText('=1+1')).toBe(`${G}=1+1`);
    expect(phoneCellText('')).toBe('');
  });

  it.each([
    [
      '=HYPERLINK("http://evil.example","clic")',
      `"${G}=HYPERLINK(""http://evil.example"",""clic"")"`,
    ],
    ['+33 6 12 34 56 78', `"${G}+33 6 12 34 56 78"`],
    ['-2+3', `"${G}-2+3"`],
    ['@SUM(A1)', `"${G}@SUM(A1)"`],
    ['\tcmd', `"${G}\tcmd"`],
    ['\rcmd', `"${G}\rcmd"`],
    ['Bonjour = merci', '"Bonjour = merci"'],
    ['', '""'],
  ])('neutralises the cell %j without a visible character', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
    expect(csvCell(value)).not.toContain("'");
  });
});

import { describe, expect, it } from 'vitest';

import { formatCallbackTime } from '#contracts/contact/callback-time.ts';
import {
  dueWallTime,
  formatAttempts,
  formatClockTime,
  formatDueTime,
  formatLeft,
  formatWindowStart,
  formatWorkingDuration,
} from './callback-format.ts';

const PARIS = 'Europe/Paris';

describe('call-back clock wording', () => {
  it('writes a time of day as the slots do: « 14 h 02 », « 9 h », midnight « 0 h »', () => {
    expect(formatClockTime(Date.parse('2026-11-30T14:02:00+01:00'), PARIS)).toBe(
      '14\u00a0h\u00a002',
    );
    expect(formatClockTime(Date.parse('2026-07-01T09:00:00+02:00'), PARIS)).toBe('9\u00a0h');
    expect(formatClockTime(Date.parse('2026-12-01T00:00:00+01:00'), PARIS)).toBe('0\u00a0h');
  });

  it('writes a due time as the visitor reads it, midnight as the end of the day before', () => {
    expect(formatDueTime(Date.parse('2026-11-30T17:00:00+01:00'), PARIS)).toBe(
      'lundi 30\u00a0novembre à 17\u00a0h',
    );
    expect(formatDueTime(Date.parse('2026-11-30T09:30:00+01:00'), PARIS)).toBe(
      'lundi 30\u00a0novembre à 9\u00a0h\u00a030',
    );
    // The end of Monday: never « 24:00 », « 24 h », nor Tuesday « 0 h ».
    const endOfMonday = Date.parse('2026-12-01T00:00:00+01:00');
    expect(formatDueTime(endOfMonday, PARIS)).toBe('lundi 30\u00a0novembre, fin de journée');
    expect(formatDueTime(endOfMonday, PARIS)).toBe(
      formatCallbackTime({ date: '2026-11-30', time: '24:00' }),
    );
    expect(formatDueTime(endOfMonday, PARIS)).not.toMatch(/24|mardi|0\u00a0h/);
  });

  it('reads a due moment on the company’s wall clock, winter and summer', () => {
    expect(dueWallTime(Date.parse('2026-11-30T17:05:00+01:00'), PARIS)).toEqual({
      date: '2026-11-30',
      time: '17:05',
    });
    expect(dueWallTime(Date.parse('2026-07-06T10:30:00+02:00'), PARIS)).toEqual({
      date: '2026-07-06',
      time: '10:30',
    });
    expect(dueWallTime(Date.parse('2027-01-01T00:00:00+01:00'), PARIS)).toEqual({
      date: '2026-12-31',
      time: '24:00',
    });
    // Summer time: local midnight is 22:00 UTC.
    expect(dueWallTime(Date.parse('2026-07-06T22:00:00Z'), PARIS)).toEqual({
      date: '2026-07-06',
      time: '24:00',
    });
  });

  it('writes the first of a month « 1er », as French does', () => {
    expect(formatDueTime(Date.parse('2026-12-01T17:00:00+01:00'), PARIS)).toBe(
      'mardi 1er\u00a0décembre à 17\u00a0h',
    );
    expect(formatDueTime(Date.parse('2026-12-02T00:00:00+01:00'), PARIS)).toBe(
      'mardi 1er\u00a0décembre, fin de journée',
    );
    expect(formatWindowStart(Date.parse('2027-02-01T09:00:00+01:00'), PARIS)).toBe(
      'lundi 1er février à 09:00',
    );
    // Only the day 1: the 11th, 21st and 31st stay as they are.
    expect(formatDueTime(Date.parse('2026-12-11T17:00:00+01:00'), PARIS)).toBe(
      'vendredi 11\u00a0décembre à 17\u00a0h',
    );
    expect(formatDueTime(Date.parse('2026-12-31T17:00:00+01:00'), PARIS)).toBe(
      'jeudi 31\u00a0décembre à 17\u00a0h',
    );
  });

  it('writes what is left, short and spoken', () => {
    const now = Date.parse('2026-11-30T10:00:00+01:00');
    expect(formatLeft(now + (2 * 24 + 23) * 3_600_000 + 5 * 60_000, now)).toEqual({
      short: 'reste 2 j 23 h',
      spoken: 'reste 2 jours et 23 heures',
    });
    expect(formatLeft(now - 2 * 3_600_000, now)).toEqual({
      short: 'en retard de 2 h',
      spoken: 'en retard de 2 heures',
    });
    expect(formatLeft(now + 61 * 60_000, now).spoken).toBe('reste 1 heure et 1 minute');
  });

  it('writes the time to the first call', () => {
    expect(formatWorkingDuration((2 * 60 + 14) * 60_000).short).toBe('2 h 14');
    expect(formatWorkingDuration(45 * 60_000).short).toBe('45 min');
  });

  it('writes the attempts, the weekday alone within six days', () => {
    const now = Date.parse('2026-11-27T09:00:00+01:00');
    const thursday = Date.parse('2026-11-26T10:42:00+01:00');
    expect(formatAttempts(2, thursday, now, PARIS)).toBe('2 tentatives, dernière jeudi 10:42');
    expect(formatAttempts(1, thursday, now, PARIS)).toBe('1 tentative, jeudi 10:42');
    expect(formatAttempts(3, thursday, now + 7 * 24 * 3_600_000, PARIS)).toBe(
      '3 tentatives, dernière jeudi 26 novembre 10:42',
    );
  });
});

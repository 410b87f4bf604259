import { describe, expect, it } from 'vitest';

import {
  formatAttempts,
  formatDueTime,
  formatLeft,
  formatWindowStart,
  formatWorkingDuration,
} from './callback-format.ts';

const PARIS = 'Europe/Paris';

describe('call-back clock wording', () => {
  it('writes a due time, midnight as the end of the day before', () => {
    expect(formatDueTime(Date.parse('2026-11-30T17:00:00+01:00'), PARIS)).toBe(
      'lundi 30 novembre à 17:00',
    );
    expect(formatDueTime(Date.parse('2026-12-01T00:00:00+01:00'), PARIS)).toBe(
      'lundi 30 novembre à 24:00',
    );
  });

  it('writes the first of a month « 1er », as French does', () => {
    expect(formatDueTime(Date.parse('2026-12-01T17:00:00+01:00'), PARIS)).toBe(
      'mardi 1er décembre à 17:00',
    );
    expect(formatDueTime(Date.parse('2026-12-02T00:00:00+01:00'), PARIS)).toBe(
      'mardi 1er décembre à 24:00',
    );
    expect(formatWindowStart(Date.parse('2027-02-01T09:00:00+01:00'), PARIS)).toBe(
      'lundi 1er février à 09:00',
    );
    // Only the day 1: the 11th, 21st and 31st stay as they are.
    expect(formatDueTime(Date.parse('2026-12-11T17:00:00+01:00'), PARIS)).toBe(
      'vendredi 11 décembre à 17:00',
    );
    expect(formatDueTime(Date.parse('2026-12-31T17:00:00+01:00'), PARIS)).toBe(
      'jeudi 31 décembre à 17:00',
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

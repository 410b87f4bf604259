import { describe, expect, it } from 'vitest';

import { DEFAULT_CALENDAR, dueAt } from './calendar.ts';
import { dueWallTimeBy, wallTimeAt } from './wall-time.ts';

const PARIS = 'Europe/Paris';

describe('wallTimeAt', () => {
  it('gives the wall time in the company’s time zone, winter and summer', () => {
    expect(wallTimeAt(Date.parse('2026-11-30T18:00:00Z'), PARIS)).toEqual({
      date: '2026-11-30',
      time: '19:00',
    });
    expect(wallTimeAt(Date.parse('2026-07-06T08:30:00Z'), PARIS)).toEqual({
      date: '2026-07-06',
      time: '10:30',
    });
  });

  it('writes local midnight as 24:00 of the day before', () => {
    // Tuesday 1 December 00:00 in Paris is the end of Monday 30 November.
    expect(wallTimeAt(Date.parse('2026-11-30T23:00:00Z'), PARIS)).toEqual({
      date: '2026-11-30',
      time: '24:00',
    });
  });
});

describe('dueWallTimeBy', () => {
  it('gives what the calendar gives, for every second of a minute, across holidays and both clock changes', () => {
    const remembered = dueWallTimeBy(DEFAULT_CALENDAR);
    const exact = (at: number) => wallTimeAt(dueAt(at, DEFAULT_CALENDAR), PARIS);
    const days = [
      '2026-03-27T23:59:00+01:00', // the Friday before spring's change
      '2026-03-29T01:58:30+01:00', // the night of spring's change (a Sunday)
      '2026-04-03T17:30:00+02:00', // before Easter Monday
      '2026-05-13T10:00:00+02:00', // the eve of Ascension
      '2026-10-23T23:59:00+02:00', // the Friday before autumn's change
      '2026-10-25T02:30:00+01:00', // autumn's repeated hour
      '2026-11-27T19:00:00+01:00', // a Friday evening
      '2026-12-24T15:00:00+01:00', // Christmas Eve
      '2026-12-31T23:59:00+01:00', // New Year's Eve, just before midnight
    ].map((day) => Date.parse(day));
    for (const start of days) {
      // Two minutes, second by second, then back again: every answer equals the calendar's.
      const moments = Array.from({ length: 120 }, (_, second) => start + second * 1000);
      for (const at of [...moments, ...moments.reverse()]) {
        expect(remembered(at), new Date(at).toISOString()).toEqual(exact(at));
      }
    }
  });
});

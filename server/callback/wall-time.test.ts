import { describe, expect, it } from 'vitest';

import { wallTimeAt } from './wall-time';

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

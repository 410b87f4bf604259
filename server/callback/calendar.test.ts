import { describe, expect, it } from 'vitest';

import {
  callWindow,
  DEFAULT_CALENDAR,
  digestDue,
  dueAt,
  latestReceivedDueBy,
  nextDigestLook,
  parseCallHours,
  parseTimeOfDay,
  parseWorkingDays,
  workingTimeBetween,
  type CallbackCalendar,
} from './calendar.ts';

/** A moment written with its offset, as a clock on a wall in Paris shows it. */
const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

const HOUR = 60 * 60 * 1000;
const calendar = DEFAULT_CALENDAR;
const alsace: CallbackCalendar = { ...DEFAULT_CALENDAR, holidaysRegion: 'alsace-moselle' };

describe('due time: 24 h of working days, in Paris', () => {
  it('counts a weekday request 24 hours on', () => {
    expect(iso(dueAt(at('2026-11-24T09:15:00+01:00'), calendar))).toBe(
      iso(at('2026-11-25T09:15:00+01:00')),
    );
  });

  it('skips the weekend: Friday 17:00 is due on Monday 17:00', () => {
    expect(iso(dueAt(at('2026-11-27T17:00:00+01:00'), calendar))).toBe(
      iso(at('2026-11-30T17:00:00+01:00')),
    );
  });

  it('starts a weekend request on Monday: due at the end of Monday (Tuesday 00:00)', () => {
    const monday24 = at('2026-12-01T00:00:00+01:00');
    expect(iso(dueAt(at('2026-11-28T10:00:00+01:00'), calendar))).toBe(iso(monday24));
    expect(iso(dueAt(at('2026-11-29T23:59:00+01:00'), calendar))).toBe(iso(monday24));
  });

  it('skips Christmas on a Friday', () => {
    // 25 December 2026 is a Friday: Thursday 15:00 + 9 h on Thursday + 15 h on Monday.
    expect(iso(dueAt(at('2026-12-24T15:00:00+01:00'), calendar))).toBe(
      iso(at('2026-12-28T15:00:00+01:00')),
    );
  });

  it('skips Ascension Thursday (a moving holiday)', () => {
    expect(iso(dueAt(at('2026-05-13T11:00:00+02:00'), calendar))).toBe(
      iso(at('2026-05-15T11:00:00+02:00')),
    );
    // Ascension 2027 is on 6 May.
    expect(iso(dueAt(at('2027-05-05T11:00:00+02:00'), calendar))).toBe(
      iso(at('2027-05-07T11:00:00+02:00')),
    );
  });

  it('skips Easter Monday; Alsace-Moselle also skips Good Friday', () => {
    expect(iso(dueAt(at('2026-04-03T12:00:00+02:00'), calendar))).toBe(
      iso(at('2026-04-07T12:00:00+02:00')),
    );
    // Good Friday is a holiday there: the count starts on Tuesday and ends with it.
    expect(iso(dueAt(at('2026-04-03T12:00:00+02:00'), alsace))).toBe(
      iso(at('2026-04-08T00:00:00+02:00')),
    );
  });

  it('Alsace-Moselle skips 26 December', () => {
    // 26 December 2025 is a Friday.
    expect(iso(dueAt(at('2025-12-24T10:00:00+01:00'), calendar))).toBe(
      iso(at('2025-12-26T10:00:00+01:00')),
    );
    expect(iso(dueAt(at('2025-12-24T10:00:00+01:00'), alsace))).toBe(
      iso(at('2025-12-29T10:00:00+01:00')),
    );
  });

  it('keeps the wall time across the spring change (Sunday 29 March 2026)', () => {
    const due = dueAt(at('2026-03-27T17:00:00+01:00'), calendar);
    expect(iso(due)).toBe(iso(at('2026-03-30T17:00:00+02:00')));
    expect(iso(due)).toBe('2026-03-30T15:00:00.000Z');
  });

  it('keeps the wall time across the autumn change (Sunday 25 October 2026)', () => {
    const due = dueAt(at('2026-10-23T17:00:00+02:00'), calendar);
    expect(iso(due)).toBe(iso(at('2026-10-26T17:00:00+01:00')));
    expect(iso(due)).toBe('2026-10-26T16:00:00.000Z');
  });

  it('counts real hours on a 23-hour working day (Sunday as a working day)', () => {
    const everyDay = { ...calendar, workingDays: parseWorkingDays('mon-sun') ?? new Set() };
    expect(iso(dueAt(at('2026-03-28T12:00:00+01:00'), everyDay))).toBe(
      iso(at('2026-03-29T13:00:00+02:00')),
    );
  });

  it('starts a request received on a public holiday at the next working day', () => {
    // 14 July 2026 is a Tuesday: the count runs over Wednesday.
    expect(iso(dueAt(at('2026-07-14T09:00:00+02:00'), calendar))).toBe(
      iso(at('2026-07-16T00:00:00+02:00')),
    );
  });

  it('honours another promise and other working days', () => {
    const fast = { ...calendar, promiseHours: 4 };
    expect(iso(dueAt(at('2026-11-27T22:00:00+01:00'), fast))).toBe(
      iso(at('2026-11-30T02:00:00+01:00')),
    );
    const withSaturday = { ...calendar, workingDays: parseWorkingDays('mon-sat') ?? new Set() };
    expect(iso(dueAt(at('2026-11-27T17:00:00+01:00'), withSaturday))).toBe(
      iso(at('2026-11-28T17:00:00+01:00')),
    );
  });
});

describe('working time and the inverse of the due time', () => {
  it('counts only working days between two moments', () => {
    expect(
      workingTimeBetween(
        at('2026-11-27T17:00:00+01:00'),
        at('2026-11-30T19:14:00+01:00'),
        calendar,
      ),
    ).toBe(26 * HOUR + 14 * 60_000);
    expect(
      workingTimeBetween(
        at('2026-11-28T09:00:00+01:00'),
        at('2026-11-29T09:00:00+01:00'),
        calendar,
      ),
    ).toBe(0);
  });

  it('finds the latest reception time due by a moment', () => {
    const monday24 = at('2026-12-01T00:00:00+01:00');
    // Every weekend request is due at Monday 24:00, so the latest one is Monday 00:00 exactly.
    expect(iso(latestReceivedDueBy(monday24, calendar, true))).toBe(
      iso(at('2026-11-30T00:00:00+01:00')),
    );
    // Strictly before Monday 24:00: only what was received before the weekend began.
    expect(latestReceivedDueBy(monday24, calendar, false)).toBe(
      at('2026-11-28T00:00:00+01:00') - 1,
    );
    const now = at('2026-11-30T17:00:00+01:00');
    const cutoff = latestReceivedDueBy(now, calendar, false);
    expect(dueAt(cutoff, calendar)).toBeLessThan(now);
    expect(dueAt(cutoff + 1, calendar)).toBeGreaterThanOrEqual(now);
  });
});

describe('call hours', () => {
  it('is open inside the ranges of a working day', () => {
    expect(callWindow(at('2026-11-30T10:00:00+01:00'), calendar)).toEqual({
      open: true,
      closesAt: at('2026-11-30T13:00:00+01:00'),
    });
  });

  it('gives the next range at lunch, at night, at the weekend and on a holiday', () => {
    expect(callWindow(at('2026-11-30T13:30:00+01:00'), calendar)).toEqual({
      open: false,
      nextOpensAt: at('2026-11-30T14:00:00+01:00'),
    });
    expect(callWindow(at('2026-11-30T20:00:00+01:00'), calendar)).toEqual({
      open: false,
      nextOpensAt: at('2026-12-01T10:00:00+01:00'),
    });
    expect(callWindow(at('2026-11-28T11:00:00+01:00'), calendar)).toEqual({
      open: false,
      nextOpensAt: at('2026-11-30T10:00:00+01:00'),
    });
    expect(callWindow(at('2026-12-24T21:00:00+01:00'), calendar)).toEqual({
      open: false,
      nextOpensAt: at('2026-12-28T10:00:00+01:00'),
    });
  });
});

describe('the digest', () => {
  it('is due on a working day from DIGEST_AT until the end of the call hours', () => {
    expect(digestDue(at('2026-11-30T08:29:00+01:00'), calendar)).toBeUndefined();
    expect(digestDue(at('2026-11-30T08:30:00+01:00'), calendar)).toEqual({
      day: '2026-11-30',
      dueBy: at('2026-12-01T00:00:00+01:00'),
    });
    expect(digestDue(at('2026-11-30T19:59:00+01:00'), calendar)?.day).toBe('2026-11-30');
    expect(digestDue(at('2026-11-30T20:00:00+01:00'), calendar)).toBeUndefined();
  });

  it('is never due on a day off', () => {
    expect(digestDue(at('2026-11-28T08:30:00+01:00'), calendar)).toBeUndefined();
    expect(digestDue(at('2026-12-25T09:00:00+01:00'), calendar)).toBeUndefined();
  });

  it('looks again at the next digest time', () => {
    expect(nextDigestLook(at('2026-11-27T09:00:00+01:00'), calendar)).toBe(
      at('2026-11-30T08:30:00+01:00'),
    );
    expect(nextDigestLook(at('2026-03-27T09:00:00+01:00'), calendar)).toBe(
      at('2026-03-30T08:30:00+02:00'),
    );
  });
});

describe('settings', () => {
  it('parses working days', () => {
    expect([...(parseWorkingDays('mon-fri') ?? [])]).toEqual([1, 2, 3, 4, 5]);
    expect([...(parseWorkingDays('mon,wed, sat-sun') ?? [])]).toEqual([1, 3, 6, 7]);
    expect(parseWorkingDays('fri-mon')).toBeUndefined();
    expect(parseWorkingDays('lundi')).toBeUndefined();
    expect(parseWorkingDays('')).toBeUndefined();
  });

  it('parses times and call hours', () => {
    expect(parseTimeOfDay('08:30')).toBe(510);
    expect(parseTimeOfDay('24:00')).toBe(1440);
    expect(parseTimeOfDay('24:30')).toBeUndefined();
    expect(parseTimeOfDay('8h30')).toBeUndefined();
    expect(parseCallHours('14:00-20:00,10:00-13:00')).toEqual([
      { start: 600, end: 780 },
      { start: 840, end: 1200 },
    ]);
    expect(parseCallHours('10:00-13:00,12:00-20:00')).toBeUndefined();
    expect(parseCallHours('13:00-10:00')).toBeUndefined();
  });
});

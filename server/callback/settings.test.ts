import { describe, expect, it } from 'vitest';

import { EnvError, parseEnv } from '#server/env.ts';
import { DEFAULT_CALENDAR } from './calendar.ts';
import { calendarFromEnv } from './settings.ts';

describe('the call-back clock settings', () => {
  it('default to 24 h, Monday to Friday, metropolitan France, Paris, 10-13 h and 14-20 h, 08:30', () => {
    expect(calendarFromEnv(parseEnv({}))).toEqual({
      promiseHours: 24,
      workingDays: new Set([1, 2, 3, 4, 5]),
      holidaysRegion: 'metropole',
      timeZone: 'Europe/Paris',
      callHours: [
        { start: 600, end: 780 },
        { start: 840, end: 1200 },
      ],
      callWindows: [
        { start: 600, end: 780 },
        { start: 840, end: 1020 },
        { start: 1020, end: 1200 },
      ],
      digestAt: 510,
    });
    expect(DEFAULT_CALENDAR).toEqual(calendarFromEnv(parseEnv({})));
  });

  it('read every setting', () => {
    const calendar = calendarFromEnv(
      parseEnv({
        CALLBACK_PROMISE_HOURS: '48',
        WORKING_DAYS: 'mon-sat',
        HOLIDAYS_REGION: 'alsace-moselle',
        TIME_ZONE: 'America/Cayenne',
        CALL_HOURS: '09:00-12:00',
        CALL_WINDOWS: '09:00-10:30,10:30-12:00',
        DIGEST_AT: '07:45',
      }),
    );
    expect(calendar).toEqual({
      promiseHours: 48,
      workingDays: new Set([1, 2, 3, 4, 5, 6]),
      holidaysRegion: 'alsace-moselle',
      timeZone: 'America/Cayenne',
      callHours: [{ start: 540, end: 720 }],
      callWindows: [
        { start: 540, end: 630 },
        { start: 630, end: 720 },
      ],
      digestAt: 465,
    });
  });

  it.each([
    ['CALLBACK_PROMISE_HOURS', '0'],
    ['WORKING_DAYS', 'lundi-vendredi'],
    ['HOLIDAYS_REGION', 'guadeloupe'],
    ['TIME_ZONE', 'Europe/Lutece'],
    ['CALL_HOURS', '10:00-13:00,12:00-20:00'],
    ['DIGEST_AT', '8h30'],
    ['CALL_WINDOWS', '10:00-13:00,12:00-14:00'],
    ['CALL_WINDOWS', '14h-17h'],
  ])('refuse a wrong %s with a message naming it', (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(EnvError);
    expect(() => parseEnv({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it('refuse to start with a slot outside the call hours, naming it', () => {
    expect(() => parseEnv({ CALL_WINDOWS: '12:00-14:00' })).toThrow(
      /CALL_WINDOWS: the slot 12:00-14:00 is not inside CALL_HOURS/,
    );
    expect(() =>
      parseEnv({ CALL_HOURS: '09:00-12:00', CALL_WINDOWS: '10:00-13:00,14:00-17:00' }),
    ).toThrow(/CALL_WINDOWS: the slot 10:00-13:00 is not inside CALL_HOURS/);
    expect(() =>
      parseEnv({ CALL_HOURS: '09:00-20:00', CALL_WINDOWS: '09:00-20:00' }),
    ).not.toThrow();
  });
});

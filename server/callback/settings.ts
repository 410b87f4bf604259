import { z } from 'zod';

import { encodeSlot } from '#contracts/contact/contact-choice.ts';
import { DEFAULT_CALL_WINDOWS, DEFAULT_WORKING_DAYS } from '#config/call-settings.ts';
import { callWindowsSetting, workingDaysSetting } from '#config/setting-schemas.ts';

import {
  isTimeZone,
  parseCallHours,
  parseTimeOfDay,
  type CallbackCalendar,
  type HolidaysRegion,
} from './time-settings.ts';

/**
 * The call-back clock's settings, part of the server's environment (env.ts): each is checked at
 * startup and a wrong value stops the server with a message naming it.
 */
export const CALLBACK_SETTINGS = {
  /** The promise made on every page: a call back within this many hours of working days. */
  CALLBACK_PROMISE_HOURS: z.coerce.number().int().min(1).max(240).default(24),
  /** `mon-fri` (default), or days and ranges such as `mon-thu,sat`. */
  WORKING_DAYS: workingDaysSetting
    .prefault(DEFAULT_WORKING_DAYS)
    .transform((days) => new Set(days)),
  /** Public holidays of metropolitan France; `alsace-moselle` adds Good Friday and 26 December. */
  HOLIDAYS_REGION: z.enum(['metropole', 'alsace-moselle']).default('metropole'),
  /** The company's time zone (IANA name). */
  TIME_ZONE: z
    .string()
    .trim()
    .default('Europe/Paris')
    .refine(isTimeZone, { error: 'expected an IANA time zone such as Europe/Paris' }),
  /** When staff may call (on working days): décret 2022-1313's hours by default. */
  CALL_HOURS: z
    .string()
    .trim()
    .default('10:00-13:00,14:00-20:00')
    .refine((value) => parseCallHours(value) !== undefined, {
      error: 'expected ordered, non-overlapping ranges such as 10:00-13:00,14:00-20:00',
    })
    .transform((value) => parseCallHours(value) ?? []),
  /**
   * The slots a visitor may choose on the form: each inside CALL_HOURS (checked by
   * `callWindowsProblem`, which env.ts runs). The build parses it with the same schema.
   */
  CALL_WINDOWS: callWindowsSetting.prefault(DEFAULT_CALL_WINDOWS),
  /** The morning digest's time (company time, on working days). */
  DIGEST_AT: z
    .string()
    .trim()
    .default('08:30')
    .refine((value) => parseTimeOfDay(value) !== undefined, {
      error: 'expected a time of day such as 08:30',
    })
    .transform((value) => parseTimeOfDay(value) ?? 0),
};

export interface CallbackEnv {
  CALLBACK_PROMISE_HOURS: number;
  WORKING_DAYS: Set<number>;
  HOLIDAYS_REGION: HolidaysRegion;
  TIME_ZONE: string;
  CALL_HOURS: CallbackCalendar['callHours'];
  CALL_WINDOWS: CallbackCalendar['callWindows'];
  DIGEST_AT: number;
}

/** Why CALL_WINDOWS does not fit CALL_HOURS (a slot outside the call hours), if it does not. */
export function callWindowsProblem(env: Pick<CallbackEnv, 'CALL_HOURS' | 'CALL_WINDOWS'>) {
  const outside = env.CALL_WINDOWS.find(
    (slot) => !env.CALL_HOURS.some((range) => range.start <= slot.start && slot.end <= range.end),
  );
  return outside
    ? `CALL_WINDOWS: the slot ${encodeSlot(outside)} is not inside CALL_HOURS`
    : undefined;
}

export function calendarFromEnv(env: CallbackEnv): CallbackCalendar {
  return {
    timeZone: env.TIME_ZONE,
    promiseHours: env.CALLBACK_PROMISE_HOURS,
    workingDays: env.WORKING_DAYS,
    holidaysRegion: env.HOLIDAYS_REGION,
    callHours: env.CALL_HOURS,
    callWindows: env.CALL_WINDOWS,
    digestAt: env.DIGEST_AT,
  };
}

/** The calendar of the defaults (every setting unset). */
export const DEFAULT_CALENDAR: CallbackCalendar = calendarFromEnv(
  z.object(CALLBACK_SETTINGS).parse({}),
);

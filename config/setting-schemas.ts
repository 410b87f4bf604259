/**
 * Zod schemas of the settings the server's (server/env.ts) and the build's (build-env.ts)
 * share: one schema per setting or setting type, with its error message.
 */
import { z } from 'zod';

import { BOOLEAN_SPELLINGS, booleanFromSpelling } from './boolean-setting.ts';
import { callDaysOf, callSlotsOf } from './call-settings.ts';

/** true/false, 1/0 or yes/no. */
export const booleanSetting = z.enum(BOOLEAN_SPELLINGS).transform(booleanFromSpelling);

/** An absolute http(s) URL, scheme included; trailing slashes are dropped. */
export const httpUrlSetting = z
  .url({
    protocol: /^https?$/,
    error: 'expected an absolute URL with its scheme, e.g. https://www.example.fr',
  })
  .transform((value) => value.replace(/\/+$/, ''));

/** WORKING_DAYS: `mon-fri`, `mon,wed,fri`, `mon-thu,sat`; the ISO weekdays, ascending. */
export const workingDaysSetting = z
  .string()
  .trim()
  .refine((value) => callDaysOf(value) !== undefined, {
    error: 'expected days such as mon-fri or mon,tue,thu (mon tue wed thu fri sat sun)',
  })
  .transform((value) => callDaysOf(value) ?? []);

/** CALL_WINDOWS: the slots a visitor may choose, `10:00-13:00,14:00-17:00`; sorted. */
export const callWindowsSetting = z
  .string()
  .trim()
  .refine((value) => callSlotsOf(value) !== undefined, {
    error: 'expected ordered, non-overlapping slots such as 10:00-13:00,14:00-17:00',
  })
  .transform((value) => callSlotsOf(value) ?? []);

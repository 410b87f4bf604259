/** Zod schemas of the setting types shared by the server's settings and the build's. */
import { z } from 'zod';

import { BOOLEAN_SPELLINGS, booleanFromSpelling } from './boolean-setting.ts';

/** true/false, 1/0 or yes/no. */
export const booleanSetting = z.enum(BOOLEAN_SPELLINGS).transform(booleanFromSpelling);

/** An absolute http(s) URL, scheme included; trailing slashes are dropped. */
export const httpUrlSetting = z
  .url({
    protocol: /^https?$/,
    error: 'expected an absolute URL with its scheme, e.g. https://www.example.fr',
  })
  .transform((value) => value.replace(/\/+$/, ''));

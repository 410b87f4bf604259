/** The staff API's request bodies, checked by the server (server/staff/api.ts) only. */
import { z } from 'zod';

import {
  CALL_OUTCOME_VALUES,
  EXPORT_COLUMN_SETS,
  EXPORT_SCOPES,
  INBOX_VIEWS,
  LEAD_STATUS_VALUES,
  OWNER_ME,
  OWNER_NOBODY,
  type InboxFilter,
} from './contract.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const InboxFilterSchema = z.strictObject({
  q: z.string().trim().max(100).optional(),
  status: z.enum(LEAD_STATUS_VALUES).optional(),
  produit: z.string().trim().max(100).optional(),
  clientType: z.enum(['particulier', 'professionnel']).optional(),
  /** Inclusive days (YYYY-MM-DD, Europe/Paris is not assumed: days are UTC). */
  from: z.string().regex(DAY).optional(),
  to: z.string().regex(DAY).optional(),
  sourcePage: z.string().trim().max(200).optional(),
  /** `moi`, `a-attribuer` or a person's id (a uuid). */
  owner: z
    .union([z.enum([OWNER_ME, OWNER_NOBODY]), z.string().regex(/^[0-9a-f-]{36}$/)])
    .optional(),
  vue: z.enum(INBOX_VIEWS).optional(),
  page: z.number().int().min(1).max(100_000).optional(),
});

/** The export's form: the list's filter (no page), which requests and which columns. */
export const ExportRequestSchema = InboxFilterSchema.omit({ page: true }).extend({
  portee: z.enum(EXPORT_SCOPES),
  /** Absent (a form from before the choice): the list's columns. */
  colonnes: z.enum(EXPORT_COLUMN_SETS).default('liste'),
});

export const SignInRequestSchema = z.strictObject({ email: z.string().trim().max(254) });
export const SessionRequestSchema = z.strictObject({ token: z.string().min(1).max(200) });
export const StatusChangeSchema = z.strictObject({
  status: z.enum(LEAD_STATUS_VALUES),
  note: z.string().trim().max(4_000).optional(),
});

/** No outcome is refused by the route with its own French message (nothing is preselected). */
export const CallRecordSchema = z.strictObject({
  outcome: z.enum(CALL_OUTCOME_VALUES).optional(),
  note: z.string().trim().max(4_000).optional(),
});

// The schema and the contract's type describe the same object.
const sameFilter: z.infer<typeof InboxFilterSchema> extends InboxFilter ? true : never = true;
void sameFilter;

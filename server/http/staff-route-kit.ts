import type { Context, MiddlewareHandler } from 'hono';
import type { z } from 'zod';

import type { StaffIdentity } from '#contracts/staff/contract.ts';

export type StaffEnv = { Variables: { staff: StaffIdentity; sessionHash: string } };

export type StaffFailure = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503;

/**
 * What the staff API (server/staff/routes.ts) hands to the capabilities whose routes sit behind
 * the staff session (the inbox, the call-back clock): the session check and the request helpers.
 */
export interface StaffRouteKit {
  /** 401 without a valid session; sets `staff` and `sessionHash`. */
  requireStaff: MiddlewareHandler<StaffEnv>;
  /** 413 past 16 KB. */
  limitSize: MiddlewareHandler;
  /** The JSON body checked by `schema`, or the refusal to send. */
  readJson<T extends z.ZodType>(
    c: Context,
    schema: T,
  ): Promise<{ ok: true; value: z.infer<T> } | { ok: false; response: Response }>;
  /** A refusal: `{ error }` in French. */
  fail(c: Context, status: StaffFailure, error: string): Response;
  /** The `:id` parameter when it is a well-formed lead id. */
  leadId(c: Context): string | undefined;
  now: () => number;
}

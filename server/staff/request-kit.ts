import type { Context, Hono, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { z } from 'zod';

import { STAFF_API_PREFIX } from '#contracts/staff/contract.ts';
import { CACHE_NONE } from '#server/http/cache-control.ts';
import { isCrossSiteRequest, parseJsonSafely } from '#server/http/request-guards.ts';
import type { StaffFailure } from '#server/http/staff-route-kit.ts';
import type { Logger } from '#server/logger.ts';
import { STAFF_ERRORS } from './messages.ts';

/** The staff API's request helpers, its routes' and those of the pages behind its session. */

const LEAD_ID = /^[A-Za-z0-9-]{1,64}$/;

/** A refusal: `{ error }` in French. */
export const fail = (c: Context, status: StaffFailure, error: string) => c.json({ error }, status);

/** 413 past 16 KB. */
export const limitSize = bodyLimit({
  maxSize: 16 * 1024,
  onError: (c) => fail(c, 413, STAFF_ERRORS.tooLarge),
});

/** The JSON body checked by `schema`, or the refusal to send. */
export async function readJson<T extends z.ZodType>(
  c: Context,
  schema: T,
): Promise<{ ok: true; value: z.infer<T> } | { ok: false; response: Response }> {
  const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') {
    return { ok: false, response: fail(c, 415, STAFF_ERRORS.contentType) };
  }
  let data: unknown;
  try {
    data = parseJsonSafely(
      new TextDecoder('utf-8', { fatal: true }).decode(await c.req.arrayBuffer()),
    );
  } catch {
    return { ok: false, response: fail(c, 400, STAFF_ERRORS.malformed) };
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) return { ok: false, response: fail(c, 400, STAFF_ERRORS.invalid) };
  return { ok: true, value: parsed.data };
}

/** The `:id` parameter when it is a well-formed lead id. */
export function leadId(c: Context): string | undefined {
  const id = c.req.param('id');
  return id && LEAD_ID.test(id) ? id : undefined;
}

/**
 * Every answer under the prefix: a state-changing request from another site refused (403)
 * before anything else; a failure after the checks (the database or anything else) a French
 * 503 without details (app.onError has logged it); never stored by a cache, never indexed.
 */
export function guardStaffApi(app: Hono, origins: () => readonly string[], logger: Logger): void {
  const guard: MiddlewareHandler = async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      if (isCrossSiteRequest(c.req.raw.headers, origins(), { acceptSameSite: false })) {
        logger.info('staff_cross_site_refused', { method: c.req.method });
        return finish(c, fail(c, 403, STAFF_ERRORS.crossSite));
      }
    }
    await next();
    if (c.error) return finish(c, fail(c, 503, STAFF_ERRORS.unavailable));
    return finish(c, c.res);
  };
  app.use(`${STAFF_API_PREFIX}/*`, guard);
}

/** Every staff answer: never stored by a cache or a browser, never indexed. */
function finish(c: Context, response: Response): Response {
  response.headers.set('Cache-Control', CACHE_NONE);
  response.headers.set('X-Robots-Tag', 'noindex, nofollow');
  c.res = response;
  return response;
}

import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { z } from 'zod';

import { VISITOR_API_PREFIX, type VisitorRefused } from '#contracts/contact/visitor-api.ts';
import { CACHE_NONE } from '#server/http/cache-control.ts';
import { MemoryBudget, type ClientBudget } from '#server/http/client-budget.ts';
import { readWholeBody } from '#server/http/request-body.ts';
import { requestClientKey } from '#server/http/request-client.ts';
import { isCrossSiteRequest, parseJsonSafely } from '#server/http/request-guards.ts';
import type { RefusalLog } from '#server/http/refusal-log.ts';
import type { Logger } from '#server/logger.ts';
import { VISITOR_MESSAGES } from './messages.ts';
import type { VisitorOutcome, VisitorService } from './service.ts';

/** The largest body the API reads: a token and a few days and slots. */
const VISITOR_BODY_BYTES = 2048;
/**
 * Visitor API requests in progress at once (their bodies read), per instance; past it, an
 * immediate 429 (not a 503: a flood is answered with 4xx only: ADR 0033). Above the 64
 * connections of the measured flood (`npm run bench:visitor`), which therefore never meets it:
 * it bounds an open-loop flood's requests waiting for a database connection.
 */
export const VISITOR_MAX_IN_PROGRESS = 128;

/** Requests per client key in a window (`visitorBudget`). */
export const VISITOR_REQUESTS_PER_WINDOW = 30;
const VISITOR_WINDOW_MS = 15 * 60 * 1000;

/**
 * The visitor page's API per client: at most `VISITOR_REQUESTS_PER_WINDOW` requests per client
 * key in a fixed window, counted in this instance's memory, so a client over it is refused at
 * no database cost. Past 50 000 clients in one window, new clients are not counted (each of
 * their requests still costs at most the token's one indexed read).
 */
function visitorBudget(): ClientBudget {
  return new MemoryBudget({
    limit: VISITOR_REQUESTS_PER_WINDOW,
    windowMs: VISITOR_WINDOW_MS,
    maxClients: 50_000,
    overflow: 'uncounted',
  });
}

export interface VisitorApiDeps {
  service: VisitorService;
  logger: Logger;
  refusalLog: RefusalLog;
  origins: () => readonly string[];
  trustProxy?: string;
  /** A 429 is sent after this delay (REFUSAL_DELAY_MS, as the endpoint's). */
  refusalDelayMs: number;
  /**
   * After an erasure committed, with the erased requests' ids: clears what names them outside
   * the transaction (`clearErasedTraces` of server/retention, ADR 0032).
   */
  onErased: (leadIds: readonly string[]) => Promise<unknown>;
  /** A change was written: kick the outbox and the webhook workers. */
  onChanged: () => void;
  budget?: ClientBudget;
  now?: () => number;
}

type Failure = 400 | 403 | 404 | 405 | 408 | 409 | 413 | 415 | 429 | 503;

/** What every route of the visitor API answers with (./routes.ts). */
export interface VisitorRouteKit {
  /** The checks before a route: origin, budget, type, size, the whole body, admission. */
  guard: MiddlewareHandler;
  /** The body as `schema` reads it, undefined when it is not that JSON. */
  readBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T> | undefined>;
  /** A refusal: logged in aggregate (`visitor_refused`), answered with its words. */
  fail(c: Context, status: Failure, reason: string, body: VisitorRefused): Response;
  /** A wrong, expired or used-up link, one answer whatever the case. */
  unknown(c: Context): Response;
  malformed(c: Context): Response;
  /** The service's outcome of an act, as its answer; `act` names a change for the log. */
  answer(c: Context, outcome: VisitorOutcome, act?: string): Response;
}

/**
 * The visitor API's common answers (no-store and noindex on each; a refused client's 429 held
 * for `refusalDelayMs`; 405 for any other method) and its kit, on `app`.
 */
export function visitorRouteKit(app: Hono, deps: VisitorApiDeps): VisitorRouteKit {
  const held = new WeakSet<Request>();
  const fail = (c: Context, status: Failure, reason: string, body: VisitorRefused) => {
    deps.refusalLog.record(`visitor-${reason}`, status, undefined, 'visitor_refused');
    return c.json(body, status);
  };
  const unknown = (c: Context) =>
    fail(c, 404, 'unknown-link', { error: VISITOR_MESSAGES.unknownLink });

  app.use(`${VISITOR_API_PREFIX}/*`, async (c, next) => {
    await next();
    c.header('Cache-Control', CACHE_NONE);
    c.header('X-Robots-Tag', 'noindex, nofollow');
    if (held.has(c.req.raw))
      await new Promise((resolve) => setTimeout(resolve, deps.refusalDelayMs));
  });
  app.on(['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE'], `${VISITOR_API_PREFIX}/*`, (c) =>
    c.json({ error: VISITOR_MESSAGES.method }, 405, { Allow: 'POST' }),
  );
  return {
    guard: visitorGuard(deps, fail, held),
    readBody,
    fail,
    unknown,
    malformed: (c) => fail(c, 400, 'malformed', { error: VISITOR_MESSAGES.invalid }),
    answer: (c, outcome, act) => answer(c, outcome, act, { deps, fail, unknown }),
  };
}

/**
 * The checks in order: another site's request (its `Origin`, or `Sec-Fetch-Site`) 403; a client
 * over its budget (in memory), 429 held (`held`); content type 415; size 413; the whole body
 * read (a client that sends it slowly holds no slot meanwhile: ADR 0033); past the bound of
 * requests in progress, 429 at once; a failure of the route, 503.
 */
function visitorGuard(
  deps: VisitorApiDeps,
  fail: VisitorRouteKit['fail'],
  held: WeakSet<Request>,
): MiddlewareHandler {
  const budget = deps.budget ?? visitorBudget();
  const now = deps.now ?? Date.now;
  let inProgress = 0;
  return async (c, next) => {
    if (isCrossSiteRequest(c.req.raw.headers, deps.origins(), { acceptSameSite: false })) {
      return fail(c, 403, 'cross-site', { error: VISITOR_MESSAGES.crossSite });
    }
    const verdict = await budget.consume(requestClientKey(c, deps.trustProxy), now());
    if (!verdict.allowed) {
      if (deps.refusalDelayMs > 0) held.add(c.req.raw);
      c.header('Retry-After', String(verdict.retryAfterSeconds));
      return fail(c, 429, 'rate-limit', { error: VISITOR_MESSAGES.rateLimited });
    }
    const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/json') {
      return fail(c, 415, 'content-type', { error: VISITOR_MESSAGES.contentType });
    }
    const length = Number(c.req.header('content-length') ?? NaN);
    if (!(length <= VISITOR_BODY_BYTES)) {
      return fail(c, 413, 'too-large', { error: VISITOR_MESSAGES.tooLarge });
    }
    const body = await readWholeBody(c, VISITOR_BODY_BYTES);
    if (body === 'too-large')
      return fail(c, 413, 'too-large', { error: VISITOR_MESSAGES.tooLarge });
    // Its connection ended before the body did (the client left, or the request timeout cut
    // it): counted among the refusals; the answer usually reaches nobody.
    if (body === 'incomplete') {
      return fail(c, 408, 'incomplete-body', { error: VISITOR_MESSAGES.invalid });
    }
    if (inProgress >= VISITOR_MAX_IN_PROGRESS) {
      c.header('Retry-After', '2');
      return fail(c, 429, 'admission', { error: VISITOR_MESSAGES.rateLimited });
    }
    inProgress += 1;
    try {
      await next();
    } catch (error) {
      deps.logger.error('visitor_failed', { error });
      c.res = fail(c, 503, 'unavailable', { error: VISITOR_MESSAGES.unavailable });
    } finally {
      inProgress -= 1;
    }
  };
}

async function readBody<T extends z.ZodType>(c: Context, schema: T) {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(await c.req.arrayBuffer());
    if (text.length > VISITOR_BODY_BYTES) return undefined;
    const parsed = schema.safeParse(parseJsonSafely(text));
    return parsed.success ? (parsed.data as z.infer<T>) : undefined;
  } catch {
    return undefined;
  }
}

function answer(
  c: Context,
  outcome: VisitorOutcome,
  act: string | undefined,
  kit: { deps: VisitorApiDeps; fail: VisitorRouteKit['fail']; unknown: VisitorRouteKit['unknown'] },
): Response {
  const { deps, fail, unknown } = kit;
  switch (outcome.status) {
    case 'unknown':
      return unknown(c);
    case 'closed':
      return fail(c, 409, 'closed', { error: VISITOR_MESSAGES.closed });
    case 'invalid':
      return fail(c, 400, 'invalid', { error: VISITOR_MESSAGES.invalid, fields: outcome.fields });
    case 'withdrawn':
      return fail(c, 409, 'withdrawn', { error: VISITOR_MESSAGES.callsWithdrawn });
    case 'limited':
      c.header('Retry-After', String(outcome.retryAfterSeconds));
      return fail(c, 429, 'daily-changes', { error: VISITOR_MESSAGES.tooManyChanges });
    case 'stale':
      return fail(c, 409, 'stale-consent', { error: VISITOR_MESSAGES.staleConsent });
    default:
      // An act that asked for what already stood wrote nothing: nothing to tell the workers.
      if (act && !outcome.unchanged) {
        deps.logger.info('visitor_changed', { action: act });
        deps.onChanged();
      }
      return c.json(outcome.view);
  }
}

import type { Context, Hono, MiddlewareHandler } from 'hono';
import { z } from 'zod';

import {
  VISITOR_API,
  VISITOR_API_PREFIX,
  type VisitorErased,
  type VisitorRefused,
} from '#contracts/contact/visitor-api.ts';
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
export const VISITOR_BODY_BYTES = 2048;
/**
 * Visitor API requests in progress at once (their bodies read), per instance; past it, an
 * immediate 429 (not a 503: a flood is answered with 4xx only, ADR 0029). Above the 64
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

const TokenBody = z.object({ jeton: z.unknown() });
/** An act on one request names it: its id (checked to have the link's address, ADR 0031). */
const RequestId = z.string().max(64);
const RequestBody = z.object({ jeton: z.unknown(), demande: RequestId });
// Days and slots are read as text and normalised by the service (choice-input.ts, ADR 0030).
const SlotsBody = z.object({
  jeton: z.unknown(),
  demande: RequestId,
  jours: z.array(z.string().max(20)).max(14),
  creneaux: z.array(z.string().max(20)).max(12),
});
const AllowCallsBody = z.object({
  jeton: z.unknown(),
  demande: RequestId,
  accord: z.literal(true),
  version: z.string().max(20),
});
const EraseBody = z.object({ jeton: z.unknown(), confirmer: z.literal(true) });

/**
 * The visitor page's API (ADR 0029), all POST under `VISITOR_API_PREFIX`, the token in
 * the JSON body. In order: no-store and noindex on every answer; another site's request (its
 * `Origin`, or `Sec-Fetch-Site`) 403; a client over its budget (in memory), 429 held for
 * `refusalDelayMs`; content type 415; size 413; the whole body read (a client that sends it
 * slowly holds no slot meanwhile, and REQUEST_TIMEOUT_MS closes its connection: ADR 0033); past
 * the bound of requests in progress, 429 at once; a body that is not the act's JSON 400; then
 * the service: a wrong, expired or used-up token 404 with one message whatever the case.
 * Refusals are logged in aggregate (`visitor_refused`, a reason, a status, a count); no token,
 * address or slot is ever logged.
 */
export function registerVisitorApi(app: Hono, deps: VisitorApiDeps): void {
  const { service, refusalLog } = deps;
  const budget = deps.budget ?? visitorBudget();
  const now = deps.now ?? Date.now;
  const held = new WeakSet<Request>();
  let inProgress = 0;

  const fail = (c: Context, status: Failure, reason: string, body: VisitorRefused) => {
    refusalLog.record(`visitor-${reason}`, status, undefined, 'visitor_refused');
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

  const guard: MiddlewareHandler = async (c, next) => {
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
  const malformed = (c: Context) => fail(c, 400, 'malformed', { error: VISITOR_MESSAGES.invalid });

  const answer = (c: Context, outcome: VisitorOutcome, act?: string) => {
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
  };

  app.post(VISITOR_API.read, guard, async (c) => {
    const body = await readBody(c, TokenBody);
    if (!body) return malformed(c);
    const outcome = await service.read(body.jeton);
    return outcome.status === 'ok' ? c.json(outcome.person) : unknown(c);
  });

  app.post(VISITOR_API.slots, guard, async (c) => {
    const body = await readBody(c, SlotsBody);
    if (!body) return malformed(c);
    const { jeton, demande, jours, creneaux } = body;
    return answer(c, await service.changeSlots(jeton, demande, jours, creneaux), 'slots');
  });

  app.post(VISITOR_API.stopCalls, guard, async (c) => {
    const body = await readBody(c, RequestBody);
    if (!body) return malformed(c);
    return answer(c, await service.stopCalls(body.jeton, body.demande), 'stop_calls');
  });

  app.post(VISITOR_API.allowCalls, guard, async (c) => {
    const body = await readBody(c, AllowCallsBody);
    if (!body) return malformed(c);
    return answer(
      c,
      await service.allowCalls(body.jeton, body.demande, body.version),
      'allow_calls',
    );
  });

  app.post(VISITOR_API.erase, guard, async (c) => {
    const body = await readBody(c, EraseBody);
    if (!body) return fail(c, 400, 'malformed', { error: VISITOR_MESSAGES.confirmErase });
    const ids = await service.erase(body.jeton);
    if (ids === undefined) return unknown(c);
    await deps.onErased(ids);
    deps.onChanged();
    deps.logger.info('visitor_changed', { action: 'erase', count: ids.length });
    return c.json({ erased: ids.length } satisfies VisitorErased);
  });
}

import type { Context, Hono, MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';

import {
  type ContactRefused,
  CONTACT_ENDPOINT_PATH,
  CONTACT_ERROR_PATHS,
  type RefusalReason,
} from '#contracts/contact/lead-contract.ts';
import type { CallbackFacts } from '#contracts/contact/callback-time.ts';
import type { ContactChoice } from '#contracts/contact/contact-choice.ts';
import { type FieldErrors, LIMITS } from '#contracts/contact/schema.ts';
import { CACHE_NONE } from '#server/http/cache-control.ts';
import type { LeadService } from './submit-lead.ts';
import type { Logger } from '#server/logger.ts';
import { requestClientKey } from '#server/http/request-client.ts';
import { readWholeBody } from '#server/http/request-body.ts';
import { isCrossSiteRequest, parseJsonSafely } from '#server/http/request-guards.ts';
import { acceptedAnswer } from './accepted-answer.ts';
import { ERRORS } from './errors.ts';
import { RefusalLog } from '#server/http/refusal-log.ts';
import { requestEncoding } from './request-encoding.ts';
import { nativePayload } from './native-origin.ts';

export { ERRORS, requestEncoding };

/**
 * `POST CONTACT_ENDPOINT_PATH`, HTTP only: the Supabase function contract the script speaks
 * (JSON in, JSON out, CORS for the site's origins) and the browser's native form post
 * (`application/x-www-form-urlencoded` in, `303 See Other` to a page of the site out). Checks:
 * content type (415), for a native post its origin (403), size (413), the whole body read (a
 * client that sends it slowly holds no slot until then: ADR 0033), admission control (503 at once
 * past the bound of requests in progress), the site's budget known to be spent and the client's
 * rate limit (503 / 429, early checks that count nothing), a readable body (400); then the lead
 * service validates (400), counts the request against the rate limit (429) and the site's
 * budget (503) and stores it (a repeat of a request just stored gets the same answer). Every
 * JSON error answer is `{ error }` in French, never a stack trace; refusals are logged in
 * aggregate (server/http/refusal-log.ts), and "too many" ones are held before being sent.
 */
export const CORS_ALLOWED_HEADERS = 'apikey, authorization, content-type, x-client-info';
export const CORS_ALLOWED_METHODS = 'POST, OPTIONS';

/** Lead requests in progress at once (admission control); past it, an immediate 503. */
export const DEFAULT_MAX_REQUESTS_IN_PROGRESS = 64;
/** Retry-After of a refusal by admission control, in seconds. */
export const ADMISSION_RETRY_AFTER_SECONDS = 2;
/** How long a rate-limit or site-budget refusal is held before it is sent (default). */
export const DEFAULT_REFUSAL_DELAY_MS = 1_000;
/** Refusals that say "too many": held (see `refusalDelayMs`). */
const HELD_REASONS = new Set(['client-rate-limit', 'site-budget']);

export interface ContactEndpointDeps {
  leads: LeadService;
  logger: Logger;
  /** The origins a browser may call from (read on each request: the port may be known late). */
  origins: () => readonly string[];
  /**
   * SITE_URL, when set: the base of the redirects that answer a native post. Unset: a native
   * post from one of the site's origins is sent back to that origin, any other to a relative
   * `Location` (the origin the form was served from); never to an origin named by `Host` or
   * `X-Forwarded-*`.
   */
  siteUrl?: string;
  /** Header naming the client address behind a proxy; unset: the socket address. */
  trustProxy?: string;
  /** Admission control: lead requests in progress at once (default 64). */
  maxRequestsInProgress?: number;
  /** Where refusals are counted and logged in aggregate (one is made when not given). */
  refusalLog?: RefusalLog;
  /**
   * A 429 (client over its limit) or a 503 (site budget spent) is sent after this delay, which
   * costs a timer and no CPU: a robot that waits for each answer before sending the next one
   * (most do) then sends one request per connection and delay, instead of as many as the
   * server can refuse, which leaves the event loop to the pages. The admission control's 503
   * stays immediate, and a held request no longer counts as in progress. 0: no delay.
   */
  refusalDelayMs?: number;
  /**
   * The call-back clock: when the company calls back (or answers by e-mail) a request received at
   * a moment with this choice of contact, as company wall times (`YYYY-MM-DDTHH:MM`, see
   * contracts/contact/callback-time.ts). Given, the answer says it (`callbackBy`, and
   * `callbackFrom` and `recontact`) and a native post lands on `/contact/merci#rappel=…`; not
   * given, the pages state the general rule.
   */
  callbackFacts?: (receivedAt: number, choice: ContactChoice) => CallbackFacts;
  /** The confirmation links to the visitor's page (the Node server): see `acceptedAnswer`. */
  confirmationLinks?: boolean;
}

interface Refusal {
  /** For the aggregated log: what refused it. */
  reason: string;
  status: 400 | 403 | 408 | 413 | 415 | 429 | 503;
  error: string;
  /** The page that explains it after a native post; none: answered as JSON either way. */
  page?: RefusalReason;
  fields?: FieldErrors;
  retryAfterSeconds?: number;
}

export function registerContactEndpoint(app: Hono, deps: ContactEndpointDeps): void {
  const { leads, logger } = deps;
  const isSiteOrigin = (origin: string | undefined) =>
    origin !== undefined && deps.origins().includes(origin);
  const pageUrl = (c: Context, path: string) => {
    if (deps.siteUrl) return new URL(path, deps.siteUrl).href;
    const origin = c.req.header('origin');
    return isSiteOrigin(origin) ? `${origin}${path}` : path;
  };

  const refusals = deps.refusalLog ?? new RefusalLog(logger);
  const maxInProgress = deps.maxRequestsInProgress ?? DEFAULT_MAX_REQUESTS_IN_PROGRESS;
  const refusalDelayMs = deps.refusalDelayMs ?? DEFAULT_REFUSAL_DELAY_MS;
  let inProgress = 0;
  /** Requests whose answer is held before it is sent. */
  const held = new WeakSet<Request>();

  const refuse = (c: Context, refusal: Refusal): Response => {
    if (refusalDelayMs > 0 && HELD_REASONS.has(refusal.reason)) held.add(c.req.raw);
    // In aggregate, with field names only, never their values.
    refusals.record(
      refusal.reason,
      refusal.status,
      refusal.fields ? Object.keys(refusal.fields) : undefined,
    );
    if (refusal.page && requestEncoding(c.req.header('content-type')) === 'form') {
      return c.redirect(pageUrl(c, CONTACT_ERROR_PATHS[refusal.page]), 303);
    }
    const body: ContactRefused = { error: refusal.error };
    if (refusal.fields) body.fields = refusal.fields;
    const headers: Record<string, string> = {};
    if (refusal.retryAfterSeconds !== undefined) {
      headers['Retry-After'] = String(refusal.retryAfterSeconds);
    }
    return c.json(body, refusal.status, headers);
  };

  const rateLimited = (retryAfterSeconds: number): Refusal => ({
    reason: 'client-rate-limit',
    status: 429,
    error: ERRORS.rateLimited,
    page: 'rateLimited',
    retryAfterSeconds,
  });
  const unavailable: Refusal = {
    reason: 'storage-unavailable',
    status: 503,
    error: ERRORS.unavailable,
    page: 'unavailable',
  };
  const overloaded = (reason: string, retryAfterSeconds: number): Refusal => ({
    reason,
    status: 503,
    error: ERRORS.overloaded,
    page: 'unavailable',
    retryAfterSeconds,
  });

  // CORS for the script's calls from the site's origins; other origins get no CORS header at all.
  // The allowed lists are single pre-joined values so the headers keep their exact bytes.
  const siteCors = cors({
    origin: (origin) => (isSiteOrigin(origin) ? origin : null),
    allowMethods: [CORS_ALLOWED_METHODS],
    allowHeaders: [CORS_ALLOWED_HEADERS],
    exposeHeaders: ['Retry-After'],
    maxAge: 600,
  });
  app.use(CONTACT_ENDPOINT_PATH, async (c, next) => {
    c.header('Cache-Control', CACHE_NONE);
    if (isSiteOrigin(c.req.header('origin'))) return siteCors(c, next);
    c.header('Vary', 'Origin');
    if (c.req.method === 'OPTIONS') return c.body(null, 204);
    await next();
  });

  // A GET would carry the form's values in its URL: refused, and its query is never logged.
  app.get(CONTACT_ENDPOINT_PATH, (c) =>
    c.json({ error: ERRORS.method }, 405, { Allow: CORS_ALLOWED_METHODS }),
  );

  const checkEncodingAndOrigin: MiddlewareHandler = async (c, next) => {
    const encoding = requestEncoding(c.req.header('content-type'));
    if (!encoding) {
      return refuse(c, { reason: 'content-type', status: 415, error: ERRORS.contentType });
    }
    if (
      encoding === 'form' &&
      isCrossSiteRequest(c.req.raw.headers, deps.origins(), { acceptSameSite: true })
    ) {
      return refuse(c, { reason: 'cross-site', status: 403, error: ERRORS.crossSite });
    }
    await next();
  };

  const tooLarge = (c: Context) =>
    refuse(c, { reason: 'too-large', status: 413, error: ERRORS.tooLarge, page: 'tooLarge' });
  // The whole body before anything counts the request (ADR 0033): over 16 KiB, 413; cut short
  // (the client left, or REQUEST_TIMEOUT_MS), a refusal whose answer usually reaches nobody.
  const wholeBody: MiddlewareHandler = async (c, next) => {
    const read = await readWholeBody(c, LIMITS.bodyBytes);
    if (read === 'too-large') return tooLarge(c);
    if (read === 'incomplete') {
      return refuse(c, { reason: 'incomplete-body', status: 408, error: ERRORS.malformed });
    }
    await next();
  };

  // Admission control, once the body is in: a bounded number of lead requests in progress; past
  // it, an immediate 503 that costs no parsing and no database work.
  const admitted: MiddlewareHandler = async (c, next) => {
    if (inProgress >= maxInProgress) {
      return refuse(c, overloaded('admission', ADMISSION_RETRY_AFTER_SECONDS));
    }
    inProgress += 1;
    try {
      await next();
    } finally {
      inProgress -= 1;
    }
  };

  const malformed: Refusal = {
    reason: 'malformed',
    status: 400,
    error: ERRORS.malformed,
    page: 'invalid',
  };

  // Outermost: holds a "too many" refusal once the request is out of the in-progress count.
  const holdRefusal: MiddlewareHandler = async (c, next) => {
    await next();
    if (held.has(c.req.raw)) await new Promise((resolve) => setTimeout(resolve, refusalDelayMs));
  };

  app.post(
    CONTACT_ENDPOINT_PATH,
    holdRefusal,
    checkEncodingAndOrigin,
    wholeBody,
    admitted,
    async (c) => {
      const encoding = requestEncoding(c.req.header('content-type'));
      const key = requestClientKey(c, deps.trustProxy);
      const admission = await leads.admit(key);
      if (admission.status === 'rate-limited') {
        return refuse(c, rateLimited(admission.retryAfterSeconds));
      }
      if (admission.status === 'overloaded') {
        return refuse(c, overloaded('site-budget', admission.retryAfterSeconds));
      }
      if (admission.status === 'unavailable') return refuse(c, unavailable);

      let data: unknown;
      try {
        const text = new TextDecoder('utf-8', { fatal: true }).decode(await c.req.arrayBuffer());
        data =
          encoding === 'form'
            ? nativePayload(text, c.req.header('referer'), deps.origins())
            : parseJsonSafely(text);
      } catch {
        return refuse(c, malformed);
      }
      if (data === undefined) return refuse(c, malformed);

      const outcome = await leads.submitLead(data, key);
      switch (outcome.status) {
        case 'invalid': {
          const fields = Object.keys(outcome.fields).length > 0 ? outcome.fields : undefined;
          return refuse(c, {
            reason: 'invalid',
            status: 400,
            error: outcome.error,
            page: 'invalid',
            fields,
          });
        }
        case 'rate-limited':
          return refuse(c, rateLimited(outcome.retryAfterSeconds));
        case 'overloaded':
          return refuse(c, overloaded('site-budget', outcome.retryAfterSeconds));
        case 'unavailable':
          return refuse(c, unavailable);
        default: {
          // Acknowledged like the first: the same answer, the same id.
          if (outcome.status === 'duplicate')
            refusals.record('duplicate', 200, undefined, 'lead_duplicate');
          // A robot's request (honeypot) gets the same answer, time included.
          const facts = deps.callbackFacts?.(outcome.receivedAt, outcome.contact.choice) ?? {};
          const { body, thanksPath } = acceptedAnswer(outcome, facts, !!deps.confirmationLinks);
          // In the fragment: the browser keeps it across the redirect and never sends it.
          if (encoding === 'form') return c.redirect(pageUrl(c, thanksPath), 303);
          return c.json(body);
        }
      }
    },
  );
}

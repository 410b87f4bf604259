import type { Hono, MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';

import { CONTACT_ENDPOINT_PATH } from '#contracts/contact/lead-contract.ts';
import { LIMITS } from '#contracts/contact/schema.ts';
import { CACHE_NONE } from '#server/http/cache-control.ts';
import { readWholeBody } from '#server/http/request-body.ts';
import { isCrossSiteRequest } from '#server/http/request-guards.ts';
import { type ContactAnswers, overloaded } from './contact-answers.ts';
import { ERRORS } from './errors.ts';
import { requestEncoding } from './request-encoding.ts';

/** The contact endpoint's checks before the lead service sees a request (see ./routes.ts). */

export const CORS_ALLOWED_HEADERS = 'apikey, authorization, content-type, x-client-info';
const CORS_ALLOWED_METHODS = 'POST, OPTIONS';
/** Retry-After of a refusal by admission control, in seconds. */
const ADMISSION_RETRY_AFTER_SECONDS = 2;

/**
 * CORS for the script's calls from the site's origins; other origins get no CORS header at all.
 * The allowed lists are single pre-joined values so the headers keep their exact bytes. A GET
 * would carry the form's values in its URL: refused, and its query is never logged.
 */
export function registerCorsAndMethods(app: Hono, answers: ContactAnswers): void {
  const siteCors = cors({
    origin: (origin) => (answers.isSiteOrigin(origin) ? origin : null),
    allowMethods: [CORS_ALLOWED_METHODS],
    allowHeaders: [CORS_ALLOWED_HEADERS],
    exposeHeaders: ['Retry-After'],
    maxAge: 600,
  });
  app.use(CONTACT_ENDPOINT_PATH, async (c, next) => {
    c.header('Cache-Control', CACHE_NONE);
    if (answers.isSiteOrigin(c.req.header('origin'))) return siteCors(c, next);
    c.header('Vary', 'Origin');
    if (c.req.method === 'OPTIONS') return c.body(null, 204);
    await next();
  });
  app.get(CONTACT_ENDPOINT_PATH, (c) =>
    c.json({ error: ERRORS.method }, 405, { Allow: CORS_ALLOWED_METHODS }),
  );
}

/** A known content type (415), and for a native post a same-site origin (403). */
export function checkEncodingAndOrigin(answers: ContactAnswers): MiddlewareHandler {
  return async (c, next) => {
    const encoding = requestEncoding(c.req.header('content-type'));
    if (!encoding) {
      return answers.refuse(c, { reason: 'content-type', status: 415, error: ERRORS.contentType });
    }
    if (
      encoding === 'form' &&
      isCrossSiteRequest(c.req.raw.headers, answers.origins(), { acceptSameSite: true })
    ) {
      return answers.refuse(c, { reason: 'cross-site', status: 403, error: ERRORS.crossSite });
    }
    await next();
  };
}

/**
 * The whole body before anything counts the request (ADR 0033): over 16 KiB, 413; cut short
 * (the client left, or REQUEST_TIMEOUT_MS), a refusal whose answer usually reaches nobody.
 */
export function wholeBody(answers: ContactAnswers): MiddlewareHandler {
  return async (c, next) => {
    const read = await readWholeBody(c, LIMITS.bodyBytes);
    if (read === 'too-large') {
      return answers.refuse(c, {
        reason: 'too-large',
        status: 413,
        error: ERRORS.tooLarge,
        page: 'tooLarge',
      });
    }
    if (read === 'incomplete') {
      return answers.refuse(c, { reason: 'incomplete-body', status: 408, error: ERRORS.malformed });
    }
    await next();
  };
}

/**
 * Admission control, once the body is in: at most `maxInProgress` lead requests in progress;
 * past it, an immediate 503 that costs no parsing and no database work.
 */
export function admissionControl(
  answers: ContactAnswers,
  maxInProgress: number,
): MiddlewareHandler {
  let inProgress = 0;
  return async (c, next) => {
    if (inProgress >= maxInProgress) {
      return answers.refuse(c, overloaded('admission', ADMISSION_RETRY_AFTER_SECONDS));
    }
    inProgress += 1;
    try {
      await next();
    } finally {
      inProgress -= 1;
    }
  };
}

import type { Context, MiddlewareHandler } from 'hono';

import {
  type ContactRefused,
  CONTACT_ERROR_PATHS,
  type RefusalReason,
} from '#contracts/contact/lead-contract.ts';
import type { FieldErrors } from '#contracts/contact/schema.ts';
import { ERRORS } from './errors.ts';
import type { RefusalLog } from '#server/http/refusal-log.ts';
import { requestEncoding } from './request-encoding.ts';

/** Refusals that say "too many": held (see `ContactAnswers.holdRefusal`). */
const HELD_REASONS = new Set(['client-rate-limit', 'site-budget']);

/** A refusal of the contact endpoint, answered as JSON or, after a native post, as a page. */
export interface Refusal {
  /** For the aggregated log: what refused it. */
  reason: string;
  status: 400 | 403 | 408 | 413 | 415 | 429 | 503;
  error: string;
  /** The page that explains it after a native post; none: answered as JSON either way. */
  page?: RefusalReason;
  fields?: FieldErrors;
  retryAfterSeconds?: number;
}

export const rateLimited = (retryAfterSeconds: number): Refusal => ({
  reason: 'client-rate-limit',
  status: 429,
  error: ERRORS.rateLimited,
  page: 'rateLimited',
  retryAfterSeconds,
});

export const unavailable: Refusal = {
  reason: 'storage-unavailable',
  status: 503,
  error: ERRORS.unavailable,
  page: 'unavailable',
};

export const overloaded = (reason: string, retryAfterSeconds: number): Refusal => ({
  reason,
  status: 503,
  error: ERRORS.overloaded,
  page: 'unavailable',
  retryAfterSeconds,
});

export const malformed: Refusal = {
  reason: 'malformed',
  status: 400,
  error: ERRORS.malformed,
  page: 'invalid',
};

/** See `ContactEndpointDeps` (./routes.ts). */
export interface AnswerOptions {
  origins: () => readonly string[];
  siteUrl?: string;
  refusals: RefusalLog;
  refusalDelayMs: number;
}

/**
 * How the contact endpoint answers: the site's origins, the pages of a native post (under
 * SITE_URL, else the request's site origin, else relative), and its refusals, each counted in
 * the aggregated log and, when it says "too many", held `refusalDelayMs` before it is sent.
 */
export class ContactAnswers {
  readonly #options: AnswerOptions;
  /** Requests whose answer is held before it is sent. */
  readonly #held = new WeakSet<Request>();

  constructor(options: AnswerOptions) {
    this.#options = options;
  }

  /** The origins a browser may call from (read on each request: the port may be known late). */
  origins(): readonly string[] {
    return this.#options.origins();
  }

  isSiteOrigin(origin: string | undefined): origin is string {
    return origin !== undefined && this.#options.origins().includes(origin);
  }

  pageUrl(c: Context, path: string): string {
    if (this.#options.siteUrl) return new URL(path, this.#options.siteUrl).href;
    const origin = c.req.header('origin');
    return this.isSiteOrigin(origin) ? `${origin}${path}` : path;
  }

  refuse(c: Context, refusal: Refusal): Response {
    if (this.#options.refusalDelayMs > 0 && HELD_REASONS.has(refusal.reason)) {
      this.#held.add(c.req.raw);
    }
    // In aggregate, with field names only, never their values.
    this.#options.refusals.record(
      refusal.reason,
      refusal.status,
      refusal.fields ? Object.keys(refusal.fields) : undefined,
    );
    if (refusal.page && requestEncoding(c.req.header('content-type')) === 'form') {
      return c.redirect(this.pageUrl(c, CONTACT_ERROR_PATHS[refusal.page]), 303);
    }
    const body: ContactRefused = { error: refusal.error };
    if (refusal.fields) body.fields = refusal.fields;
    const headers: Record<string, string> = {};
    if (refusal.retryAfterSeconds !== undefined) {
      headers['Retry-After'] = String(refusal.retryAfterSeconds);
    }
    return c.json(body, refusal.status, headers);
  }

  /** A repeat of a request just stored, acknowledged like it: counted in the aggregated log. */
  recordDuplicate(): void {
    this.#options.refusals.record('duplicate', 200, undefined, 'lead_duplicate');
  }

  /** Outermost: holds a "too many" refusal once the request is out of the in-progress count. */
  readonly holdRefusal: MiddlewareHandler = async (c, next) => {
    await next();
    if (this.#held.has(c.req.raw)) {
      await new Promise((resolve) => setTimeout(resolve, this.#options.refusalDelayMs));
    }
  };
}

import type { Context, Hono, Handler } from 'hono';

import { CONTACT_ENDPOINT_PATH } from '#contracts/contact/lead-contract.ts';
import type { CallbackFacts } from '#contracts/contact/callback-time.ts';
import type { ContactChoice } from '#contracts/contact/contact-choice.ts';
import type { LeadService, SubmitOutcome } from './submit-lead.ts';
import type { Logger } from '#server/logger.ts';
import { requestClientKey } from '#server/http/request-client.ts';
import { parseJsonSafely } from '#server/http/request-guards.ts';
import { acceptedAnswer } from './accepted-answer.ts';
import {
  ContactAnswers,
  malformed,
  overloaded,
  rateLimited,
  unavailable,
} from './contact-answers.ts';
import {
  admissionControl,
  checkEncodingAndOrigin,
  registerCorsAndMethods,
  wholeBody,
} from './contact-guards.ts';
import { ERRORS } from './errors.ts';
import { RefusalLog } from '#server/http/refusal-log.ts';
import { requestEncoding } from './request-encoding.ts';
import { nativePayload } from './native-origin.ts';

export { ERRORS };

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

/** Lead requests in progress at once (admission control); past it, an immediate 503. */
const DEFAULT_MAX_REQUESTS_IN_PROGRESS = 64;
/** How long a rate-limit or site-budget refusal is held before it is sent (default). */
const DEFAULT_REFUSAL_DELAY_MS = 1_000;

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

export function registerContactEndpoint(app: Hono, deps: ContactEndpointDeps): void {
  const answers = new ContactAnswers({
    origins: deps.origins,
    siteUrl: deps.siteUrl,
    refusals: deps.refusalLog ?? new RefusalLog(deps.logger),
    refusalDelayMs: deps.refusalDelayMs ?? DEFAULT_REFUSAL_DELAY_MS,
  });
  registerCorsAndMethods(app, answers);
  app.post(
    CONTACT_ENDPOINT_PATH,
    answers.holdRefusal,
    checkEncodingAndOrigin(answers),
    wholeBody(answers),
    admissionControl(answers, deps.maxRequestsInProgress ?? DEFAULT_MAX_REQUESTS_IN_PROGRESS),
    submission(deps, answers),
  );
}

/**
 * The request past the checks: the lead service's early refusal (the site's budget known to be
 * spent, the client over its rate limit), a readable body (400), then the lead service's
 * outcome, answered.
 */
function submission(deps: ContactEndpointDeps, answers: ContactAnswers): Handler {
  const { leads } = deps;
  return async (c) => {
    const key = requestClientKey(c, deps.trustProxy);
    const admission = await leads.admit(key);
    if (admission.status === 'rate-limited') {
      return answers.refuse(c, rateLimited(admission.retryAfterSeconds));
    }
    if (admission.status === 'overloaded') {
      return answers.refuse(c, overloaded('site-budget', admission.retryAfterSeconds));
    }
    if (admission.status === 'unavailable') return answers.refuse(c, unavailable);
    const data = await readPayload(c, deps.origins());
    if (data === undefined) return answers.refuse(c, malformed);
    return answer(c, deps, answers, await leads.submitLead(data, key));
  };
}

/** The body as the lead service takes it (JSON, or a native post's fields); undefined: malformed. */
async function readPayload(c: Context, origins: readonly string[]): Promise<unknown> {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(await c.req.arrayBuffer());
    return requestEncoding(c.req.header('content-type')) === 'form'
      ? nativePayload(text, c.req.header('referer'), origins)
      : parseJsonSafely(text);
  } catch {
    return undefined;
  }
}

/** The answer to the lead service's outcome. */
function answer(
  c: Context,
  deps: ContactEndpointDeps,
  answers: ContactAnswers,
  outcome: SubmitOutcome,
): Response {
  switch (outcome.status) {
    case 'invalid': {
      const fields = Object.keys(outcome.fields).length > 0 ? outcome.fields : undefined;
      return answers.refuse(c, {
        reason: 'invalid',
        status: 400,
        error: outcome.error,
        page: 'invalid',
        fields,
      });
    }
    case 'rate-limited':
      return answers.refuse(c, rateLimited(outcome.retryAfterSeconds));
    case 'overloaded':
      return answers.refuse(c, overloaded('site-budget', outcome.retryAfterSeconds));
    case 'unavailable':
      return answers.refuse(c, unavailable);
    default: {
      // Acknowledged like the first: the same answer, the same id.
      if (outcome.status === 'duplicate') answers.recordDuplicate();
      // A robot's request (honeypot) gets the same answer, time included.
      const facts = deps.callbackFacts?.(outcome.receivedAt, outcome.contact.choice) ?? {};
      const { body, thanksPath } = acceptedAnswer(outcome, facts, !!deps.confirmationLinks);
      // In the fragment: the browser keeps it across the redirect and never sends it.
      if (requestEncoding(c.req.header('content-type')) === 'form') {
        return c.redirect(answers.pageUrl(c, thanksPath), 303);
      }
      return c.json(body);
    }
  }
}

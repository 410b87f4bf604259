import { createHash } from 'node:crypto';

import type { Context, Hono, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { z } from 'zod';

import { STAFF_API, STAFF_API_PREFIX, type StaffIdentity } from '#contracts/staff/contract.ts';
import { SessionRequestSchema, SignInRequestSchema } from '#contracts/staff/schemas.ts';
import { CACHE_NONE } from '#server/http/cache-control.ts';
import { isCrossSiteRequest, parseJsonSafely } from '#server/http/request-guards.ts';
import type { Logger } from '#server/logger.ts';
import { escapeHtml } from '#server/http/escape-html.ts';
import type { MailTransport } from '#server/outbox/index.ts';
import { requestClientKey } from '#server/http/request-client.ts';
import { emailKey } from '#server/db/records/lead.ts';
import { StoredBudget, type ClientBudget } from '#server/http/client-budget.ts';
import type { ClientRates } from '#server/http/client-rates.ts';
import { STAFF_IDLE_MS, type SessionStore } from './session-store.ts';
import {
  cookieSettings,
  hashSecret,
  isWellFormedSecret,
  newSecret,
  SESSION_ABSOLUTE_MS,
  SESSION_TOUCH_EVERY_MS,
  issueSignInLink,
  staffKeys,
} from './auth.ts';
import { SIGN_IN_NO_MAIL, SIGN_IN_REQUESTED, signInMail, STAFF_ERRORS } from './messages.ts';
import type { StaffEnv, StaffFailure, StaffRouteKit } from '#server/http/staff-route-kit.ts';

/**
 * The staff API, all under `STAFF_API_PREFIX`: sign-in by e-mail link and server-side sessions
 * here; the other staff capabilities' routes (the inbox, the call-back clock, the audience, the
 * webhook) behind the same session check, registered by the composition (`behindSession`).
 * Every answer is `no-store` and `noindex`; every state-changing request from another site is
 * refused (403) before anything else; every route but the two sign-in steps answers 401
 * without a valid session. Errors are `{ error }` in French.
 */
export interface StaffApiDeps {
  /** Sign-in tokens and sessions. */
  sessions: SessionStore;
  /** The stored budgets' counts (server/http): the sign-in steps' rate limits. */
  rateLimits: ClientRates;
  transport: MailTransport;
  logger: Logger;
  /** Who may sign in (STAFF_EMAILS). Empty: nobody, the inbox is closed. */
  staffEmails: readonly string[];
  /**
   * The site's URL: the base of sign-in links; https there makes the cookie Secure. A function:
   * without SITE_URL it is the server's own origin, known once it listens.
   */
  siteUrl: () => string;
  origins: () => readonly string[];
  trustProxy?: string;
  mailFrom: string;
  messageDomain: string;
  now?: () => number;
  /**
   * The staff pages' own routes (the inbox, the call-back clock, the audience, the webhook),
   * registered by the composition behind this API's session check and request helpers.
   */
  behindSession?: (app: Hono, kit: StaffRouteKit) => void;
}

const WINDOW_15_MIN = 15 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
/** Per client address: link requests and link uses. */
const SIGN_IN_PER_CLIENT = 10;
/** Per e-mail address (listed or not: the same answer), so nobody floods a mailbox. */
const SIGN_IN_PER_ADDRESS = 5;

const LEAD_ID = /^[A-Za-z0-9-]{1,64}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function registerStaffApi(app: Hono, deps: StaffApiDeps): void {
  const { sessions, logger } = deps;
  const now = deps.now ?? Date.now;
  const staff = staffKeys(deps.staffEmails);
  const cookie = cookieSettings(deps.siteUrl(), STAFF_API_PREFIX);

  const fail = (c: Context, status: StaffFailure, error: string) => c.json({ error }, status);

  app.use(`${STAFF_API_PREFIX}/*`, async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      if (isCrossSiteRequest(c.req.raw.headers, deps.origins(), { acceptSameSite: false })) {
        logger.info('staff_cross_site_refused', { method: c.req.method });
        return finish(c, fail(c, 403, STAFF_ERRORS.crossSite));
      }
    }
    await next();
    // A failure of the database (or anything else) after the checks: a French 503, no details
    // (app.onError has logged it).
    if (c.error) return finish(c, fail(c, 503, STAFF_ERRORS.unavailable));
    return finish(c, c.res);
  });

  /** Every staff answer: never stored by a cache or a browser, never indexed. */
  function finish(c: Context, response: Response): Response {
    response.headers.set('Cache-Control', CACHE_NONE);
    response.headers.set('X-Robots-Tag', 'noindex, nofollow');
    c.res = response;
    return response;
  }

  const limitSize = bodyLimit({
    maxSize: 16 * 1024,
    onError: (c) => fail(c, 413, STAFF_ERRORS.tooLarge),
  });

  /** The JSON body checked by `schema`, or the refusal to send. */
  async function readJson<T extends z.ZodType>(
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

  const perClient = new StoredBudget(deps.rateLimits, SIGN_IN_PER_CLIENT, WINDOW_15_MIN, 'staff');
  const perAddress = new StoredBudget(deps.rateLimits, SIGN_IN_PER_ADDRESS, HOUR, 'staff-address');
  /** Counts the request in each budget in turn; refused by one: the seconds to wait. */
  async function consume(
    budgets: ReadonlyArray<[ClientBudget, string]>,
  ): Promise<number | undefined> {
    for (const [budget, key] of budgets) {
      const verdict = await budget.consume(key, now());
      if (!verdict.allowed) return verdict.retryAfterSeconds;
    }
    return undefined;
  }
  const client = (c: Context) => requestClientKey(c, deps.trustProxy);

  const rateLimited = (c: Context, retryAfter: number) => {
    c.header('Retry-After', String(retryAfter));
    return fail(c, 429, STAFF_ERRORS.rateLimited);
  };

  /** The session of the request's cookie, if it is valid now (and its staff member still listed). */
  async function currentSession(
    c: Context,
  ): Promise<{ email: string; idHash: string } | undefined> {
    const value = getCookie(c, cookie.name);
    if (!value || !isWellFormedSecret(value)) return undefined;
    const idHash = hashSecret(value);
    const session = await sessions.findSession(idHash);
    const at = now();
    if (
      !session ||
      session.revoked_at !== null ||
      at >= session.expires_at ||
      at - session.last_seen_at >= STAFF_IDLE_MS ||
      !staff.has(emailKey(session.email))
    ) {
      return undefined;
    }
    if (at - session.last_seen_at >= SESSION_TOUCH_EVERY_MS)
      await sessions.touchSession(idHash, at);
    return { email: session.email, idHash };
  }

  const requireStaff: MiddlewareHandler<StaffEnv> = async (c, next) => {
    const session = await currentSession(c);
    if (!session) return fail(c, 401, STAFF_ERRORS.unauthenticated);
    c.set('staff', { email: session.email });
    c.set('sessionHash', session.idHash);
    await next();
  };

  /** Creates the token and sends the link; runs after the answer, so timing tells nothing. */
  async function sendLink(email: string): Promise<void> {
    if (deps.transport.kind === 'eml') {
      // Without SMTP_URL or MAIL_API_URL the link would be written in clear to a file: the
      // operator uses `npm run leads -- sign-in-link <email>` instead.
      logger.warn('staff_sign_in_link_not_sent', { reason: 'no SMTP_URL nor MAIL_API_URL' });
      return;
    }
    const link = await issueSignInLink(sessions, deps.siteUrl(), email, now());
    const copy = signInMail(escapeHtml(link));
    await deps.transport.send(
      {
        from: deps.mailFrom,
        to: email,
        subject: copy.subject,
        text: signInMail(link).text,
        html: copy.html,
        messageId: `<sign-in.${newSecret().slice(0, 22)}@${deps.messageDomain}>`,
        headers: { 'Auto-Submitted': 'auto-generated' },
      },
      'sign-in',
    );
    logger.info('staff_sign_in_link_sent', {});
  }

  app.post(STAFF_API.requestLink, limitSize, async (c) => {
    const body = await readJson(c, SignInRequestSchema);
    if (!body.ok) return body.response;
    const email = body.value.email;
    if (!EMAIL.test(email)) return fail(c, 400, STAFF_ERRORS.invalidEmail);
    const addressKey = createHash('sha256')
      .update(`staff-address:${emailKey(email)}`)
      .digest('base64url')
      .slice(0, 22);
    const retryAfter = await consume([
      [perClient, client(c)],
      [perAddress, addressKey],
    ]);
    if (retryAfter !== undefined) return rateLimited(c, retryAfter);
    if (staff.has(emailKey(email))) {
      void sendLink(email).catch((error: unknown) =>
        logger.error('staff_sign_in_link_failed', { error }),
      );
    }
    // The same answer for every address: only whether this server can send mail changes it.
    return c.json({ message: deps.transport.kind === 'eml' ? SIGN_IN_NO_MAIL : SIGN_IN_REQUESTED });
  });

  app.post(STAFF_API.session, limitSize, async (c) => {
    const body = await readJson(c, SessionRequestSchema);
    if (!body.ok) return body.response;
    const retryAfter = await consume([[perClient, client(c)]]);
    if (retryAfter !== undefined) return rateLimited(c, retryAfter);
    const token = body.value.token;
    if (!isWellFormedSecret(token)) return fail(c, 400, STAFF_ERRORS.linkInvalid);
    const at = now();
    const email = await sessions.consumeSignInToken(hashSecret(token), at);
    if (!email || !staff.has(emailKey(email))) {
      logger.info('staff_sign_in_refused', {});
      return fail(c, 400, STAFF_ERRORS.linkInvalid);
    }
    // Rotation: a new id at every sign-in; the session this browser had is revoked.
    const previous = await currentSession(c);
    const id = newSecret();
    await sessions.startSession(
      {
        id_hash: hashSecret(id),
        email,
        created_at: at,
        last_seen_at: at,
        expires_at: at + SESSION_ABSOLUTE_MS,
      },
      previous?.idHash,
    );
    setCookie(c, cookie.name, id, {
      path: cookie.path,
      httpOnly: true,
      secure: cookie.secure,
      sameSite: 'Strict',
      maxAge: SESSION_ABSOLUTE_MS / 1000,
    });
    logger.info('staff_signed_in', {});
    return c.json({ email } satisfies StaffIdentity);
  });

  app.get(STAFF_API.session, requireStaff, (c) => c.json(c.get('staff')));

  app.post(STAFF_API.signOut, requireStaff, async (c) => {
    await sessions.endSession(c.get('sessionHash'), c.get('staff').email, now());
    deleteCookie(c, cookie.name, { path: cookie.path, secure: cookie.secure });
    return c.json({ ok: true });
  });

  const leadId = (c: Context) => {
    const id = c.req.param('id');
    return id && LEAD_ID.test(id) ? id : undefined;
  };
  const kit: StaffRouteKit = { requireStaff, limitSize, readJson, fail, leadId, now };
  deps.behindSession?.(app, kit);

  // Anything else under the prefix: 401 without a session (nothing to learn), 404 with one.
  app.all(`${STAFF_API_PREFIX}/*`, requireStaff, (c) => fail(c, 404, STAFF_ERRORS.notFound));
}

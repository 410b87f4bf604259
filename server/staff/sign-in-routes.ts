import { createHash } from 'node:crypto';

import type { Context, Hono } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';

import { STAFF_API, type StaffIdentity } from '#contracts/staff/contract.ts';
import { SessionRequestSchema, SignInRequestSchema } from '#contracts/staff/schemas.ts';
import { emailKey } from '#server/db/records/lead.ts';
import { escapeHtml } from '#server/http/escape-html.ts';
import { requestClientKey } from '#server/http/request-client.ts';
import { StoredBudget, type ClientBudget } from '#server/http/client-budget.ts';
import type { ClientRates } from '#server/http/client-rates.ts';
import type { Logger } from '#server/logger.ts';
import type { MailTransport } from '#server/outbox/index.ts';
import {
  type CookieSettings,
  hashSecret,
  isWellFormedSecret,
  issueSignInLink,
  newSecret,
  SESSION_ABSOLUTE_MS,
} from './auth.ts';
import { SIGN_IN_NO_MAIL, SIGN_IN_REQUESTED, signInMail, STAFF_ERRORS } from './messages.ts';
import { fail, limitSize, readJson } from './request-kit.ts';
import type { SessionCheck, StaffDirectory } from './session-check.ts';
import type { SessionStore } from './session-store.ts';

/** The staff sign-in (ADR 0015): a link by e-mail, its use for a session, the sign-out. */

const WINDOW_15_MIN = 15 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
/** Per client address: link requests and link uses. */
const SIGN_IN_PER_CLIENT = 10;
/** Per e-mail address (listed or not: the same answer), so nobody floods a mailbox. */
const SIGN_IN_PER_ADDRESS = 5;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What the sign-in routes use (see `StaffApiDeps`, ./routes.ts). */
export interface SignInContext {
  sessions: SessionStore;
  check: SessionCheck;
  /** The stored budgets' counts (server/http): the sign-in steps' rate limits. */
  rateLimits: ClientRates;
  transport: MailTransport;
  logger: Logger;
  /** Who may sign in: the team's active people (ADR 0044). */
  people: StaffDirectory;
  cookie: CookieSettings;
  siteUrl: () => string;
  trustProxy?: string;
  mailFrom: string;
  messageDomain: string;
  now: () => number;
}

/** The sign-in steps' budgets: per client address, and per e-mail address. */
function signInBudgets(rates: ClientRates): { perClient: ClientBudget; perAddress: ClientBudget } {
  return {
    perClient: new StoredBudget(rates, SIGN_IN_PER_CLIENT, WINDOW_15_MIN, 'staff'),
    perAddress: new StoredBudget(rates, SIGN_IN_PER_ADDRESS, HOUR, 'staff-address'),
  };
}

/** Counts the request in each budget in turn; refused by one: the seconds to wait. */
async function consume(
  ctx: SignInContext,
  budgets: ReadonlyArray<[ClientBudget, string]>,
): Promise<number | undefined> {
  for (const [budget, key] of budgets) {
    const verdict = await budget.consume(key, ctx.now());
    if (!verdict.allowed) return verdict.retryAfterSeconds;
  }
  return undefined;
}

function clientKey(ctx: SignInContext, c: Context): string {
  return requestClientKey(c, ctx.trustProxy);
}

function rateLimited(c: Context, retryAfter: number): Response {
  c.header('Retry-After', String(retryAfter));
  return fail(c, 429, STAFF_ERRORS.rateLimited);
}

/** Creates the token and sends the link; runs after the answer, so timing tells nothing. */
async function sendLink(ctx: SignInContext, email: string): Promise<void> {
  if (ctx.transport.kind === 'eml') {
    // Without SMTP_URL or MAIL_API_URL the link would be written in clear to a file: the
    // operator uses `npm run leads -- sign-in-link <email>` instead.
    ctx.logger.warn('staff_sign_in_link_not_sent', { reason: 'no SMTP_URL nor MAIL_API_URL' });
    return;
  }
  const link = await issueSignInLink(ctx.sessions, ctx.siteUrl(), email, ctx.now());
  const copy = signInMail(escapeHtml(link));
  await ctx.transport.send(
    {
      from: ctx.mailFrom,
      to: email,
      subject: copy.subject,
      text: signInMail(link).text,
      html: copy.html,
      messageId: `<sign-in.${newSecret().slice(0, 22)}@${ctx.messageDomain}>`,
      headers: { 'Auto-Submitted': 'auto-generated' },
    },
    'sign-in',
  );
  ctx.logger.info('staff_sign_in_link_sent', {});
}

/**
 * `POST requestLink`: the same answer for every address; a link only to an active person's
 * (an inactive person's request is answered as an unknown address's).
 */
export function registerLinkRequest(app: Hono, ctx: SignInContext): void {
  const budgets = signInBudgets(ctx.rateLimits);
  app.post(STAFF_API.requestLink, limitSize, async (c) => {
    const body = await readJson(c, SignInRequestSchema);
    if (!body.ok) return body.response;
    const email = body.value.email;
    if (!EMAIL.test(email)) return fail(c, 400, STAFF_ERRORS.invalidEmail);
    const addressKey = createHash('sha256')
      .update(`staff-address:${emailKey(email)}`)
      .digest('base64url')
      .slice(0, 22);
    const retryAfter = await consume(ctx, [
      [budgets.perClient, clientKey(ctx, c)],
      [budgets.perAddress, addressKey],
    ]);
    if (retryAfter !== undefined) return rateLimited(c, retryAfter);
    const person = await ctx.people.activePerson(email);
    if (person) {
      void sendLink(ctx, email).catch((error: unknown) =>
        ctx.logger.error('staff_sign_in_link_failed', { error }),
      );
    }
    // The same answer for every address: only whether this server can send mail changes it.
    return c.json({ message: ctx.transport.kind === 'eml' ? SIGN_IN_NO_MAIL : SIGN_IN_REQUESTED });
  });
}

/** `POST session` (a link's token for a session), `GET session`, `POST signOut`. */
export function registerSessionRoutes(app: Hono, ctx: SignInContext): void {
  const { sessions, cookie } = ctx;
  const budgets = signInBudgets(ctx.rateLimits);
  app.post(STAFF_API.session, limitSize, async (c) => {
    const body = await readJson(c, SessionRequestSchema);
    if (!body.ok) return body.response;
    const retryAfter = await consume(ctx, [[budgets.perClient, clientKey(ctx, c)]]);
    if (retryAfter !== undefined) return rateLimited(c, retryAfter);
    const token = body.value.token;
    if (!isWellFormedSecret(token)) return fail(c, 400, STAFF_ERRORS.linkInvalid);
    const at = ctx.now();
    const email = await sessions.consumeSignInToken(hashSecret(token), at);
    const person = email ? await ctx.people.activePerson(email) : undefined;
    if (!email || !person) {
      ctx.logger.info('staff_sign_in_refused', {});
      return fail(c, 400, STAFF_ERRORS.linkInvalid);
    }
    // Rotation: a new id at every sign-in; the session this browser had is revoked.
    const previous = await ctx.check.current(c);
    const id = newSecret();
    const session = { id_hash: hashSecret(id), email, created_at: at, last_seen_at: at };
    await sessions.startSession(
      { ...session, expires_at: at + SESSION_ABSOLUTE_MS },
      previous?.idHash,
    );
    setCookie(c, cookie.name, id, {
      path: cookie.path,
      httpOnly: true,
      secure: cookie.secure,
      sameSite: 'Strict',
      maxAge: SESSION_ABSOLUTE_MS / 1000,
    });
    ctx.logger.info('staff_signed_in', {});
    return c.json(person satisfies StaffIdentity);
  });

  app.get(STAFF_API.session, ctx.check.requireStaff, (c) => c.json(c.get('staff')));

  app.post(STAFF_API.signOut, ctx.check.requireStaff, async (c) => {
    await sessions.endSession(c.get('sessionHash'), c.get('staff').email, ctx.now());
    deleteCookie(c, cookie.name, { path: cookie.path, secure: cookie.secure });
    return c.json({ ok: true });
  });
}

import { createHash } from 'node:crypto';

import type { Context, Hono, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { z } from 'zod';

import { STAFF_API, STAFF_API_PREFIX, type StaffIdentity } from '../../contracts/staff/contract';
import { DEFAULT_CALENDAR } from '../callback/calendar';
import { CallbackService } from '../callback/service';
import {
  CallRecordSchema,
  InboxFilterSchema,
  SessionRequestSchema,
  SignInRequestSchema,
  StatusChangeSchema,
} from '../../contracts/staff/schemas';
import { CACHE_NONE } from '../http/cache-control';
import { parseJsonSafely } from '../leads/routes';
import { staffCsv } from '../leads/csv';
import type { Logger } from '../logger';
import { escapeHtml } from '../outbox/templates';
import type { MailTransport } from '../outbox/transport';
import { requestClientKey } from '../http/request-client';
import { removeMailFiles } from '../retention/retention';
import { emailKey, STAFF_IDLE_MS, type LeadStore, type RatePolicy } from '../store';
import {
  cookieSettings,
  hashSecret,
  isWellFormedSecret,
  newSecret,
  SESSION_ABSOLUTE_MS,
  SESSION_TOUCH_EVERY_MS,
  issueSignInLink,
  staffKeys,
} from './auth';
import { SIGN_IN_REQUESTED, signInMail, STAFF_ERRORS } from './messages';

/**
 * The staff API, all under `STAFF_API_PREFIX`: sign-in by e-mail link, server-side sessions, and
 * the inbox's reads and changes. Every answer is `no-store` and `noindex`; every state-changing
 * request from another site is refused (403) before anything else; every route but the two
 * sign-in steps answers 401 without a valid session. Errors are `{ error }` in French.
 */
export interface StaffApiDeps {
  store: LeadStore;
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
  /** Wakes the outbox worker after "retry now". */
  onRetry: () => void;
  /** A status change, a call or an erasure was committed (wakes the CRM webhook's worker). */
  onChanged?: () => void;
  now?: () => number;
  /** The call-back clock (due times, call log, counters); default: the default calendar on `now`. */
  callback?: CallbackService;
  /** Further staff pages' routes (the audience), behind the same session check. */
  registerMore?: (app: Hono, requireStaff: MiddlewareHandler) => void;
}

const WINDOW_15_MIN = 15 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
/** Per client address: link requests and link uses. */
const SIGN_IN_PER_CLIENT = 10;
/** Per e-mail address (listed or not: the same answer), so nobody floods a mailbox. */
const SIGN_IN_PER_ADDRESS = 5;

const LEAD_ID = /^[A-Za-z0-9-]{1,64}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Variables = { staff: StaffIdentity; sessionHash: string };

/** A state-changing request made by a page of another site (CSRF): `Origin` or `Sec-Fetch-Site`. */
export function isCrossSiteRequest(headers: Headers, origins: readonly string[]): boolean {
  const origin = headers.get('origin');
  if (origin !== null) return !origins.includes(origin);
  const site = headers.get('sec-fetch-site');
  return site !== null && site !== 'same-origin' && site !== 'none';
}

export function registerStaffApi(app: Hono, deps: StaffApiDeps): void {
  const { store, logger } = deps;
  const now = deps.now ?? Date.now;
  const staff = staffKeys(deps.staffEmails);
  const cookie = cookieSettings(deps.siteUrl(), STAFF_API_PREFIX);
  const callback = deps.callback ?? new CallbackService(store, DEFAULT_CALENDAR, now);

  const fail = (c: Context, status: 400 | 401 | 403 | 404 | 413 | 415 | 429 | 503, error: string) =>
    c.json({ error }, status);

  app.use(`${STAFF_API_PREFIX}/*`, async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      if (isCrossSiteRequest(c.req.raw.headers, deps.origins())) {
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

  async function consume(policies: RatePolicy[]): Promise<number | undefined> {
    for (const policy of policies) {
      const verdict = await store.consumeRate(policy, now());
      if (!verdict.allowed) return verdict.retryAfterSeconds;
    }
    return undefined;
  }

  const clientPolicy = (c: Context, limit: number): RatePolicy => ({
    key: `staff:${requestClientKey(c, deps.trustProxy)}`,
    limit,
    windowMs: WINDOW_15_MIN,
  });

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
    const session = await store.findSession(idHash);
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
    if (at - session.last_seen_at >= SESSION_TOUCH_EVERY_MS) await store.touchSession(idHash, at);
    return { email: session.email, idHash };
  }

  const requireStaff: MiddlewareHandler<{ Variables: Variables }> = async (c, next) => {
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
    const link = await issueSignInLink(store, deps.siteUrl(), email, now());
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
      clientPolicy(c, SIGN_IN_PER_CLIENT),
      { key: `staff-address:${addressKey}`, limit: SIGN_IN_PER_ADDRESS, windowMs: HOUR },
    ]);
    if (retryAfter !== undefined) return rateLimited(c, retryAfter);
    if (staff.has(emailKey(email))) {
      void sendLink(email).catch((error: unknown) =>
        logger.error('staff_sign_in_link_failed', { error }),
      );
    }
    return c.json({ message: SIGN_IN_REQUESTED });
  });

  app.post(STAFF_API.session, limitSize, async (c) => {
    const body = await readJson(c, SessionRequestSchema);
    if (!body.ok) return body.response;
    const retryAfter = await consume([clientPolicy(c, SIGN_IN_PER_CLIENT)]);
    if (retryAfter !== undefined) return rateLimited(c, retryAfter);
    const token = body.value.token;
    if (!isWellFormedSecret(token)) return fail(c, 400, STAFF_ERRORS.linkInvalid);
    const at = now();
    const email = await store.consumeSignInToken(hashSecret(token), at);
    if (!email || !staff.has(emailKey(email))) {
      logger.info('staff_sign_in_refused', {});
      return fail(c, 400, STAFF_ERRORS.linkInvalid);
    }
    // Rotation: a new id at every sign-in; the session this browser had is revoked.
    const previous = await currentSession(c);
    const id = newSecret();
    await store.startSession(
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
    await store.endSession(c.get('sessionHash'), c.get('staff').email, now());
    deleteCookie(c, cookie.name, { path: cookie.path, secure: cookie.secure });
    return c.json({ ok: true });
  });

  app.post(STAFF_API.search, requireStaff, limitSize, async (c) => {
    const body = await readJson(c, InboxFilterSchema);
    if (!body.ok) return body.response;
    return c.json(await callback.inboxPage(body.value));
  });

  app.post(STAFF_API.exportCsv, requireStaff, limitSize, async (c) => {
    const body = await readJson(c, InboxFilterSchema);
    if (!body.ok) return body.response;
    const rows = (await callback.inboxPage({ ...body.value, page: 1 }, 0)).rows;
    const leads = await store.listLeads();
    const byId = new Map(leads.map((lead) => [lead.id, lead]));
    const calls = await callback.callCounts(rows.map((row) => row.id));
    const selected = rows.flatMap((row) => {
      const lead = byId.get(row.id);
      return lead
        ? [
            {
              ...lead,
              status: row.status,
              sourcePage: row.sourcePage ?? undefined,
              dueAt: row.clock.dueAt,
              firstCallAt: row.clock.firstCallAt,
              calls: calls.get(row.id)?.count ?? 0,
            },
          ]
        : [];
    });
    await store.recordExport(c.get('staff').email, selected.length, now());
    const day = new Date(now()).toISOString().slice(0, 10);
    return c.body(staffCsv(selected), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="demandes-${day}.csv"`,
    });
  });

  app.get(STAFF_API.counters, requireStaff, async (c) => c.json(await callback.counters()));

  const leadId = (c: Context) => {
    const id = c.req.param('id');
    return id && LEAD_ID.test(id) ? id : undefined;
  };

  app.get(`${STAFF_API_PREFIX}/demandes/:id`, requireStaff, async (c) => {
    const id = leadId(c);
    const detail = id ? await callback.leadPage(id) : undefined;
    if (!detail) return fail(c, 404, STAFF_ERRORS.notFound);
    return c.json(detail);
  });

  app.post(`${STAFF_API_PREFIX}/demandes/:id/appels`, requireStaff, limitSize, async (c) => {
    const id = leadId(c);
    if (!id) return fail(c, 404, STAFF_ERRORS.notFound);
    const body = await readJson(c, CallRecordSchema);
    if (!body.ok) return body.response;
    const { outcome, note } = body.value;
    const recorded = await callback.recordCall(id, outcome, note ?? '', c.get('staff').email);
    if (!recorded) return fail(c, 404, STAFF_ERRORS.notFound);
    deps.onChanged?.();
    return c.json(await callback.leadPage(id));
  });

  app.post(`${STAFF_API_PREFIX}/demandes/:id/statut`, requireStaff, limitSize, async (c) => {
    const id = leadId(c);
    if (!id) return fail(c, 404, STAFF_ERRORS.notFound);
    const body = await readJson(c, StatusChangeSchema);
    if (!body.ok) return body.response;
    const changed = await store.changeStatus({
      leadId: id,
      status: body.value.status,
      note: body.value.note || undefined,
      actor: c.get('staff').email,
      now: now(),
    });
    if (!changed) return fail(c, 404, STAFF_ERRORS.notFound);
    deps.onChanged?.();
    return c.json(await callback.leadPage(id));
  });

  app.post(`${STAFF_API_PREFIX}/demandes/:id/effacer`, requireStaff, async (c) => {
    const id = leadId(c);
    const ids = id ? await store.eraseByLead(id, c.get('staff').email, now()) : undefined;
    if (!ids) return fail(c, 404, STAFF_ERRORS.notFound);
    removeMailFiles(store.dataDir, ids);
    deps.onChanged?.();
    logger.info('staff_erased', { count: ids.length });
    return c.json({ erased: ids.length });
  });

  app.post(`${STAFF_API_PREFIX}/demandes/:id/renvoyer`, requireStaff, async (c) => {
    const id = leadId(c);
    const count = id ? await store.retryMailNow(id, c.get('staff').email, now()) : undefined;
    if (count === undefined || !id) return fail(c, 404, STAFF_ERRORS.notFound);
    deps.onRetry();
    return c.json(await callback.leadPage(id));
  });

  deps.registerMore?.(app, requireStaff as MiddlewareHandler);

  // Anything else under the prefix: 401 without a session (nothing to learn), 404 with one.
  app.all(`${STAFF_API_PREFIX}/*`, requireStaff, (c) => fail(c, 404, STAFF_ERRORS.notFound));
}

import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';

import { emailKey } from '#server/db/records/lead.ts';
import type { StaffEnv } from '#server/http/staff-route-kit.ts';
import {
  type CookieSettings,
  hashSecret,
  isWellFormedSecret,
  SESSION_TOUCH_EVERY_MS,
} from './auth.ts';
import { STAFF_ERRORS } from './messages.ts';
import { fail } from './request-kit.ts';
import { STAFF_IDLE_MS, type SessionStore } from './session-store.ts';

/**
 * The session of a request's cookie (ADR 0015): valid while unrevoked, unexpired, used within
 * STAFF_IDLE_MS and its staff member still listed; its last use recorded every
 * SESSION_TOUCH_EVERY_MS.
 */
export class SessionCheck {
  readonly #sessions: SessionStore;
  readonly #staff: ReadonlySet<string>;
  readonly #cookie: CookieSettings;
  readonly #now: () => number;

  constructor(
    sessions: SessionStore,
    staff: ReadonlySet<string>,
    cookie: CookieSettings,
    now: () => number,
  ) {
    this.#sessions = sessions;
    this.#staff = staff;
    this.#cookie = cookie;
    this.#now = now;
  }

  /** The session of the request's cookie, if it is valid now (and its staff member still listed). */
  async current(c: Context): Promise<{ email: string; idHash: string } | undefined> {
    const value = getCookie(c, this.#cookie.name);
    if (!value || !isWellFormedSecret(value)) return undefined;
    const idHash = hashSecret(value);
    const session = await this.#sessions.findSession(idHash);
    const at = this.#now();
    if (
      !session ||
      session.revoked_at !== null ||
      at >= session.expires_at ||
      at - session.last_seen_at >= STAFF_IDLE_MS ||
      !this.#staff.has(emailKey(session.email))
    ) {
      return undefined;
    }
    if (at - session.last_seen_at >= SESSION_TOUCH_EVERY_MS) {
      await this.#sessions.touchSession(idHash, at);
    }
    return { email: session.email, idHash };
  }

  /** 401 without a valid session; sets `staff` and `sessionHash`. */
  readonly requireStaff: MiddlewareHandler<StaffEnv> = async (c, next) => {
    const session = await this.current(c);
    if (!session) return fail(c, 401, STAFF_ERRORS.unauthenticated);
    c.set('staff', { email: session.email });
    c.set('sessionHash', session.idHash);
    await next();
  };
}

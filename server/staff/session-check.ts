import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';

import type { StaffIdentity } from '#contracts/staff/contract.ts';
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
 * Who may sign in (ADR 0044): the team's active people, read from the database by the team
 * capability, which comes after this one (the composition hands it over).
 */
export interface StaffDirectory {
  /** The active person of `email`, with their role; undefined if unknown or deactivated. */
  activePerson(email: string): Promise<StaffIdentity | undefined>;
}

/** A valid session: its person (id, e-mail, name, role), and the session id's hash. */
export interface CurrentSession extends StaffIdentity {
  idHash: string;
}

/**
 * The session of a request's cookie (ADR 0015): valid while unrevoked, unexpired, used within
 * STAFF_IDLE_MS and its person still active in the team (ADR 0044); its last use recorded every
 * SESSION_TOUCH_EVERY_MS.
 */
export class SessionCheck {
  readonly #sessions: SessionStore;
  readonly #people: StaffDirectory;
  readonly #cookie: CookieSettings;
  readonly #now: () => number;

  constructor(
    sessions: SessionStore,
    people: StaffDirectory,
    cookie: CookieSettings,
    now: () => number,
  ) {
    this.#sessions = sessions;
    this.#people = people;
    this.#cookie = cookie;
    this.#now = now;
  }

  /** The session of the request's cookie, if it is valid now (and its person still active). */
  async current(c: Context): Promise<CurrentSession | undefined> {
    const value = getCookie(c, this.#cookie.name);
    if (!value || !isWellFormedSecret(value)) return undefined;
    const idHash = hashSecret(value);
    const session = await this.#sessions.findSession(idHash);
    const at = this.#now();
    if (
      !session ||
      session.revoked_at !== null ||
      at >= session.expires_at ||
      at - session.last_seen_at >= STAFF_IDLE_MS
    ) {
      return undefined;
    }
    const person = await this.#people.activePerson(session.email);
    if (!person) return undefined;
    if (at - session.last_seen_at >= SESSION_TOUCH_EVERY_MS) {
      await this.#sessions.touchSession(idHash, at);
    }
    return { ...person, idHash };
  }

  /** 401 without a valid session; sets `staff` and `sessionHash`. */
  readonly requireStaff: MiddlewareHandler<StaffEnv> = async (c, next) => {
    const session = await this.current(c);
    if (!session) return fail(c, 401, STAFF_ERRORS.unauthenticated);
    const { idHash, ...person } = session;
    c.set('staff', person);
    c.set('sessionHash', idHash);
    await next();
  };
}

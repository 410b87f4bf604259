import type { Hono } from 'hono';

import { STAFF_API_PREFIX } from '#contracts/staff/contract.ts';
import type { ClientRates } from '#server/http/client-rates.ts';
import type { Logger } from '#server/logger.ts';
import type { MailTransport } from '#server/outbox/index.ts';
import type { StaffRouteKit } from '#server/http/staff-route-kit.ts';
import { cookieSettings } from './auth.ts';
import { STAFF_ERRORS } from './messages.ts';
import { fail, guardStaffApi, leadId, limitSize, readJson } from './request-kit.ts';
import { SessionCheck, type StaffDirectory } from './session-check.ts';
import type { SessionStore } from './session-store.ts';
import { registerLinkRequest, registerSessionRoutes } from './sign-in-routes.ts';

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
  /**
   * Who may sign in: the team's active people (the team capability's service, ADR 0044; the
   * addresses of STAFF_EMAILS are made active responsables at start). None: the inbox is closed.
   */
  people: StaffDirectory;
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

export function registerStaffApi(app: Hono, deps: StaffApiDeps): void {
  const now = deps.now ?? Date.now;
  const cookie = cookieSettings(deps.siteUrl(), STAFF_API_PREFIX);
  const check = new SessionCheck(deps.sessions, deps.people, cookie, now);

  guardStaffApi(app, deps.origins, deps.logger);
  const signIn = { ...deps, check, cookie, now };
  registerLinkRequest(app, signIn);
  registerSessionRoutes(app, signIn);

  const { requireStaff } = check;
  const kit: StaffRouteKit = { requireStaff, limitSize, readJson, fail, leadId, now };
  deps.behindSession?.(app, kit);

  // Anything else under the prefix: 401 without a session (nothing to learn), 404 with one.
  app.all(`${STAFF_API_PREFIX}/*`, requireStaff, (c) => fail(c, 404, STAFF_ERRORS.notFound));
}

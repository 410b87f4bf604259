/**
 * Every route of the Node server, registered from the built capabilities (server/compose.ts):
 * the public endpoints (audience beacon, contact endpoint, visitor page's API), then the staff
 * API with the routes behind its session.
 */
import type { Env, Hono, MiddlewareHandler } from 'hono';

import { registerAudienceBeacon } from '#server/audience/routes.ts';
import { registerAudienceStaffRoutes } from '#server/audience/staff-routes.ts';
import { addDays, dayStart, localDate, type Callback } from '#server/callback/index.ts';
import { registerCallbackRoutes } from '#server/callback/routes.ts';
import { buildCalling } from '#server/calling/index.ts';
import { registerCallingRoutes } from '#server/calling/routes.ts';
import { companyMailDomain, type ServerEnv } from '#server/env.ts';
import { requestClientKey } from '#server/http/request-client.ts';
import { InboxService } from '#server/inbox/index.ts';
import {
  hidingUnseen,
  registerInboxRoutes,
  RESPONSABLES_ONLY,
  responsablesOnly,
} from '#server/inbox/routes.ts';
import { registerContactEndpoint } from '#server/leads/routes.ts';
import { clearErasedTraces } from '#server/retention/index.ts';
import { registerStaffApi } from '#server/staff/routes.ts';
import { type AbsenceClock, assignmentServices, LeadAccess } from '#server/team/index.ts';
import { registerPersonalRoutes } from '#server/team/personal-routes.ts';
import { registerOwnershipRoutes } from '#server/team/ownership-routes.ts';
import { registerTeamRoutes } from '#server/team/routes.ts';
import { registerVisitorApi } from '#server/visitor/routes.ts';
import { registerWebhookStaffRoutes } from '#server/webhooks/staff-routes.ts';
import type { Pipeline, Runtime } from './compose/pipeline.ts';

/** What the routes are built from: the running capabilities and the call-back clock's facts. */
export type RouteParts = Omit<Pipeline, 'register' | 'healthCheck' | 'start' | 'close'> & {
  clock: Callback;
  /** Links that leave the page (sign-in, the digest): SITE_URL, or the server's own origin. */
  linkBase: () => string;
};

export function registerRoutes(
  app: Hono,
  parts: RouteParts,
  settings: ServerEnv,
  runtime: Runtime,
): void {
  registerPublicRoutes(app, parts, settings, runtime);
  registerStaffRoutes(app, parts, settings, runtime);
}

function registerPublicRoutes(
  app: Hono,
  parts: RouteParts,
  settings: ServerEnv,
  runtime: Runtime,
): void {
  const { logger, origins, clock } = runtime;
  const { stores, refusalLog } = parts;
  registerAudienceBeacon(app, {
    service: parts.audience,
    clientKey: (c) => requestClientKey(c, settings.TRUST_PROXY),
  });
  registerContactEndpoint(app, {
    leads: parts.leads,
    logger,
    origins,
    siteUrl: settings.SITE_URL,
    trustProxy: settings.TRUST_PROXY,
    maxRequestsInProgress: settings.MAX_LEAD_REQUESTS_IN_PROGRESS,
    refusalDelayMs: settings.REFUSAL_DELAY_MS,
    refusalLog,
    callbackFacts: parts.clock.facts,
    // Every confirmation links to the visitor's page, which opens the person's requests.
    confirmationLinks: true,
  });
  registerVisitorApi(app, {
    service: parts.visitor,
    logger,
    refusalLog,
    origins,
    trustProxy: settings.TRUST_PROXY,
    refusalDelayMs: settings.REFUSAL_DELAY_MS,
    // As after staff's erasure (server/inbox/routes.ts): clearErasedTraces (ADR 0032).
    onErased: (leadIds) => clearErasedTraces(stores.database, leadIds, logger),
    onChanged: () => {
      parts.worker.kick();
      parts.webhooks?.worker.kick();
    },
    now: clock,
  });
}

function registerStaffRoutes(
  app: Hono,
  parts: RouteParts,
  settings: ServerEnv,
  runtime: Runtime,
): void {
  const { logger, origins, clock } = runtime;
  const { stores, callback, webhooks, worker } = parts;
  registerStaffApi(app, {
    sessions: stores.sessions,
    rateLimits: stores.rates,
    transport: parts.transport,
    logger,
    people: parts.team,
    siteUrl: parts.linkBase,
    origins,
    trustProxy: settings.TRUST_PROXY,
    mailFrom: settings.MAIL_FROM,
    messageDomain: companyMailDomain(),
    now: clock,
    behindSession: (staffApp, kit) => {
      const onChanged = () => webhooks?.worker.kick();
      const pages = new InboxService(stores, callback, clock);
      const absences = absenceClock(parts, clock);
      const access = new LeadAccess(stores.database, absences);
      registerInboxRoutes(staffApp, kit, {
        stores,
        access,
        pages,
        logger,
        onRetry: () => worker.kick(),
        onChanged,
      });
      const calling = buildCalling(stores.database, {
        clock,
        timeZone: callback.calendar.timeZone,
        absences,
      });
      // A request's id the person may not see answers as one that does not exist (ADR 0046).
      const leadKit = hidingUnseen(kit, access);
      registerCallbackRoutes(staffApp, leadKit, {
        callback,
        leadPage: (id) => pages.leadPage(id),
        calling,
        onChanged,
      });
      registerCallingRoutes(staffApp, leadKit, calling);
      // The audience and integrations pages: responsables only (ADR 0046).
      const responsable = responsablesOnly(kit, RESPONSABLES_ONLY.page);
      const requireResponsable = chain(kit.requireStaff, responsable);
      registerAudienceStaffRoutes(staffApp, {
        requireStaff: requireResponsable,
        store: () => stores.audience,
        now: runtime.timings?.audience?.now ?? clock,
      });
      registerWebhookStaffRoutes(staffApp, {
        requireStaff: requireResponsable,
        requireLeadStaff: leadKit.requireStaff,
        service: webhooks,
      });
      registerTeamRoutes(staffApp, kit, parts.team);
      const { calendar } = callback;
      registerPersonalRoutes(staffApp, kit, {
        database: stores.database,
        figures: (now, days) => callback.countersByOwner(now, days),
        promiseHours: calendar.promiseHours,
        today: (now) => localDate(now, calendar.timeZone),
        timeZone: calendar.timeZone,
      });
      registerOwnershipRoutes(staffApp, kit, assignmentServices(stores.database, absences));
    },
  });
}

/** The company's calendar as the absences need it: who sees and takes which request (ADR 0046). */
function absenceClock(parts: RouteParts, clock: () => number): AbsenceClock {
  const { timeZone } = parts.callback.calendar;
  return {
    today: () => localDate(clock(), timeZone),
    dayAfter: (date) => dayStart(addDays(date, 1), timeZone),
  };
}

/** Two middlewares as one: `second` runs only when `first` lets the request through. */
function chain<E extends Env>(
  first: MiddlewareHandler<E>,
  second: MiddlewareHandler<E>,
): MiddlewareHandler<E> {
  return async (c, next) => {
    let answer: Response | undefined;
    const refused = await first(c, async () => {
      answer = (await second(c, next)) ?? undefined;
    });
    return refused ?? answer;
  };
}

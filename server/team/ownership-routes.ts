import type { Context, Hono, MiddlewareHandler } from 'hono';

import { STAFF_API_PREFIX } from '#contracts/staff/contract.ts';
import {
  HandOverSchema,
  OWNERSHIP_API,
  type OwnerAnswer,
  type TeamSettings,
  TeamSettingsSchema,
} from '#contracts/staff/ownership.ts';
import type { StaffEnv, StaffRouteKit } from '#server/http/staff-route-kit.ts';
import { STAFF_ERRORS } from '#server/staff/index.ts';
import { OWNERSHIP_REFUSALS, OWNERSHIP_STATUS, TEAM_ERRORS } from './messages.ts';
import type { OwnershipOutcome, OwnershipService } from './ownership.ts';
import type { TeamSettingsService } from './settings.ts';

/**
 * « Je la prends » and « Confier à … » (ADR 0045), behind the staff session: both answer
 * `{ owner }` (paths as in `OWNERSHIP_API`); a request the person may not see answers exactly as an unknown one.
 */
export function registerOwnershipRoutes(
  app: Hono,
  kit: StaffRouteKit,
  { ownership, settings }: { ownership: OwnershipService; settings: TeamSettingsService },
): void {
  const { requireStaff, limitSize, readJson, fail, now } = kit;
  const answer = (c: Context, outcome: OwnershipOutcome) => {
    if (outcome.ok) return c.json({ owner: outcome.owner } satisfies OwnerAnswer);
    const { reason } = outcome;
    if (reason === 'not-found') return fail(c, 404, STAFF_ERRORS.notFound);
    const error =
      reason === 'owned' ? OWNERSHIP_REFUSALS.owned(outcome.ownerName) : OWNERSHIP_REFUSALS[reason];
    return fail(c, OWNERSHIP_STATUS[reason], error);
  };
  const staff = (c: Context<StaffEnv>) => c.get('staff');

  app.post(`${STAFF_API_PREFIX}/demandes/:id/prendre`, requireStaff, limitSize, async (c) => {
    const id = kit.leadId(c);
    if (!id) return fail(c, 404, STAFF_ERRORS.notFound);
    return answer(c, await ownership.take(staff(c), id, now()));
  });
  app.post(`${STAFF_API_PREFIX}/demandes/:id/confier`, requireStaff, limitSize, async (c) => {
    const id = kit.leadId(c);
    if (!id) return fail(c, 404, STAFF_ERRORS.notFound);
    const body = await readJson(c, HandOverSchema);
    if (!body.ok) return body.response;
    return answer(c, await ownership.handOver(staff(c), id, body.value.personne, now()));
  });
  registerSettingsRoutes(app, kit, settings);
}

/** The team's assignment settings (responsables): the rule, the visibility, the départements. */
function registerSettingsRoutes(app: Hono, kit: StaffRouteKit, settings: TeamSettingsService) {
  const { requireStaff, limitSize, readJson, fail, now } = kit;
  const responsable: MiddlewareHandler<StaffEnv> = async (c, next) => {
    if (c.get('staff').role !== 'responsable') return fail(c, 403, TEAM_ERRORS.responsablesOnly);
    await next();
  };
  app.get(OWNERSHIP_API.settings, requireStaff, responsable, async (c) =>
    c.json((await settings.get()) satisfies TeamSettings),
  );
  app.put(OWNERSHIP_API.settings, requireStaff, responsable, limitSize, async (c) => {
    const body = await readJson(c, TeamSettingsSchema);
    if (!body.ok) return body.response;
    const outcome = await settings.put(body.value, c.get('staff').email, now());
    if (!outcome.ok) return fail(c, 409, OWNERSHIP_REFUSALS.unknownPerson);
    return c.json(outcome.settings satisfies TeamSettings);
  });
}

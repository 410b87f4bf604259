import type { Context, Hono, MiddlewareHandler } from 'hono';

import {
  NewPersonSchema,
  RoleChangeSchema,
  TEAM_API,
  type TeamPerson,
} from '#contracts/staff/team.ts';
import { DeactivationSchema } from '#contracts/staff/ownership.ts';
import type { StaffEnv, StaffRouteKit } from '#server/http/staff-route-kit.ts';
import { REFUSAL_STATUS, TEAM_ERRORS, TEAM_REFUSALS } from './messages.ts';
import type { TeamOutcome, TeamService } from './service.ts';

/**
 * The team page's API (ADR 0044), behind the staff API's session check and cross-site refusal:
 * the list of people, add, change a role, deactivate, reactivate. Responsables only: a
 * commercial's request answers 403.
 */
const PERSON_ID = /^[0-9a-f-]{36}$/;
/** A person's route: `TEAM_API.people` then the id, then the act (as in `TEAM_API`). */
const personRoute = (act: string) => `${TEAM_API.people}/:id/${act}`;

export function registerTeamRoutes(app: Hono, kit: StaffRouteKit, team: TeamService): void {
  const { requireStaff, limitSize, readJson, fail, now } = kit;
  const responsable: MiddlewareHandler<StaffEnv> = async (c, next) => {
    if (c.get('staff').role !== 'responsable') return fail(c, 403, TEAM_ERRORS.responsablesOnly);
    await next();
  };
  const guard = [requireStaff, responsable, limitSize] as const;
  const answer = (c: Context, outcome: TeamOutcome) =>
    outcome.ok
      ? c.json(outcome.person satisfies TeamPerson)
      : fail(c, REFUSAL_STATUS[outcome.reason], TEAM_REFUSALS[outcome.reason]);
  const actor = (c: Context<StaffEnv>) => c.get('staff').email;
  const personId = (c: Context) => {
    const id = c.req.param('id') ?? '';
    return PERSON_ID.test(id) ? id : undefined;
  };

  app.get(TEAM_API.people, requireStaff, responsable, async (c) =>
    c.json({ people: await team.list() }),
  );
  app.post(TEAM_API.people, ...guard, async (c) => {
    const body = await readJson(c, NewPersonSchema);
    if (!body.ok) return body.response;
    return answer(c, await team.add(body.value, actor(c), now()));
  });
  app.post(personRoute('role'), ...guard, async (c) => {
    const id = personId(c);
    if (!id) return answer(c, { ok: false, reason: 'not-found' });
    const body = await readJson(c, RoleChangeSchema);
    if (!body.ok) return body.response;
    return answer(c, await team.changeRole(id, body.value.role, actor(c), now()));
  });
  app.post(personRoute('desactiver'), ...guard, async (c) => {
    const id = personId(c);
    if (!id) return answer(c, { ok: false, reason: 'not-found' });
    const body = await readJson(c, DeactivationSchema);
    if (!body.ok) return body.response;
    const { reprise } = body.value;
    const to = reprise === 'regle' ? { rule: true as const } : { personId: reprise };
    return answer(c, await team.deactivate(id, actor(c), now(), to));
  });
  app.post(personRoute('reactiver'), ...guard, async (c) => {
    const id = personId(c);
    if (!id) return answer(c, { ok: false, reason: 'not-found' });
    return answer(c, await team.reactivate(id, actor(c), now()));
  });
}

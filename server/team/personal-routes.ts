import type { Context, Hono, MiddlewareHandler } from 'hono';
import { z } from 'zod';

import {
  AbsenceSchema,
  DigestSwitchSchema,
  NameChangeSchema,
  TEAM_API,
  type MyAccount,
} from '#contracts/staff/team.ts';
import type { Database } from '#server/db/database.ts';
import type { StaffEnv, StaffRouteKit } from '#server/http/staff-route-kit.ts';
import { absenceProblem } from './absence.ts';
import { teamCounters, type FiguresByOwner } from './counters.ts';
import { ABSENCE_PROBLEMS, TEAM_ERRORS, TEAM_REFUSALS } from './messages.ts';
import { PersonalService, type PersonalOutcome } from './personal.ts';
import { PersonalStore } from './personal-store.ts';

/** What the team page's additions and « Mon compte » are built from (server/compose-routes.ts). */
export interface PersonalRouteDeps {
  database: Database;
  /** The call-back clock's figures per owner (its `countersByOwner`). */
  figures: FiguresByOwner;
  promiseHours: number;
  /** Today's Paris date (`YYYY-MM-DD`) at `now`. */
  today: (now: number) => string;
  /** The company's time zone (the history's times are shown in it). */
  timeZone: string;
}

const PERSON_ID = /^[0-9a-f-]{36}$/;
const personRoute = (act: string) => `${TEAM_API.people}/:id/${act}`;

/**
 * The team page's additions and « Mon compte » (ADR 0044), behind the staff session and the
 * cross-site refusal: a person's absence (the person or a responsable), their name, the
 * per-person counters and the team's history (responsables), the signed-in person's account and
 * digest switch. Every change is audited.
 */
export function registerPersonalRoutes(app: Hono, kit: StaffRouteKit, deps: PersonalRouteDeps) {
  const { requireStaff, limitSize, fail, now } = kit;
  const people = new PersonalService(deps.database);
  const responsable: MiddlewareHandler<StaffEnv> = async (c, next) => {
    if (c.get('staff').role !== 'responsable') return fail(c, 403, TEAM_ERRORS.responsablesOnly);
    await next();
  };
  const answer = (c: Context, person: PersonalOutcome) =>
    person ? c.json(person) : fail(c, 404, TEAM_REFUSALS['not-found']);
  /** The JSON body checked by `schema`, or a 400 with `message`. */
  const body = async <T extends z.ZodType>(c: Context, schema: T, message: string) => {
    const raw = await kit.readJson(c, z.unknown());
    if (!raw.ok) return raw;
    const parsed = schema.safeParse(raw.value);
    if (parsed.success) return { ok: true as const, value: parsed.data as z.infer<T> };
    return { ok: false as const, response: fail(c, 400, message) };
  };
  /** The `:id` when the signed-in person may change that person's absence. */
  const absenceTarget = (c: Context<StaffEnv>): string | Response => {
    const id = c.req.param('id') ?? '';
    if (!PERSON_ID.test(id)) return fail(c, 404, TEAM_REFUSALS['not-found']);
    const staff = c.get('staff');
    if (staff.id !== id && staff.role !== 'responsable') return fail(c, 403, TEAM_ERRORS.notYours);
    return id;
  };

  app.put(personRoute('absence'), requireStaff, limitSize, async (c) => {
    const id = absenceTarget(c);
    if (typeof id !== 'string') return id;
    const read = await body(c, AbsenceSchema, TEAM_ERRORS.invalidAbsence);
    if (!read.ok) return read.response;
    const problem = absenceProblem(read.value, deps.today(now()));
    if (problem) return fail(c, 400, ABSENCE_PROBLEMS[problem]);
    return answer(c, await people.setAbsence(id, read.value, c.get('staff').email, now()));
  });
  app.delete(personRoute('absence'), requireStaff, async (c) => {
    const id = absenceTarget(c);
    if (typeof id !== 'string') return id;
    return answer(c, await people.setAbsence(id, null, c.get('staff').email, now()));
  });
  app.put(personRoute('nom'), requireStaff, responsable, limitSize, async (c) => {
    const id = c.req.param('id') ?? '';
    if (!PERSON_ID.test(id)) return fail(c, 404, TEAM_REFUSALS['not-found']);
    const read = await body(c, NameChangeSchema, TEAM_ERRORS.invalidName);
    if (!read.ok) return read.response;
    return answer(c, await people.rename(id, read.value, c.get('staff').email, now()));
  });
  registerAccountRoutes(app, kit, people, deps);
  app.get(TEAM_API.counters, requireStaff, responsable, async (c) =>
    c.json(
      await teamCounters(new PersonalStore(deps.database), deps.figures, deps.promiseHours, now()),
    ),
  );
  app.get(TEAM_API.history, requireStaff, responsable, async (c) =>
    c.json({ entries: await new PersonalStore(deps.database).history(), timeZone: deps.timeZone }),
  );
}

/** « Mon compte »: the signed-in person, and their morning digest on or off. */
function registerAccountRoutes(
  app: Hono,
  kit: StaffRouteKit,
  people: PersonalService,
  deps: PersonalRouteDeps,
) {
  const { requireStaff, limitSize, fail, now } = kit;
  app.get(TEAM_API.me, requireStaff, async (c) => {
    const found = await people.person(c.get('staff').id);
    if (!found) return fail(c, 401, TEAM_REFUSALS['not-found']);
    return c.json({ ...found, today: deps.today(now()) } satisfies MyAccount);
  });
  app.put(TEAM_API.digest, requireStaff, limitSize, async (c) => {
    const raw = await kit.readJson(c, z.unknown());
    if (!raw.ok) return raw.response;
    const parsed = DigestSwitchSchema.safeParse(raw.value);
    if (!parsed.success) return fail(c, 400, TEAM_ERRORS.invalidDigest);
    const staff = c.get('staff');
    const person = await people.setDigest(staff.id, parsed.data.actif, staff.email, now());
    if (!person) return fail(c, 401, TEAM_REFUSALS['not-found']);
    return c.json({ actif: parsed.data.actif });
  });
}

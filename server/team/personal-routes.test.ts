import { describe, expect, it } from 'vitest';

import { ENGINES } from '#test-support/engines.ts';
import { sampleConsent, sampleLead } from '#test-support/lead-input.ts';
import { STAFF_API } from '#contracts/staff/contract.ts';
import {
  TEAM_API,
  type MyAccount,
  type TeamCounters,
  type TeamHistoryEntry,
  type TeamPerson,
} from '#contracts/staff/team.ts';
import {
  api,
  expectFrench,
  MARC,
  send,
  server,
  serveStaffApi,
  signIn,
  STAFF,
} from '#server/staff/routes.fixture.ts';
import { ABSENCE_PROBLEMS, TEAM_ERRORS } from './messages.ts';

/**
 * The team page's additions and « Mon compte » against the real server, on both engines
 * (ADR 0044): an absence set by the person or a responsable, never by a colleague, its dates
 * checked; the name; the digest switch; the per-person counters and the team's history for
 * responsables only; every change in the audit trail. STAFF and MARC are responsables.
 */
const get = (path: string, cookie: string) => fetch(api(path), { headers: { Cookie: cookie } });
const put = (path: string, body: unknown, cookie: string, method = 'PUT') =>
  fetch(api(path), {
    method,
    headers: { Cookie: cookie, Origin: server.origin, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

async function addCommercial(cookie: string, email: string): Promise<TeamPerson> {
  const added = await send(
    TEAM_API.people,
    { firstName: 'Léa', lastName: 'Martin', email, role: 'commercial' },
    { Cookie: cookie },
  );
  expect(added.status).toBe(200);
  return (await added.json()) as TeamPerson;
}

async function history(cookie: string): Promise<TeamHistoryEntry[]> {
  return ((await (await get(TEAM_API.history, cookie)).json()) as { entries: TeamHistoryEntry[] })
    .entries;
}

describe.each(ENGINES)('the team page’s additions on %s', (engine) => {
  serveStaffApi(engine);

  it('lets a person set their own absence, a responsable anyone’s, a colleague no one’s', async () => {
    const anne = await signIn(STAFF);
    const lea = await addCommercial(anne.cookie, `lea.abs.${engine}@calora-energies.example`);
    const paul = await addCommercial(anne.cookie, `paul.abs.${engine}@calora-energies.example`);
    const leaSession = await signIn(lea.email);
    const absence = { du: '2099-07-01', au: '2099-07-14' };
    const own = await put(TEAM_API.absence(lea.id), absence, leaSession.cookie);
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({ id: lea.id, absence });
    const colleague = await put(TEAM_API.absence(paul.id), absence, leaSession.cookie);
    expect(colleague.status).toBe(403);
    expect(await colleague.json()).toEqual({ error: TEAM_ERRORS.notYours });
    const byResponsable = await put(TEAM_API.absence(paul.id), absence, anne.cookie);
    expect(byResponsable.status).toBe(200);
    const ended = await put(TEAM_API.absence(lea.id), {}, leaSession.cookie, 'DELETE');
    expect(await ended.json()).toMatchObject({ absence: null });
    const me = (await (await get(TEAM_API.me, leaSession.cookie)).json()) as MyAccount;
    expect(me).toMatchObject({ person: { id: lea.id, absence: null }, digest: true });
    const log = await history(anne.cookie);
    expect(log.slice(0, 3).map((e) => [e.actor, e.action, e.detail])).toEqual([
      [lea.email, 'team_absence', `${lea.email} fin`],
      [STAFF, 'team_absence', `${paul.email} 2099-07-01 2099-07-14`],
      [lea.email, 'team_absence', `${lea.email} 2099-07-01 2099-07-14`],
    ]);
  });

  it('refuses absences whose dates are wrong, each with its French message', async () => {
    const { cookie } = await signIn(STAFF);
    const me = (await (await get(TEAM_API.me, cookie)).json()) as MyAccount;
    const cases = [
      [{ du: '2099-02-30', au: '2099-03-02' }, ABSENCE_PROBLEMS['invalid-date']],
      [{ du: '2099-07-14', au: '2099-07-01' }, ABSENCE_PROBLEMS.reversed],
      [{ du: '2000-01-01', au: '2000-01-02' }, ABSENCE_PROBLEMS.past],
      [{ du: '2099-01-01', au: '2100-06-01' }, ABSENCE_PROBLEMS['too-long']],
      [{ du: '1er juillet' }, TEAM_ERRORS.invalidAbsence],
    ] as const;
    for (const [body, error] of cases) {
      const refused = await put(TEAM_API.absence(me.person.id), body, cookie);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ error });
    }
    const crossSite = await fetch(api(TEAM_API.absence(me.person.id)), {
      method: 'DELETE',
      headers: { Cookie: cookie, Origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    expectFrench(await crossSite.json());
  });

  it('names a person, whose session then carries the name; commerciaux may not', async () => {
    const anne = await signIn(STAFF);
    const me = (await (await get(TEAM_API.me, anne.cookie)).json()) as MyAccount;
    expect(me.person.firstName).toBe('');
    const named = await put(
      TEAM_API.name(me.person.id),
      { firstName: ' Anne ', lastName: 'Durand' },
      anne.cookie,
    );
    expect(await named.json()).toMatchObject({ firstName: 'Anne', lastName: 'Durand' });
    expect(await (await get(STAFF_API.session, anne.cookie)).json()).toMatchObject({
      name: 'Anne Durand',
    });
    const empty = await put(
      TEAM_API.name(me.person.id),
      { firstName: '', lastName: 'D' },
      anne.cookie,
    );
    expect(await empty.json()).toEqual({ error: TEAM_ERRORS.invalidName });
    const lea = await addCommercial(anne.cookie, `lea.nom.${engine}@calora-energies.example`);
    const leaSession = await signIn(lea.email);
    for (const path of [TEAM_API.counters, TEAM_API.history]) {
      expect((await get(path, leaSession.cookie)).status).toBe(403);
    }
    const refused = await put(
      TEAM_API.name(lea.id),
      { firstName: 'X', lastName: 'Y' },
      leaSession.cookie,
    );
    expect(await refused.json()).toEqual({ error: TEAM_ERRORS.responsablesOnly });
  });

  it('turns the signed-in person’s digest off and on, audited', async () => {
    const { cookie } = await signIn(MARC);
    const off = await put(TEAM_API.digest, { actif: false }, cookie);
    expect(await off.json()).toEqual({ actif: false });
    expect(((await (await get(TEAM_API.me, cookie)).json()) as MyAccount).digest).toBe(false);
    const row = await server.pipeline.stores.database.db
      .selectFrom('staff_people')
      .select('digest')
      .where('email_key', '=', MARC)
      .executeTakeFirstOrThrow();
    expect(row.digest).toBe(0);
    expect((await put(TEAM_API.digest, { actif: 'non' }, cookie)).status).toBe(400);
    await put(TEAM_API.digest, { actif: true }, cookie);
    const log = await history(cookie);
    expect(log.slice(0, 2).map((e) => [e.actor, e.action, e.detail])).toEqual([
      [MARC, 'team_digest', `${MARC} actif`],
      [MARC, 'team_digest', `${MARC} arrete`],
    ]);
  });

  it('counts each person’s requests over 30 days by the call-back clock’s rule', async () => {
    const anne = await signIn(STAFF);
    const lea = await addCommercial(anne.cookie, `lea.cpt.${engine}@calora-energies.example`);
    const { stores } = server.pipeline;
    const now = Date.now();
    const seed = async (id: string, minutesAgo: number, owner: string | null) => {
      const at = now - minutesAgo * 60_000;
      await stores.leads.insertLead(
        id,
        sampleLead({ email: `${id}@example.fr` }),
        sampleConsent(at),
        [],
        at,
      );
      await stores.database.db
        .updateTable('leads')
        .set({ owner_id: owner })
        .where('id', '=', id)
        .execute();
    };
    await seed(`cpt-reached-${engine}`, 10, lea.id);
    await seed(`cpt-late-${engine}`, 20 * 24 * 60, lea.id);
    await seed(`cpt-old-${engine}`, 40 * 24 * 60, lea.id);
    await seed(`cpt-free-${engine}`, 10, null);
    const call = await send(
      STAFF_API.call(`cpt-reached-${engine}`),
      { outcome: 'joint' },
      { Cookie: anne.cookie },
    );
    expect(call.status).toBe(200);
    const counters = (await (await get(TEAM_API.counters, anne.cookie)).json()) as TeamCounters;
    expect(counters.days).toBe(30);
    expect(counters.people.find((p) => p.person.id === lea.id)).toEqual({
      person: { id: lea.id, name: 'Léa Martin', active: true },
      received: 2,
      withinPromiseShare: 0.5,
      medianMs: expect.any(Number),
    });
  });
});

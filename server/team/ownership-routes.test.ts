import { describe, expect, it } from 'vitest';

import { STAFF_API } from '#contracts/staff/contract.ts';
import { OWNERSHIP_API } from '#contracts/staff/ownership.ts';
import { TEAM_API, type TeamPerson } from '#contracts/staff/team.ts';
import { STAFF_ERRORS } from '#server/staff/index.ts';
import { api, send, server, serveStaffApi, signIn, STAFF } from '#server/staff/routes.fixture.ts';
import { ENGINES } from '#test-support/engines.ts';
import { postJson, validRequest } from '#test-support/harness.ts';
import { parisDateOf } from './assignment-rule.ts';
import { OWNERSHIP_REFUSALS } from './messages.ts';

/**
 * « Je la prends » and « Confier à … » against the real server on both engines (ADR 0045): who
 * may, the refusals in French, the audit entry, and a request a commercial may not see answered
 * exactly as an unknown one.
 */
let seq = 0;
const db = () => server.pipeline.stores.database.db;

async function newLead(): Promise<string> {
  seq += 1;
  const response = await postJson(
    server.endpoint,
    validRequest({ email: `own.${seq}@entreprise.example` }),
    { 'X-Forwarded-For': `10.9.${seq % 250}.1` },
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

async function person(responsable: string, first: string) {
  const email = `${first.toLowerCase()}.${seq++}@calora-energies.example`;
  const added = await send(
    TEAM_API.people,
    { firstName: first, lastName: 'Martin', email, role: 'commercial' },
    { Cookie: responsable },
  );
  const { id } = (await added.json()) as TeamPerson;
  return { id, cookie: (await signIn(email)).cookie, name: `${first} Martin` };
}

async function team() {
  const boss = await signIn(STAFF);
  // « Personne »: requests wait to be taken.
  await db().updateTable('team_settings').set({ assignment_rule: 'personne' }).execute();
  return {
    boss: boss.cookie,
    lea: await person(boss.cookie, 'Léa'),
    paul: await person(boss.cookie, 'Paul'),
  };
}

const take = (id: string, cookie: string) => send(OWNERSHIP_API.take(id), {}, { Cookie: cookie });
const handOver = (id: string, personne: string, cookie: string) =>
  send(OWNERSHIP_API.handOver(id), { personne }, { Cookie: cookie });

describe.each(ENGINES)('« Je la prends » and « Confier à » on %s', (engine) => {
  serveStaffApi(engine);

  it('lets the first take it, its owner hand it over, and a responsable take it back', async () => {
    const { boss, lea, paul } = await team();
    const id = await newLead();
    const taken = await take(id, lea.cookie);
    expect(taken.status).toBe(200);
    expect(await taken.json()).toEqual({ owner: { id: lea.id, name: lea.name } });

    const late = await take(id, paul.cookie);
    expect(late.status).toBe(409);
    expect(await late.json()).toEqual({ error: OWNERSHIP_REFUSALS.owned(lea.name) });
    const notHers = await handOver(id, paul.id, paul.cookie);
    expect(notHers.status).toBe(403);
    expect(await notHers.json()).toEqual({ error: OWNERSHIP_REFUSALS['not-owner'] });

    const given = await handOver(id, paul.id, lea.cookie);
    expect(await given.json()).toEqual({ owner: { id: paul.id, name: paul.name } });
    // The new owner gets the request's link (ADR 0048); taking it oneself sends nothing.
    const handovers = await db()
      .selectFrom('outbox')
      .select('person_id')
      .where('lead_id', '=', id)
      .where('kind', '=', 'handover')
      .execute();
    expect(handovers).toEqual([{ person_id: paul.id }]);
    expect((await take(id, boss)).status).toBe(200);
    const row = await db()
      .selectFrom('leads')
      .select(['owner_id', 'assigned_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.owner_id).not.toBe(paul.id);
    expect(Number(row.assigned_at)).toBeGreaterThan(0);
    const audit = await db()
      .selectFrom('staff_audit')
      .select(['actor', 'detail'])
      .where('lead_id', '=', id)
      .where('action', '=', 'lead_assigned')
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => entry.detail)).toEqual([lea.name, paul.name, STAFF]);
  });

  it('hands over only to an active person', async () => {
    const { boss, lea, paul } = await team();
    const id = await newLead();
    await take(id, lea.cookie);
    expect((await send(TEAM_API.deactivate(paul.id), {}, { Cookie: boss })).status).toBe(200);
    const refused = await handOver(id, paul.id, lea.cookie);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: OWNERSHIP_REFUSALS['inactive-person'] });
    const unknown = await handOver(id, '00000000-0000-4000-8000-000000000000', lea.cookie);
    expect(unknown.status).toBe(409);
  });

  it('lets anyone take a request whose owner is absent when it falls due', async () => {
    const { lea, paul } = await team();
    const [soon, later] = [await newLead(), await newLead()];
    for (const id of [soon, later]) await take(id, lea.cookie);
    const today = parisDateOf(Date.now());
    await db()
      .updateTable('staff_people')
      .set({ absent_from: today, absent_until: today })
      .where('id', '=', lea.id)
      .execute();
    await db().updateTable('leads').set({ due_at: Date.now() }).where('id', '=', soon).execute();
    const afterwards = Date.now() + 5 * 24 * 3600_000;
    await db().updateTable('leads').set({ due_at: afterwards }).where('id', '=', later).execute();
    expect(await (await take(soon, paul.cookie)).json()).toEqual({
      owner: { id: paul.id, name: paul.name },
    });
    expect((await take(later, paul.cookie)).status).toBe(409);
  });

  it('answers a colleague’s request as unknown when commerciaux see only their own', async () => {
    const { lea, paul } = await team();
    const id = await newLead();
    await take(id, lea.cookie);
    await db().updateTable('team_settings').set({ commerciaux_see_all: 0 }).execute();
    try {
      const unknownId = '00000000-0000-4000-8000-000000000000';
      const answers = await Promise.all([
        take(id, paul.cookie),
        handOver(id, paul.id, paul.cookie),
        take(unknownId, paul.cookie),
      ]);
      for (const answer of answers) {
        expect(answer.status).toBe(404);
        expect(await answer.json()).toEqual({ error: STAFF_ERRORS.notFound });
      }
      const free = await newLead();
      expect((await take(free, paul.cookie)).status).toBe(200);
    } finally {
      await db().updateTable('team_settings').set({ commerciaux_see_all: 1 }).execute();
    }
  });

  it('answers 401 without a session', async () => {
    expect((await send(OWNERSHIP_API.take('x'), {})).status).toBe(401);
    expect((await fetch(api(STAFF_API.session))).status).toBe(401);
  });
});

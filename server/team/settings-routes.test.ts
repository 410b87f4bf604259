import { describe, expect, it } from 'vitest';

import { OWNERSHIP_API, type TeamSettings } from '#contracts/staff/ownership.ts';
import { TEAM_API, type TeamPerson } from '#contracts/staff/team.ts';
import { api, send, server, serveStaffApi, signIn, STAFF } from '#server/staff/routes.fixture.ts';
import { ENGINES } from '#test-support/engines.ts';
import { postJson, validRequest } from '#test-support/harness.ts';
import { OWNERSHIP_REFUSALS, TEAM_ERRORS, TEAM_REFUSALS } from './messages.ts';

/**
 * The team's assignment settings and a deactivation's reassignment against the real server, on
 * both engines (ADR 0045).
 */
let seq = 0;
const db = () => server.pipeline.stores.database.db;
const put = (body: unknown, cookie: string) =>
  fetch(api(OWNERSHIP_API.settings), {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Origin: server.origin, Cookie: cookie },
    body: JSON.stringify(body),
  });

async function newLead(adresse = '3 rue de la Paix, 75002 Paris'): Promise<string> {
  seq += 1;
  const response = await postJson(
    server.endpoint,
    validRequest({ email: `set.${seq}@entreprise.example`, adresse }),
    { 'X-Forwarded-For': `10.8.${seq % 250}.1` },
  );
  return ((await response.json()) as { id: string }).id;
}

async function person(boss: string, first: string): Promise<TeamPerson> {
  const email = `${first.toLowerCase()}.s${(seq += 1)}@calora-energies.example`;
  const added = await send(
    TEAM_API.people,
    { firstName: first, lastName: 'Roux', email, role: 'commercial' },
    { Cookie: boss },
  );
  return (await added.json()) as TeamPerson;
}

const ownerOf = async (id: string) =>
  (await db().selectFrom('leads').select('owner_id').where('id', '=', id).executeTakeFirstOrThrow())
    .owner_id;

describe.each(ENGINES)('the team’s assignment settings on %s', (engine) => {
  serveStaffApi(engine);

  it('reads and changes the rule, the visibility and the départements (responsables)', async () => {
    const boss = (await signIn(STAFF)).cookie;
    const lea = await person(boss, 'Léa');
    const settings: TeamSettings = {
      regle: 'par_departement',
      commerciauxVoientTout: false,
      departements: { '13': lea.id, '2A': lea.id, '974': lea.id },
    };
    const changed = await put(settings, boss);
    expect(changed.status).toBe(200);
    const read = await fetch(api(OWNERSHIP_API.settings), { headers: { Cookie: boss } });
    expect(await read.json()).toEqual(settings);
    const audit = await db()
      .selectFrom('staff_audit')
      .select(['actor', 'detail'])
      .where('action', '=', 'team_settings')
      .execute();
    expect(audit.at(-1)).toEqual({
      actor: STAFF,
      detail: 'par_departement voient_tout=0 departements=13,2A,974',
    });

    expect((await put({ ...settings, departements: { '20': lea.id } }, boss)).status).toBe(400);
    expect((await put({ ...settings, departements: { '98': lea.id } }, boss)).status).toBe(400);
    const unknown = await put(
      { ...settings, departements: { '13': '00000000-0000-4000-8000-000000000000' } },
      boss,
    );
    expect(unknown.status).toBe(409);
    expect(await unknown.json()).toEqual({ error: OWNERSHIP_REFUSALS.unknownPerson });

    const commercial = (await signIn(lea.email)).cookie;
    const refused = await put(settings, commercial);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: TEAM_ERRORS.responsablesOnly });
    await put({ regle: 'chacun_son_tour', commerciauxVoientTout: true, departements: {} }, boss);
  });

  it('hands a leaving person’s open requests to a colleague, or back to the rule', async () => {
    const boss = (await signIn(STAFF)).cookie;
    await put({ regle: 'personne', commerciauxVoientTout: true, departements: {} }, boss);
    const [lea, paul, zoe] = [
      await person(boss, 'Léa'),
      await person(boss, 'Paul'),
      await person(boss, 'Zoé'),
    ];
    const [open, closed, other] = [await newLead(), await newLead(), await newLead()];
    await db()
      .updateTable('leads')
      .set({ owner_id: lea.id })
      .where('id', 'in', [open, closed])
      .execute();
    await db().updateTable('leads').set({ owner_id: zoe.id }).where('id', '=', other).execute();
    await db()
      .updateTable('lead_tracking')
      .set({ status: 'perdu' })
      .where('lead_id', '=', closed)
      .execute();

    const itself = await send(TEAM_API.deactivate(lea.id), { reprise: lea.id }, { Cookie: boss });
    expect(itself.status).toBe(409);
    expect(await itself.json()).toEqual({ error: TEAM_REFUSALS['invalid-reprise'] });
    expect(await ownerOf(open)).toBe(lea.id);

    const done = await send(TEAM_API.deactivate(lea.id), { reprise: paul.id }, { Cookie: boss });
    expect(done.status).toBe(200);
    expect([await ownerOf(open), await ownerOf(closed)]).toEqual([paul.id, lea.id]);

    // Back to « Chacun son tour »: Paul leaves, his request goes to the next in turn (Zoé, the
    // only other present commercial besides whoever earlier tests added).
    await put({ regle: 'chacun_son_tour', commerciauxVoientTout: true, departements: {} }, boss);
    await db()
      .updateTable('staff_people')
      .set({ active: 0 })
      .where('id', 'not in', [paul.id, zoe.id])
      .where('role', '=', 'commercial')
      .execute();
    expect((await send(TEAM_API.deactivate(paul.id), {}, { Cookie: boss })).status).toBe(200);
    expect(await ownerOf(open)).toBe(zoe.id);
    const audit = await db()
      .selectFrom('staff_audit')
      .select('detail')
      .where('lead_id', '=', open)
      .where('action', '=', 'lead_assigned')
      .execute();
    expect(audit.map((entry) => entry.detail)).toEqual(['Paul Roux', 'Zoé Roux']);
  });
});

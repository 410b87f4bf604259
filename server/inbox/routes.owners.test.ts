import { describe, expect, it } from 'vitest';

import { AUDIENCE_API } from '#contracts/audience/aggregates.ts';
import { STAFF_API, type InboxPage, type LeadPage } from '#contracts/staff/contract.ts';
import { WEBHOOK_API } from '#contracts/staff/webhooks-contract.ts';
import { TEAM_API, type TeamPerson } from '#contracts/staff/team.ts';
import { addDays, localDate } from '#server/callback/index.ts';
import { api, send, server, serveStaffApi, signIn, STAFF } from '#server/staff/routes.fixture.ts';
import { STAFF_ERRORS } from '#server/staff/index.ts';
import { ENGINES } from '#test-support/engines.ts';
import { postJson, validRequest } from '#test-support/harness.ts';
import { RESPONSABLES_ONLY } from './routes.ts';

/**
 * Owners in the inbox against the real server, on both engines (ADR 0046): every row and page
 * names its owner; « Mes demandes », « À attribuer » and the owner filter; with « Les commerciaux
 * voient toutes les demandes » off, a colleague's request answers exactly as one that does not
 * exist on every route that takes its id, unless its owner is absent when it falls due; the
 * responsables' own acts answer 403 to a commercial.
 */
type Cookie = { cookie: string };
const call = (who: Cookie, path: string, body?: unknown) =>
  fetch(api(path), {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Origin: server.origin, Cookie: who.cookie, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const exportAs = (who: Cookie, fields: Record<string, string>) =>
  fetch(api(STAFF_API.exportCsv), {
    method: 'POST',
    headers: {
      Origin: server.origin,
      Cookie: who.cookie,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(fields).toString(),
  });
const search = async (who: Cookie, filter: object) => {
  const response = await call(who, STAFF_API.search, filter);
  expect(response.status).toBe(200);
  return (await response.json()) as InboxPage;
};
const names = (page: InboxPage) => page.rows.map((row) => row.nom);

async function addPerson(boss: Cookie, firstName: string, engine: string): Promise<TeamPerson> {
  const email = `${firstName.toLowerCase()}.${engine}@calora-energies.example`;
  const body = { firstName, lastName: 'Test', email, role: 'commercial' };
  const response = await send(TEAM_API.people, body, { Cookie: boss.cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as TeamPerson;
}

async function newLead(nom: string, ownerId: string | null): Promise<string> {
  const response = await postJson(
    server.endpoint,
    validRequest({ nom, email: `${nom.toLowerCase()}@example.fr` }),
  );
  const id = ((await response.json()) as { id: string }).id;
  const { db } = server.pipeline.stores.database;
  await db.updateTable('leads').set({ owner_id: ownerId }).where('id', '=', id).execute();
  return id;
}

const setSeeAll = (on: boolean) =>
  server.pipeline.stores.database.db
    .updateTable('team_settings')
    .set({ commerciaux_see_all: on ? 1 : 0 })
    .where('id', '=', 1)
    .execute();

describe.each(ENGINES)('owners in the inbox on %s', (engine) => {
  serveStaffApi(engine);

  it('names owners, lists « Mes demandes » and « À attribuer », filters by owner', async () => {
    const boss = await signIn(STAFF);
    const lea = await addPerson(boss, 'Lea', engine);
    const paul = await addPerson(boss, 'Paul', engine);
    const asLea = await signIn(lea.email);
    await newLead(`Nobody${engine}`, null);
    await newLead(`OfPaul${engine}`, paul.id);
    await newLead(`OfLea${engine}`, lea.id);
    const mine = await search(asLea, { vue: 'mes-demandes' });
    // Hers first, then the unassigned ones (and the earlier tests' requests, all unassigned).
    expect(names(mine)[0]).toBe(`OfLea${engine}`);
    expect(names(mine)).toContain(`Nobody${engine}`);
    expect(names(mine)).not.toContain(`OfPaul${engine}`);
    expect(mine.rows[0]!.owner).toEqual({ id: lea.id, name: 'Lea Test' });
    expect(mine.people).toContainEqual({ id: paul.id, name: 'Paul Test' });
    const unassigned = await search(asLea, { vue: 'a-attribuer' });
    expect(unassigned.rows.every((row) => row.owner === null)).toBe(true);
    expect(names(await search(asLea, { vue: 'toutes', owner: 'moi' }))).toEqual([`OfLea${engine}`]);
    expect(names(await search(boss, { vue: 'toutes', owner: paul.id }))).toEqual([
      `OfPaul${engine}`,
    ]);
    expect((await call(asLea, STAFF_API.search, { owner: 'quelqu-un' })).status).toBe(400);
  });

  it('with the setting off, answers a colleague’s request exactly as an unknown one', async () => {
    const boss = await signIn(STAFF);
    const lea = await addPerson(boss, 'Lina', engine);
    const paul = await addPerson(boss, 'Pierre', engine);
    const asLea = await signIn(lea.email);
    const hers = await newLead(`Hers${engine}`, lea.id);
    const his = await newLead(`His${engine}`, paul.id);
    await setSeeAll(false);
    try {
      const unknown = 'aaaaaaaa-0000-4000-8000-000000000000';
      for (const path of [
        STAFF_API.lead,
        STAFF_API.status,
        STAFF_API.retry,
        STAFF_API.call,
        WEBHOOK_API.lead,
      ]) {
        const body = path === STAFF_API.lead || path === WEBHOOK_API.lead ? undefined : {};
        const hidden = await call(asLea, path(his), body);
        const missing = await call(asLea, path(unknown), body);
        expect([path(his), hidden.status, await hidden.json()]).toEqual([
          path(his),
          404,
          { error: STAFF_ERRORS.notFound },
        ]);
        expect([missing.status, await missing.json()]).toEqual([
          404,
          { error: STAFF_ERRORS.notFound },
        ]);
      }
      expect((await call(asLea, STAFF_API.lead(hers))).status).toBe(200);
      expect(names(await search(asLea, { vue: 'toutes' }))).not.toContain(`His${engine}`);
      expect(names(await search(asLea, { vue: 'toutes', q: `His${engine}` }))).toEqual([]);
      const csv = await (await exportAs(asLea, { portee: 'vue', vue: 'toutes' })).text();
      expect(csv).toContain(`Hers${engine}`);
      expect(csv).toContain('Lina Test');
      expect(csv).not.toContain(`His${engine}`);
      // The responsable still sees it.
      expect((await call(boss, STAFF_API.lead(his))).status).toBe(200);

      // Paul is away from today: his request, due during the absence, is anyone's to take.
      const today = localDate(Date.now(), 'Europe/Paris');
      await server.pipeline.stores.database.db
        .updateTable('staff_people')
        .set({ absent_from: today, absent_until: addDays(today, 10) })
        .where('id', '=', paul.id)
        .execute();
      const page = (await (await call(asLea, STAFF_API.lead(his))).json()) as LeadPage;
      expect(page.owner).toEqual({ id: paul.id, name: 'Pierre Test' });
      expect(page.ownerAbsent).toBe(true);
      const toCall = await search(asLea, { vue: 'a-rappeler' });
      expect(toCall.rows.find((row) => row.id === his)?.ownerAbsent).toBe(true);
    } finally {
      await setSeeAll(true);
    }
  });

  it('keeps erasure, the whole export, audience and integrations to responsables', async () => {
    const boss = await signIn(STAFF);
    const lea = await addPerson(boss, 'Lou', engine);
    const asLea = await signIn(lea.email);
    const hers = await newLead(`Lou${engine}`, lea.id);
    const erase = await call(asLea, STAFF_API.erase(hers), {});
    expect([erase.status, await erase.json()]).toEqual([403, { error: RESPONSABLES_ONLY.erase }]);
    const all = await exportAs(asLea, { portee: 'tout' });
    expect([all.status, await all.json()]).toEqual([403, { error: RESPONSABLES_ONLY.exportAll }]);
    for (const path of [`${AUDIENCE_API.report}?jours=30`, WEBHOOK_API.overview]) {
      const refused = await call(asLea, path);
      expect([refused.status, await refused.json()]).toEqual([
        403,
        { error: RESPONSABLES_ONLY.page },
      ]);
      expect((await call(boss, path)).status).toBe(200);
    }
    expect((await exportAs(boss, { portee: 'tout' })).status).toBe(200);
  });
});

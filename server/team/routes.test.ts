import { describe, expect, it } from 'vitest';

import { ENGINES } from '#test-support/engines.ts';
import { STAFF_API } from '#contracts/staff/contract.ts';
import { TEAM_API, type TeamPerson } from '#contracts/staff/team.ts';
import {
  api,
  expectFrench,
  MARC,
  peer,
  send,
  server,
  serveStaffApi,
  signIn,
  STAFF,
} from '#server/staff/routes.fixture.ts';
import { TEAM_ERRORS, TEAM_REFUSALS } from './messages.ts';

/**
 * The team page's API against the real server, on both engines (ADR 0044): responsables only,
 * behind the session and the cross-site refusal; a deactivated person's next request answers
 * 401 and their next link request is answered as an unknown address's; the last active
 * responsable is kept. STAFF and MARC are STAFF_EMAILS: active responsables at start.
 */
const get = (path: string, cookie: string) => fetch(api(path), { headers: { Cookie: cookie } });

async function people(cookie: string): Promise<TeamPerson[]> {
  const response = await get(TEAM_API.people, cookie);
  expect(response.status).toBe(200);
  return ((await response.json()) as { people: TeamPerson[] }).people;
}

describe.each(ENGINES)('the team API on %s', (engine) => {
  serveStaffApi(engine);

  it('answers 401 without a session and 403 from another site', async () => {
    expect((await fetch(api(TEAM_API.people))).status).toBe(401);
    expect((await send(TEAM_API.people, {})).status).toBe(401);
    const { cookie } = await signIn(STAFF);
    const crossSite = await send(
      TEAM_API.people,
      {},
      { Cookie: cookie, Origin: 'https://evil.example' },
    );
    expect(crossSite.status).toBe(403);
    expectFrench(await crossSite.json());
  });

  it('adds a commercial, who signs in with that role and gets 403 on the team', async () => {
    const { cookie } = await signIn(STAFF);
    const email = `lea.${engine}@calora-energies.example`;
    const added = await send(
      TEAM_API.people,
      { firstName: 'Léa', lastName: 'Martin', email, role: 'commercial' },
      { Cookie: cookie },
    );
    expect(added.status).toBe(200);
    expect(await added.json()).toMatchObject({ email, role: 'commercial', active: true });
    const again = await send(
      TEAM_API.people,
      { firstName: 'Léa', lastName: 'Martin', email: email.toUpperCase(), role: 'commercial' },
      { Cookie: cookie },
    );
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: TEAM_REFUSALS.exists });

    const lea = await signIn(email);
    expect(await (await get(STAFF_API.session, lea.cookie)).json()).toEqual({
      id: expect.any(String),
      email,
      name: 'Léa Martin',
      role: 'commercial',
    });
    const refused = await get(TEAM_API.people, lea.cookie);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: TEAM_ERRORS.responsablesOnly });
    const id = (await people(cookie)).find((p) => p.email === email)!.id;
    expect((await send(TEAM_API.deactivate(id), {}, { Cookie: lea.cookie })).status).toBe(403);
  });

  it('ends a deactivated person’s sessions at once, and sends them no link', async () => {
    const { cookie } = await signIn(STAFF);
    const email = `paul.${engine}@calora-energies.example`;
    await send(
      TEAM_API.people,
      { firstName: 'Paul', lastName: 'Roux', email, role: 'commercial' },
      { Cookie: cookie },
    );
    const paul = await signIn(email);
    expect((await get(STAFF_API.session, paul.cookie)).status).toBe(200);
    const id = (await people(cookie)).find((p) => p.email === email)!.id;
    const off = await send(TEAM_API.deactivate(id), {}, { Cookie: cookie });
    expect(off.status).toBe(200);
    expect(await off.json()).toMatchObject({ active: false });
    expect((await get(STAFF_API.session, paul.cookie)).status).toBe(401);

    const before = peer.messages.length;
    const unknown = await send(STAFF_API.requestLink, { email: `nobody.${engine}@example.fr` });
    const inactive = await send(STAFF_API.requestLink, { email });
    expect(inactive.status).toBe(unknown.status);
    expect(await inactive.json()).toEqual(await unknown.json());
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(peer.messages.slice(before).filter((m) => m.envelopeTo.includes(email))).toEqual([]);

    expect((await send(TEAM_API.reactivate(id), {}, { Cookie: cookie })).status).toBe(200);
    expect((await signIn(email)).cookie).toMatch(/^equipe=/);
  });

  it('keeps the last active responsable, with a French 409', async () => {
    const { cookie } = await signIn(STAFF);
    const team = await people(cookie);
    const marc = team.find((p) => p.email === MARC)!.id;
    const anne = team.find((p) => p.email === STAFF)!.id;
    const demoted = await send(TEAM_API.role(marc), { role: 'commercial' }, { Cookie: cookie });
    expect(demoted.status).toBe(200);
    const last = await send(TEAM_API.role(anne), { role: 'commercial' }, { Cookie: cookie });
    expect(last.status).toBe(409);
    expect(await last.json()).toEqual({ error: TEAM_REFUSALS['last-responsable'] });
    expectFrench(await (await send(TEAM_API.deactivate(anne), {}, { Cookie: cookie })).json());
    expect(
      (await send(TEAM_API.role(marc), { role: 'responsable' }, { Cookie: cookie })).status,
    ).toBe(200);
    expect(server.url).toMatch(/^http/);
  });
});

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { ENGINES, engineFixture, type EngineFixture } from '#test-support/engines.ts';
import { openStores, type Stores } from '#server/compose/stores.ts';
import { hashSecret } from '#server/staff/index.ts';
import { TeamService } from './service.ts';

/**
 * The team's rules on both engines (ADR 0044): STAFF_EMAILS made active responsables, an
 * address added once, the last active responsable neither demoted nor deactivated, a
 * deactivation that revokes every session of the person, each change in the audit trail.
 */
const NOW = Date.UTC(2026, 10, 28, 8, 0);
const ANNE = 'anne@calora-energies.example';
const MARC = 'marc@calora-energies.example';

describe.each(ENGINES)('the team on %s', (engine) => {
  let fixture: EngineFixture;
  let stores: Stores;
  let team: TeamService;

  beforeAll(async () => {
    fixture = await engineFixture(engine);
  });
  afterAll(async () => {
    await fixture.cleanup();
  });
  beforeEach(async () => {
    stores = await openStores(fixture.config);
    await stores.database.db.deleteFrom('staff_sessions').execute();
    await stores.database.db.deleteFrom('staff_people').execute();
    team = new TeamService(stores.database);
  });
  afterEach(async () => {
    await stores.close();
  });

  const idOf = async (email: string) =>
    (await team.list()).find((person) => person.email === email)!.id;

  it('makes each STAFF_EMAILS address an active responsable, again after a change', async () => {
    await team.ensureResponsables([` ${ANNE.toUpperCase()} `, MARC], NOW);
    expect(await team.activePerson(ANNE)).toMatchObject({ role: 'responsable' });
    expect(await team.changeRole(await idOf(MARC), 'commercial', ANNE, NOW)).toMatchObject({
      ok: true,
    });
    await team.ensureResponsables([MARC], NOW + 1);
    expect(await team.activePerson(MARC)).toMatchObject({ role: 'responsable' });
    expect(await team.list()).toHaveLength(2);
  });

  it('adds a person once, and an inactive person cannot sign in', async () => {
    await team.ensureResponsables([ANNE], NOW);
    const person = { firstName: 'Léa', lastName: 'Martin', email: 'lea@x.fr', role: 'commercial' };
    const added = await team.add({ ...person, role: 'commercial' }, ANNE, NOW);
    expect(added).toMatchObject({ ok: true, person: { firstName: 'Léa', active: true } });
    expect(
      await team.add({ ...person, email: 'LEA@x.fr', role: 'responsable' }, ANNE, NOW),
    ).toEqual({ ok: false, reason: 'exists' });
    expect(await team.deactivate(await idOf('lea@x.fr'), ANNE, NOW)).toMatchObject({ ok: true });
    expect(await team.activePerson('lea@x.fr')).toBeUndefined();
    expect(await team.reactivate(await idOf('lea@x.fr'), ANNE, NOW)).toMatchObject({ ok: true });
    expect(await team.activePerson('lea@x.fr')).toMatchObject({ role: 'commercial' });
  });

  it('refuses to demote or deactivate the last active responsable', async () => {
    await team.ensureResponsables([ANNE], NOW);
    const anne = await idOf(ANNE);
    expect(await team.changeRole(anne, 'commercial', ANNE, NOW)).toEqual({
      ok: false,
      reason: 'last-responsable',
    });
    expect(await team.deactivate(anne, ANNE, NOW)).toEqual({
      ok: false,
      reason: 'last-responsable',
    });
    expect(await team.deactivate('00000000-0000-0000-0000-000000000000', ANNE, NOW)).toEqual({
      ok: false,
      reason: 'not-found',
    });
    expect(await team.activePerson(ANNE)).toMatchObject({ role: 'responsable' });
  });

  it('revokes every session of a deactivated person in the same step', async () => {
    await team.ensureResponsables([ANNE, MARC], NOW);
    const session = (id: string, email: string) => ({
      id_hash: hashSecret(id),
      email,
      created_at: NOW,
      last_seen_at: NOW,
      expires_at: NOW + 1000,
    });
    await stores.sessions.startSession(session('a1', 'Anne@calora-energies.example'));
    await stores.sessions.startSession(session('a2', ANNE));
    await stores.sessions.startSession(session('m1', MARC));
    await team.deactivate(await idOf(ANNE), MARC, NOW + 5);
    expect((await stores.sessions.findSession(hashSecret('a1')))?.revoked_at).toBe(NOW + 5);
    expect((await stores.sessions.findSession(hashSecret('a2')))?.revoked_at).toBe(NOW + 5);
    expect((await stores.sessions.findSession(hashSecret('m1')))?.revoked_at).toBeNull();
  });

  it('records every change in the audit trail: who, what, when', async () => {
    // The trail is append-only: this test's entries are those from T on.
    const T = NOW + 60_000;
    await team.ensureResponsables([ANNE], T);
    await team.add(
      { firstName: 'Marc', lastName: 'Petit', email: MARC, role: 'commercial' },
      ANNE,
      T + 1,
    );
    await team.changeRole(await idOf(MARC), 'responsable', ANNE, T + 2);
    await team.deactivate(await idOf(MARC), ANNE, T + 3);
    await team.reactivate(await idOf(MARC), ANNE, T + 4);
    const log = (await stores.sessions.auditLog()).filter((e) => e.at >= T);
    expect(log.map((e) => [e.at, e.actor, e.action, e.detail])).toEqual([
      [T + 4, ANNE, 'team_reactivate', MARC],
      [T + 3, ANNE, 'team_deactivate', MARC],
      [T + 2, ANNE, 'team_role', `${MARC} responsable`],
      [T + 1, ANNE, 'team_add', `${MARC} commercial`],
      [T, 'operator', 'team_add', ANNE],
    ]);
  });
});

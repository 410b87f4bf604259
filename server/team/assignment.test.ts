import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openStores, type Stores } from '#server/compose/stores.ts';
import { buildLeads } from '#server/leads/index.ts';
import { engineFixture, ENGINES, type EngineFixture } from '#test-support/engines.ts';
import { createMemoryLogger } from '#test-support/harness.ts';
import { testSettings } from '#test-support/settings.ts';
import { NOW, leadService, request, seedTeam, shares } from './assignment.fixture.ts';
import { teamAssigner } from './batch-assigner.ts';
import { OwnershipService } from './ownership.ts';

/**
 * The assignment of new requests on both engines (ADR 0045): the owner and `assigned_at` written
 * with the request, the turns updated, « Par département », « Personne », nobody present; the
 * CRM's `lead.created` carries the owner and an owner change queues `lead.assigned`.
 */
describe.each(ENGINES)('the assignment rule on %s', (engine) => {
  let fixture: EngineFixture;
  let stores: Stores;

  beforeAll(async () => {
    fixture = await engineFixture(engine);
    stores = await openStores({ ...fixture.config, webhookEvents: true });
  });
  afterAll(async () => {
    await stores.close();
    await fixture.cleanup();
  });

  const db = () => stores.database.db;
  const setRule = (rule: 'chacun_son_tour' | 'par_departement' | 'personne') =>
    db().updateTable('team_settings').set({ assignment_rule: rule }).execute();
  const ownerOf = async (id: string) =>
    await db()
      .selectFrom('leads')
      .select(['owner_id', 'assigned_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  let n = 0;
  const submit = async (adresse?: string) => {
    const outcome = await leadService(stores).submitLead(request((n += 1), adresse), `c${n}`);
    if (outcome.status !== 'stored') throw new Error(outcome.status);
    return outcome.id;
  };

  it('takes turns among present commerciaux and writes owner, time and turn', async () => {
    await setRule('chacun_son_tour');
    const ids = await seedTeam(stores.database, [
      { first: 'Alice' },
      { first: 'Bruno' },
      { first: 'Denis', absent: true },
      { first: 'Rose', role: 'responsable' },
    ]);
    const owners = [];
    for (let i = 0; i < 4; i += 1) owners.push((await ownerOf(await submit())).owner_id);
    const [alice, bruno] = [ids.get('Alice'), ids.get('Bruno')];
    expect(owners).toEqual([alice, bruno, alice, bruno]);
    const first = await ownerOf(
      (
        await db()
          .selectFrom('leads')
          .select('id')
          .where('owner_id', '=', alice!)
          .executeTakeFirstOrThrow()
      ).id,
    );
    expect(Number(first.assigned_at)).toBeGreaterThan(NOW);
    const turns = await db()
      .selectFrom('staff_people')
      .select(['id', 'last_assigned_at'])
      .execute();
    const turnOf = (id: string | undefined) =>
      Number(turns.find((t) => t.id === id)!.last_assigned_at);
    expect(turnOf(alice)).toBeGreaterThan(NOW);
    expect(turnOf(bruno)).toBeGreaterThan(turnOf(alice));
    expect(turnOf(ids.get('Denis'))).toBe(0);
  });

  it('« Par département » gives the covering person, else falls back to turns', async () => {
    await setRule('par_departement');
    const ids = await seedTeam(stores.database, [
      { first: 'Alice' },
      { first: 'Rose', role: 'responsable' },
    ]);
    await db()
      .insertInto('team_departements')
      .values([{ departement: '2B', person_id: ids.get('Rose')! }])
      .execute();
    expect((await ownerOf(await submit('1 quai, 20200 Bastia'))).owner_id).toBe(ids.get('Rose'));
    expect((await ownerOf(await submit('1 rue, 69001 Lyon'))).owner_id).toBe(ids.get('Alice'));
  });

  it('leaves requests to take under « Personne » or when nobody is present', async () => {
    await setRule('personne');
    await seedTeam(stores.database, [{ first: 'Alice' }]);
    expect(await ownerOf(await submit())).toEqual({ owner_id: null, assigned_at: null });
    await setRule('chacun_son_tour');
    await seedTeam(stores.database, [{ first: 'Denis', absent: true }]);
    expect((await ownerOf(await submit())).owner_id).toBeNull();
    expect((await shares(stores.database)).get(null)).toBeGreaterThanOrEqual(2);
  });

  it('tells the CRM who got the request, and who it is handed over to', async () => {
    await setRule('chacun_son_tour');
    const ids = await seedTeam(stores.database, [{ first: 'Alice' }, { first: 'Bruno' }]);
    const service = buildLeads(testSettings(), stores, {
      logger: createMemoryLogger([]),
      webhooks: true,
      onStored: () => undefined,
      contactOffer: undefined,
      now: () => NOW,
      assigner: teamAssigner,
    });
    const outcome = await service.submitLead(request((n += 1)), 'crm');
    if (outcome.status !== 'stored') throw new Error(outcome.status);
    const events = () =>
      db()
        .selectFrom('webhook_events')
        .select(['type', 'payload'])
        .where('lead_id', '=', outcome.id)
        .orderBy('id')
        .execute();
    const [created] = await events();
    expect(JSON.parse(created!.payload!)).toMatchObject({
      owner: { name: 'Alice Test', email: 'alice@calora-energies.example' },
    });
    const staff = {
      id: ids.get('Alice')!,
      email: 'alice@calora-energies.example',
      name: 'Alice Test',
      role: 'commercial' as const,
    };
    const moved = await new OwnershipService(stores.database).handOver(
      staff,
      outcome.id,
      ids.get('Bruno')!,
      NOW + 5,
    );
    expect(moved).toEqual({ ok: true, owner: { id: ids.get('Bruno'), name: 'Bruno Test' } });
    const assigned = (await events())[1]!;
    expect(assigned.type).toBe('lead.assigned');
    expect(JSON.parse(assigned.payload!)).toEqual({
      id: outcome.id,
      owner: { name: 'Bruno Test', email: 'bruno@calora-energies.example' },
      assignedAt: new Date(NOW + 5).toISOString(),
    });
  });
});

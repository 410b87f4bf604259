import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Stores } from '#server/compose/stores.ts';
import { twoPostgresInstances, type TwoInstances } from '#test-support/engines.ts';
import { leadService, NOW, request, seedTeam, shares } from './assignment.fixture.ts';
import { OwnershipService } from './ownership.ts';

/**
 * « Chacun son tour » with two instances (two pools, two group commits) on one PostgreSQL
 * database taking 200 requests at once (ADR 0045): every request has exactly one owner, the
 * present commerciaux's shares differ by at most the number of instances, the absent person
 * and the responsable get none. Without the team's advisory lock, each instance's batch reads
 * turns the other is about to change and both serve the same people first.
 */
const TOTAL = 200;
const INSTANCES = 2;
const ROUNDS = 15;

describe('« Chacun son tour » under two instances on postgres', () => {
  let instances: TwoInstances;
  let one: Stores;
  let two: Stores;

  beforeAll(async () => {
    instances = await twoPostgresInstances();
    ({ one, two } = instances);
  });
  afterAll(() => instances.close());

  it('gives every request one owner and the present commerciaux even shares', async () => {
    const ids = await seedTeam(one.database, [
      { first: 'Alice' },
      { first: 'Bruno' },
      { first: 'Chloe' },
      { first: 'Denis', absent: true },
      { first: 'Rose', role: 'responsable' },
    ]);
    const services = [leadService(one), leadService(two)];
    // Bursts at once, uneven between the instances (3 on one, 2 on the other), as a load
    // balancer may spread them.
    for (let burst = 0; burst < TOTAL / 5; burst += 1) {
      const outcomes = await Promise.all(
        [0, 0, 0, 1, 1].map((instance, i) =>
          services[instance]!.submitLead(request(burst * 5 + i), `client-${burst}-${i}`),
        ),
      );
      expect(outcomes.map((outcome) => outcome.status)).toEqual(Array(5).fill('stored'));
    }
    const counts = await shares(one.database);
    const present = ['Alice', 'Bruno', 'Chloe'].map((name) => counts.get(ids.get(name)!) ?? 0);
    console.log(`shares of the present commerciaux: ${present.join(', ')}`);
    expect(present.reduce((sum, n) => sum + n, 0)).toBe(TOTAL);
    expect(counts.get(null)).toBeUndefined();
    expect(counts.get(ids.get('Denis')!)).toBeUndefined();
    expect(counts.get(ids.get('Rose')!)).toBeUndefined();
    expect(Math.max(...present) - Math.min(...present)).toBeLessThanOrEqual(INSTANCES);
  });

  it('takes 200 requests at once on two instances, each with one owner', async () => {
    const ids = await seedTeam(one.database, [
      { first: 'Alice' },
      { first: 'Bruno' },
      { first: 'Chloe' },
      { first: 'Denis', absent: true },
    ]);
    await one.database.db.deleteFrom('leads').execute();
    const services = [leadService(one), leadService(two)];
    const outcomes = await Promise.all(
      Array.from({ length: TOTAL }, (_, i) =>
        services[i % INSTANCES]!.submitLead(request(1000 + i), `burst-${i}`),
      ),
    );
    expect(outcomes.every((outcome) => outcome.status === 'stored')).toBe(true);
    const counts = await shares(one.database);
    const present = ['Alice', 'Bruno', 'Chloe'].map((name) => counts.get(ids.get(name)!) ?? 0);
    console.log(`shares, 200 at once: ${present.join(', ')}`);
    expect(present.reduce((sum, n) => sum + n, 0)).toBe(TOTAL);
    expect(counts.get(ids.get('Denis')!)).toBeUndefined();
    expect(Math.max(...present) - Math.min(...present)).toBeLessThanOrEqual(INSTANCES);
  });
});

describe('« Je la prends » by two people at once on postgres', () => {
  let instances: TwoInstances;
  let one: Stores;
  let two: Stores;

  beforeAll(async () => {
    instances = await twoPostgresInstances();
    ({ one, two } = instances);
  });
  afterAll(() => instances.close());

  it('gives each request to exactly one of them, the other told it is taken', async () => {
    const ids = await seedTeam(one.database, [{ first: 'Alice' }, { first: 'Bruno' }]);
    await one.database.db
      .updateTable('team_settings')
      .set({ assignment_rule: 'personne' })
      .execute();
    const staff = (first: string) => ({
      id: ids.get(first)!,
      email: `${first.toLowerCase()}@calora-energies.example`,
      name: `${first} Test`,
      role: 'commercial' as const,
    });
    const service = leadService(one);
    for (let round = 0; round < ROUNDS; round += 1) {
      const stored = await service.submitLead(request(5000 + round), `take-${round}`);
      if (stored.status !== 'stored') throw new Error(stored.status);
      const outcomes = await Promise.all([
        new OwnershipService(one.database).take(staff('Alice'), stored.id, NOW + round),
        new OwnershipService(two.database).take(staff('Bruno'), stored.id, NOW + round),
      ]);
      expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
      const audit = await one.database.db
        .selectFrom('staff_audit')
        .select('detail')
        .where('lead_id', '=', stored.id)
        .execute();
      expect(audit).toHaveLength(1);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { twoPostgresInstances, type TwoInstances } from '#test-support/engines.ts';
import type { Stores } from '#server/compose/stores.ts';
import { TeamService } from './service.ts';

/**
 * Two responsables demoted (or deactivated) at once, from two instances (two connection pools)
 * on PostgreSQL, where READ COMMITTED transactions run side by side: without the team's lock
 * each counts two responsables and both succeed, leaving none; and two instances starting at
 * once would both insert the same STAFF_EMAILS address, the second start failing on the unique
 * key (ADR 0044). SQLite's writers take turns; the rules themselves are tested on both engines in
 * service.test.ts.
 */
const NOW = Date.UTC(2026, 10, 28, 8, 0);
const ROUNDS = 15;

describe('the last responsable under a race on postgres', () => {
  let instances: TwoInstances;
  let one: Stores;
  let two: Stores;

  beforeAll(async () => {
    instances = await twoPostgresInstances();
    ({ one, two } = instances);
  });
  afterAll(() => instances.close());

  it('seeds STAFF_EMAILS from two instances starting at once, each address once', async () => {
    await one.database.db.deleteFrom('staff_people').execute();
    const emails = ['s1@calora-energies.example', 's2@calora-energies.example'];
    await Promise.all([
      new TeamService(one.database).ensureResponsables(emails, NOW),
      new TeamService(two.database).ensureResponsables(emails, NOW),
    ]);
    const people = await new TeamService(one.database).list();
    expect(people.map((person) => person.email).sort()).toEqual(emails);
  });

  it('leaves exactly one active responsable, round after round', async () => {
    const first = new TeamService(one.database);
    const second = new TeamService(two.database);
    for (let round = 0; round < ROUNDS; round += 1) {
      await one.database.db.deleteFrom('staff_people').execute();
      const a = `a${round}@calora-energies.example`;
      const b = `b${round}@calora-energies.example`;
      await first.ensureResponsables([a, b], NOW);
      const people = await first.list();
      const id = (email: string) => people.find((person) => person.email === email)!.id;
      const outcomes = await Promise.all([
        first.changeRole(id(a), 'commercial', a, NOW + 1),
        round % 2 === 0
          ? second.changeRole(id(b), 'commercial', b, NOW + 1)
          : second.deactivate(id(b), b, NOW + 1),
      ]);
      expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
      expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([
        { ok: false, reason: 'last-responsable' },
      ]);
      const left = (await first.list()).filter((p) => p.active && p.role === 'responsable');
      expect(left).toHaveLength(1);
    }
  });
});

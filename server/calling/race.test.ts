import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { twoPostgresInstances, type TwoInstances } from '#test-support/engines.ts';
import { sampleConsent, sampleLead } from '#test-support/lead-input.ts';
import type { StaffIdentity } from '#contracts/staff/contract.ts';
import type { Stores } from '#server/compose/stores.ts';
import { LeadAccess } from '#server/team/index.ts';
import { CallingService } from './service.ts';

/**
 * The calling marks on PostgreSQL from two instances (two connection pools), where READ
 * COMMITTED statements run side by side (ADR 0047): Marie and Paul tap the same number at the
 * same moment, each on their instance; exactly one holds the mark and both are told who, so the
 * other's call log is asked to confirm. A look-then-write claim lets both believe they hold it.
 */
const NOW = Date.parse('2026-11-30T14:02:00+01:00');
const ROUNDS = 20;

describe('the calling mark under a race on postgres', () => {
  let instances: TwoInstances;
  let one: Stores;
  let two: Stores;
  let marie: StaffIdentity;
  let paul: StaffIdentity;

  const service = (stores: Stores) =>
    new CallingService({
      scope: stores.database,
      access: new LeadAccess(stores.database),
      clock: () => NOW,
      timeZone: 'Europe/Paris',
    });

  beforeAll(async () => {
    instances = await twoPostgresInstances();
    ({ one, two } = instances);
    const people = [
      { id: '00000000-0000-4000-8000-000000000001', first: 'Marie', last: 'Dupont' },
      { id: '00000000-0000-4000-8000-000000000002', first: 'Paul', last: 'Martin' },
    ];
    for (const { id, first, last } of people) {
      const email = `${first.toLowerCase()}@calora-energies.example`;
      await one.database.db
        .insertInto('staff_people')
        .values({
          id,
          first_name: first,
          last_name: last,
          email,
          email_key: email,
          role: 'commercial',
          active: 1,
          created_at: NOW,
          changed_at: NOW,
        })
        .execute();
    }
    const identity = (index: 0 | 1, name: string): StaffIdentity => ({
      id: people[index]!.id,
      email: `${name.split(' ')[0]!.toLowerCase()}@calora-energies.example`,
      name,
      role: 'commercial',
    });
    marie = identity(0, 'Marie Dupont');
    paul = identity(1, 'Paul Martin');
    for (let round = 0; round < ROUNDS; round += 1) {
      await one.leads.insertLead(
        `race-${round}`,
        sampleLead({ email: `race-${round}@example.fr` }),
        sampleConsent(NOW),
        [],
        NOW,
      );
    }
  });
  afterAll(() => instances.close());

  it('gives the mark to one of two people tapping at once, and asks the other', async () => {
    const first = service(one);
    const second = service(two);
    for (let round = 0; round < ROUNDS; round += 1) {
      const id = `race-${round}`;
      const [a, b] = await Promise.all([first.start(marie, id), second.start(paul, id)]);
      expect(a?.personne.id).toBeDefined();
      // Both are told the same holder: the one whose claim came first.
      expect(b?.personne.id).toBe(a?.personne.id);
      const holder = a?.personne.id === marie.id ? marie : paul;
      const other = holder === marie ? paul : marie;
      const row = await one.database.db
        .selectFrom('lead_call_marks')
        .select('person_id')
        .where('lead_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.person_id).toBe(holder.id);
      const log = (who: StaffIdentity, stores: Stores, calling: CallingService) =>
        stores.callback.recordCall(
          { leadId: id, outcome: 'pas_de_reponse', note: '', staff: who.email, now: NOW + 1 },
          calling.callLogGuard(who.id, false),
        );
      // The other's log, on either instance, is asked to confirm; the holder's is recorded.
      const otherSide = other === marie ? ([one, first] as const) : ([two, second] as const);
      expect(await log(other, ...otherSide)).toMatchObject({
        appel: { personne: { id: holder.id, name: holder.name }, depuis: NOW },
      });
      expect(await log(holder, two, second)).toBe('recorded');
      expect(await log(other, ...otherSide)).toBe('recorded');
    }
  });
});

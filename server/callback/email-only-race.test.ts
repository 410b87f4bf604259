import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { engineFixture, type EngineFixture } from '#test-support/engines.ts';
import { seedLeadsAt } from '#test-support/lead-input.ts';
import { openStores, type Stores } from '#server/compose/stores.ts';

/**
 * A call recorded while the person withdraws the phone consent (ADR 0029), on PostgreSQL, where
 * two transactions run at once (SQLite's write transactions take turns): the call waits for the
 * withdrawal's transaction, reads the channel it committed, and records nothing.
 */
const NOW = Date.parse('2026-11-30T11:00:00+01:00');

describe('a call racing the withdrawal of the phone consent on postgres', () => {
  let fixture: EngineFixture;
  let visitor: Stores;
  let staff: Stores;

  beforeAll(async () => {
    fixture = await engineFixture('postgres');
    await seedLeadsAt(fixture.config, [['race', 'Léa', '2026-11-30T09:00:00+01:00']]);
    visitor = await openStores(fixture.config);
    staff = await openStores(fixture.config);
  });
  afterAll(async () => {
    await visitor.close();
    await staff.close();
    await fixture.cleanup();
  });

  it('waits for the withdrawal in progress and refuses the call', async () => {
    let call: Promise<unknown> | undefined;
    await visitor.database.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('leads')
        .set({ contact_channel: 'email', phone_withdrawn_at: NOW })
        .where('id', '=', 'race')
        .execute();
      call = staff.callback.recordCall({
        leadId: 'race',
        outcome: 'joint',
        note: '',
        staff: 'camille@example.fr',
        now: NOW + 1000,
      });
      // The call is under way while the withdrawal is not committed yet.
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect(await call).toBe('email-only');
    expect(await staff.callback.callsOf('race')).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { STAFF_API, type LeadPage } from '#contracts/staff/contract.ts';
import { openStores } from '#server/compose/stores.ts';
import { STAFF_ERRORS } from '#server/staff/index.ts';
import { ENGINES } from '#test-support/engines.ts';
import { startClockApi, type ClockApi } from './api.fixture.ts';

/**
 * The withdrawal of the phone consent forbids calls whatever the channel column says (ADR 0030):
 * a row left with the phone as its channel and `phone_withdrawn_at` set (as the race between
 * « Ne plus m’appeler » and a slot change used to leave it) takes no phone outcome through the
 * staff API (409), only « Répondu par e-mail ».
 */
const STAFF = 'camille@calora-energies.example';
const NOW = Date.parse('2026-11-30T11:00:00+01:00');

describe.each(ENGINES)('a phone outcome on a withdrawn consent on %s', (engine) => {
  let api: ClockApi;
  const call = (outcome: string) => api.send(STAFF_API.call('withdrawn'), { outcome });

  beforeAll(async () => {
    api = await startClockApi(
      engine,
      [['withdrawn', 'Inès', '2026-11-26T10:00:00+01:00']],
      STAFF,
      () => NOW,
    );
    const store = await openStores(api.fixture.config);
    try {
      await store.database.db
        .updateTable('leads')
        .set({
          contact_channel: 'telephone',
          contact_days: '1',
          contact_slots: '10:00-13:00',
          phone_withdrawn_at: Date.parse('2026-11-26T18:00:00+01:00'),
        })
        .where('id', '=', 'withdrawn')
        .execute();
    } finally {
      await store.close();
    }
  });
  afterAll(() => api.close());

  it('refuses every phone outcome (409), records « Répondu par e-mail »', async () => {
    for (const outcome of ['joint', 'pas_de_reponse', 'messagerie', 'numero_errone']) {
      const refused = await call(outcome);
      expect(refused.status).toBe(409);
      expect(await refused.json()).toEqual({ error: STAFF_ERRORS.callEmailOnly });
    }
    const answered = await call('repondu_email');
    expect(answered.status).toBe(200);
    expect(((await answered.json()) as LeadPage).calls.map((entry) => entry.outcome)).toEqual([
      'repondu_email',
    ]);
  });
});

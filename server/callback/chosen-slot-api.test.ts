import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ENGINES } from '#test-support/engines.ts';
import { postJson } from '#test-support/harness.ts';
import { STAFF_API, type InboxPage, type LeadPage } from '#contracts/staff/contract.ts';
import { openStores } from '#server/compose/stores.ts';
import { STAFF_ERRORS } from '#server/staff/index.ts';
import { startClockApi, type ClockApi } from './api.fixture.ts';

/**
 * The clock follows the person's choice (ADR 0029), through the staff API on both engines, the
 * server's clock set by the test: the stored due time orders « À rappeler » and decides « En
 * retard » (the reception's rule for a request stored without one); a request's page says
 * whether now is in the chosen slot; no call may be recorded on an e-mail-only request (409),
 * « Répondu par e-mail » may.
 */
const STAFF = 'camille@calora-energies.example';
const paris = (iso: string) => Date.parse(iso);
// Monday 30 November 2026, 11:00 in Paris.
const NOW = paris('2026-11-30T11:00:00+01:00');

describe.each(ENGINES)('the chosen slots in the staff API on %s', (engine) => {
  let api: ClockApi;
  const view = async (filter: object) =>
    (await (await api.send(STAFF_API.search, filter)).json()) as InboxPage;
  const ids = (page: InboxPage) => page.rows.map((row) => row.id);
  const page = async (id: string) => (await (await api.get(STAFF_API.lead(id))).json()) as LeadPage;
  const call = (id: string, outcome: string) => api.send(STAFF_API.call(id), { outcome });

  beforeAll(async () => {
    api = await startClockApi(
      engine,
      [
        // Stored without a due time (before migration 10): due Friday 09:00, overdue.
        ['legacy-late', 'Paul', '2026-11-26T09:00:00+01:00'],
        // Received as long ago, but the person chose Thursday afternoons: not late.
        ['slot-thursday', 'Hugo', '2026-11-26T09:00:00+01:00'],
        // Received this morning, Monday 10:00-13:00 chosen: due today at 13:00, in the slot now.
        ['slot-today', 'Léa', '2026-11-30T08:00:00+01:00'],
        // The phone consent withdrawn: e-mail only, due by the promise, overdue.
        ['email-only', 'Inès', '2026-11-26T10:00:00+01:00'],
      ],
      STAFF,
      () => NOW,
    );
    const store = await openStores(api.fixture.config);
    try {
      const set = (id: string, columns: Record<string, string | number>) =>
        store.database.db.updateTable('leads').set(columns).where('id', '=', id).execute();
      await set('slot-thursday', {
        contact_channel: 'telephone',
        contact_days: '4',
        contact_slots: '14:00-17:00',
        due_at: paris('2026-12-03T17:00:00+01:00'),
      });
      await set('slot-today', {
        contact_channel: 'telephone',
        contact_days: '1',
        contact_slots: '10:00-13:00',
        due_at: paris('2026-11-30T13:00:00+01:00'),
        contact_changed_at: paris('2026-11-30T08:30:00+01:00'),
      });
      await set('email-only', {
        contact_channel: 'email',
        due_at: paris('2026-11-27T10:00:00+01:00'),
        phone_withdrawn_at: paris('2026-11-26T18:00:00+01:00'),
      });
    } finally {
      await store.close();
    }
  });
  afterAll(() => api.close());

  it('orders « À rappeler » by the stored due time and finds the late ones by it', async () => {
    const toCall = await view({ vue: 'a-rappeler' });
    expect(ids(toCall)).toEqual(['legacy-late', 'email-only', 'slot-today', 'slot-thursday']);
    expect(toCall.rows.map((row) => [row.id, row.standing, row.clock.dueAt])).toEqual([
      ['legacy-late', 'en-retard', paris('2026-11-27T09:00:00+01:00')],
      ['email-only', 'en-retard', paris('2026-11-27T10:00:00+01:00')],
      ['slot-today', 'a-rappeler', paris('2026-11-30T13:00:00+01:00')],
      ['slot-thursday', 'a-rappeler', paris('2026-12-03T17:00:00+01:00')],
    ]);
    expect(toCall.overdue).toBe(2);
    expect(ids(await view({ vue: 'en-retard' }))).toEqual(['legacy-late', 'email-only']);
    expect(toCall.rows.map((row) => row.contactChannel)).toEqual([
      'non_precise',
      'email',
      'telephone',
      'telephone',
    ]);
  });

  it('says on a request’s page whether now is in the chosen slot, else the next one', async () => {
    const today = await page('slot-today');
    expect(today.chosenSlot).toEqual({ inside: true, endsAt: paris('2026-11-30T13:00:00+01:00') });
    expect(today.contact).toMatchObject({
      choice: { channel: 'telephone', days: [1], slots: [{ start: 600, end: 780 }] },
      dueAt: paris('2026-11-30T13:00:00+01:00'),
      changedAt: paris('2026-11-30T08:30:00+01:00'),
      phoneWithdrawnAt: null,
    });
    expect((await page('slot-thursday')).chosenSlot).toEqual({
      inside: false,
      nextStartsAt: paris('2026-12-03T14:00:00+01:00'),
    });
    const legacy = await page('legacy-late');
    expect(legacy.chosenSlot).toBeNull();
    expect(legacy.contact.dueAt).toBeNull();
    expect(legacy.clock.dueAt).toBe(paris('2026-11-27T09:00:00+01:00'));
    const email = await page('email-only');
    expect(email.contact.phoneWithdrawnAt).toBe(paris('2026-11-26T18:00:00+01:00'));
    expect(email.chosenSlot).toBeNull();
  });

  it('refuses a phone outcome on an e-mail-only request (409), records « Répondu par e-mail »', async () => {
    for (const outcome of ['joint', 'pas_de_reponse', 'messagerie', 'numero_errone']) {
      const refused = await call('email-only', outcome);
      expect(refused.status).toBe(409);
      expect(await refused.json()).toEqual({ error: STAFF_ERRORS.callEmailOnly });
    }
    expect((await page('email-only')).calls).toEqual([]);
    // No session: 401 as for any staff API, before anything else.
    const anonymous = await postJson(
      `${api.server.url}${STAFF_API.call('email-only')}`,
      { outcome: 'joint' },
      { Origin: api.server.origin },
    );
    expect(anonymous.status).toBe(401);
    // A phone request takes a call as before.
    expect((await call('slot-today', 'pas_de_reponse')).status).toBe(200);
    const answered = await call('email-only', 'repondu_email');
    expect(answered.status).toBe(200);
    const after = (await answered.json()) as LeadPage;
    expect(after.calls.map((entry) => entry.outcome)).toEqual(['repondu_email']);
    expect(after.clock.reachedBy).toBe('repondu_email');
    expect(ids(await view({ vue: 'en-retard' }))).toEqual(['legacy-late']);
  });
});

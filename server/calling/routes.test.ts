import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { ENGINES } from '#test-support/engines.ts';
import { CALLING_API, type CallMark, type LiveCallMarks } from '#contracts/staff/calling.ts';
import { STAFF_API, type LeadPage } from '#contracts/staff/contract.ts';
import { startCallingApi, type Caller, type CallingApi } from './api.fixture.ts';

/**
 * « Marie Dupont appelle… » through the staff API on both engines (ADR 0047), with the server's
 * clock set by the test: the mark seen by a colleague and not by its holder, the call log's 409
 * and its confirmation, the end of the mark with her call or after ten minutes, the requests a
 * commercial may not see, and the erasure.
 */
const NOW = Date.parse('2026-11-30T14:02:00+01:00');
const MINUTE = 60_000;
const QUESTION =
  'Marie Dupont appelle cette personne depuis 14\u00a0h\u00a002. Enregistrer quand même\u00a0?';

describe.each(ENGINES)('the calling marks on %s', (engine) => {
  let api: CallingApi;
  let now = NOW;
  const live = async (who: Caller) =>
    ((await (await who.get(CALLING_API.live)).json()) as LiveCallMarks).appels;
  const log = (who: Caller, id: string, extra: object = {}) =>
    who.send(STAFF_API.call(id), { outcome: 'pas_de_reponse', ...extra });
  const page = async (who: Caller, id: string) =>
    (await (await who.get(STAFF_API.lead(id))).json()) as LeadPage;

  beforeAll(async () => {
    api = await startCallingApi(
      engine,
      [
        ['mark-a', 'Léa', '2026-11-30T09:00:00+01:00'],
        ['mark-b', 'Hugo', '2026-11-30T09:10:00+01:00'],
        ['mark-c', 'Inès', '2026-11-30T09:20:00+01:00'],
        ['mark-d', 'Marc', '2026-11-30T09:30:00+01:00'],
        ['mark-e', 'Noé', '2026-11-30T09:40:00+01:00'],
      ],
      () => now,
    );
  });
  afterAll(() => api.close());
  beforeEach(() => {
    now += 60 * MINUTE;
  });

  it('shows Marie’s mark to Paul, not to Marie; Paul’s log is asked to confirm', async () => {
    now = NOW;
    const started = await api.marie.send(CALLING_API.start('mark-a'));
    expect(started.status).toBe(200);
    const mark: CallMark = {
      demande: 'mark-a',
      personne: { id: api.marie.id, name: 'Marie Dupont' },
      depuis: NOW,
    };
    expect(await started.json()).toEqual(mark);
    // Only the request's id and the staff member: nothing of the visitor.
    expect(await live(api.paul)).toEqual([mark]);
    expect(await live(api.marie)).toEqual([]);
    // Paul taps the number too: Marie keeps the mark.
    expect(await (await api.paul.send(CALLING_API.start('mark-a'))).json()).toEqual(mark);

    now = NOW + 4 * MINUTE;
    const refused = await log(api.paul, 'mark-a');
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      error: QUESTION,
      appel: { personne: mark.personne, depuis: NOW },
    });
    expect((await page(api.paul, 'mark-a')).calls).toEqual([]);
    const confirmed = await log(api.paul, 'mark-a', { confirme: true });
    expect(confirmed.status).toBe(200);
    expect(((await confirmed.json()) as LeadPage).calls).toHaveLength(1);
    // Paul's log does not end Marie's mark; hers does, and the four calls count both.
    expect(await live(api.paul)).toEqual([mark]);
    expect((await log(api.marie, 'mark-a')).status).toBe(200);
    expect(await live(api.paul)).toEqual([]);
    expect((await page(api.marie, 'mark-a')).callsLast30Days).toBe(2);
    expect((await log(api.paul, 'mark-a')).status).toBe(200);
  });

  it('holds ten minutes from the last tap, keeping its start', async () => {
    const start = now;
    await api.marie.send(CALLING_API.start('mark-b'));
    now = start + 6 * MINUTE;
    const renewed = (await (await api.marie.send(CALLING_API.start('mark-b'))).json()) as CallMark;
    expect(renewed.depuis).toBe(start);
    now = start + 15 * MINUTE;
    expect((await live(api.paul)).map((m) => m.demande)).toEqual(['mark-b']);
    expect((await log(api.paul, 'mark-b')).status).toBe(409);
    now = start + 16 * MINUTE;
    expect(await live(api.paul)).toEqual([]);
    expect((await log(api.paul, 'mark-b')).status).toBe(200);
    // An expired mark is anyone's to take.
    const paulMark = (await (await api.paul.send(CALLING_API.start('mark-b'))).json()) as CallMark;
    expect(paulMark.personne.name).toBe('Paul Martin');
  });

  it('answers a request a commercial may not see as one that does not exist', async () => {
    const db = api.stores.database.db;
    await db
      .updateTable('leads')
      .set({ owner_id: api.marie.id })
      .where('id', '=', 'mark-c')
      .execute();
    await db.updateTable('team_settings').set({ commerciaux_see_all: 0 }).execute();
    try {
      await api.marie.send(CALLING_API.start('mark-c'));
      await api.marie.send(CALLING_API.start('mark-d'));
      // Paul sees the mark on the unassigned request only.
      expect((await live(api.paul)).map((m) => m.demande)).toEqual(['mark-d']);
      const missing = await api.paul.send(CALLING_API.start('nothing-here'));
      const hidden = await api.paul.send(CALLING_API.start('mark-c'));
      expect(hidden.status).toBe(404);
      expect(missing.status).toBe(404);
      expect(await hidden.json()).toEqual(await missing.json());
      const hiddenLog = await log(api.paul, 'mark-c', { confirme: true });
      expect(hiddenLog.status).toBe(404);
      expect(await hiddenLog.json()).toEqual(await (await log(api.paul, 'nothing-here')).json());
    } finally {
      await db.updateTable('team_settings').set({ commerciaux_see_all: 1 }).execute();
    }
  });

  it('leaves no mark of an erased request', async () => {
    await api.marie.send(CALLING_API.start('mark-e'));
    const marks = () =>
      api.stores.database.db
        .selectFrom('lead_call_marks')
        .select('lead_id')
        .where('lead_id', '=', 'mark-e')
        .execute();
    expect(await marks()).toHaveLength(1);
    expect((await api.marie.send(STAFF_API.erase('mark-e'))).status).toBe(200);
    expect(await marks()).toEqual([]);
    expect(await live(api.paul)).toEqual([]);
  });
});

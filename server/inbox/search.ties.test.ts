import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ENGINES, engineFixture, type EngineFixture } from '#test-support/engines.ts';
import { sampleConsent, sampleLead } from '#test-support/lead-input.ts';
import { CallbackService, DEFAULT_CALENDAR } from '#server/callback/index.ts';
import { InboxService } from './service.ts';
import { type Stores, openStores } from '#server/compose/stores.ts';

/**
 * Requests due at the same time (a weekend's requests are all due at the end of Monday) are
 * listed oldest first wherever the requests to call back are listed in due order: « À rappeler »
 * and « En retard », their CSV export, the digest's and `leads -- due`'s list. Their ids sort
 * the other way, so an order that falls back on the id lists them newest first.
 */
const paris = (iso: string) => Date.parse(iso);
const END_OF_MONDAY = paris('2026-12-01T00:00:00+01:00');
const NOW = paris('2026-12-01T10:00:00+01:00');
const RECEIVED = [
  ['zz-saturday-morning', '2026-11-28T10:00:00+01:00'],
  ['mm-saturday-evening', '2026-11-28T19:00:00+01:00'],
  ['aa-sunday', '2026-11-29T09:00:00+01:00'],
] as const;
const OLDEST_FIRST = RECEIVED.map(([id]) => id);

describe.each(ENGINES)('requests due at the same time on %s', (engine) => {
  let fixture: EngineFixture;
  let store: Stores;
  let callback: CallbackService;
  let service: InboxService;

  beforeAll(async () => {
    fixture = await engineFixture(engine);
    store = await openStores(fixture.config);
    for (const [id, iso] of RECEIVED) {
      const at = paris(iso);
      await store.leads.submit({
        id,
        lead: sampleLead({ email: `${id}@example.fr` }),
        consent: sampleConsent(at),
        contact: {
          choice: { channel: 'telephone', days: [], slots: [] },
          text: 'Comment souhaitez-vous être recontacté(e) ? Par téléphone.',
          version: '2026-11-26',
          dueAt: END_OF_MONDAY,
        },
        mails: [],
        now: at,
      });
    }
    callback = new CallbackService({ callback: store.callback }, DEFAULT_CALENDAR, () => NOW);
    service = new InboxService({ inbox: store.inbox, leads: store.leads }, callback, () => NOW);
  });
  afterAll(async () => {
    await store.close();
    await fixture.cleanup();
  });

  it('lists them oldest first in « À rappeler » and « En retard », a page at a time too', async () => {
    for (const vue of ['a-rappeler', 'en-retard'] as const) {
      const page = await service.page({ vue });
      expect(page.rows.map((row) => row.id)).toEqual(OLDEST_FIRST);
      expect(page.rows.every((row) => row.clock.dueAt === END_OF_MONDAY)).toBe(true);
    }
    const pages = [];
    for (const number of [1, 2, 3]) {
      pages.push(...(await service.page({ vue: 'a-rappeler', page: number }, 1)).rows);
    }
    expect(pages.map((row) => row.id)).toEqual(OLDEST_FIRST);
    // « Toutes les demandes » stays newest first.
    const all = await service.page({ vue: 'toutes' });
    expect(all.rows.map((row) => row.id)).toEqual([...OLDEST_FIRST].reverse());
  });

  it('exports them and gives them to the digest and `leads -- due` oldest first', async () => {
    const exported = await service.exportRows({ vue: 'a-rappeler' });
    expect(exported.map((row) => row.id)).toEqual(OLDEST_FIRST);
    const uncalled = await store.callback.uncalledDueBy(callback.dueBound(NOW, true));
    expect(uncalled.map((lead) => lead.id)).toEqual(OLDEST_FIRST);
    expect((await callback.dueBy(NOW)).map((lead) => lead.id)).toEqual(OLDEST_FIRST);
  });
});

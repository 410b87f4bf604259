import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { ProductOption } from '#contracts/contact/products.ts';
import { DEFAULT_CALENDAR } from '#server/callback/index.ts';
import { type Stores, openStores } from '#server/compose/stores.ts';
import { ENGINES, engineFixture, type EngineFixture } from '#test-support/engines.ts';
import { sampleConsent, sampleLead } from '#test-support/lead-input.ts';
import { VISITOR_LISTED_MAX } from './link-store.ts';
import { VisitorService } from './service.ts';

// Thursday 26 November 2026, 10:00 in Paris.
const T0 = Date.UTC(2026, 10, 26, 9);
const HOUR = 60 * 60 * 1000;

/**
 * The link covers the person (ADR 0031): it proves the e-mail address, so it lists every open
 * request of that address, acts on any of them named by its id (never on another address's),
 * and « Supprimer » erases them all as staff's erasure does.
 */
describe.each(ENGINES)('the visitor’s link covers the person on %s', (engine) => {
  let fixture: EngineFixture;
  let stores: Stores;
  let service: VisitorService;

  beforeEach(async () => {
    fixture = await engineFixture(engine);
    stores = await openStores({ ...fixture.config, webhookEvents: true });
    service = new VisitorService({
      links: stores.visitorLinks,
      store: stores.visitor,
      retention: stores.retention,
      calendar: DEFAULT_CALENDAR,
      messageDomain: 'calora-energies.example',
      now: () => T0,
    });
  });
  afterEach(async () => {
    await stores.close();
    await fixture.cleanup();
  });

  const db = () => stores.database.db;
  /** A request of `email`, `hoursAgo` hours before T0. */
  async function seed(
    id: string,
    email: string,
    hoursAgo: number,
    produit: ProductOption = 'Climatisation',
  ) {
    const at = T0 - hoursAgo * HOUR;
    await stores.leads.insertLead(id, sampleLead({ email, produit }), sampleConsent(at), [], at);
  }
  const link = (id: string) => stores.visitorLinks.mint(id, T0 - HOUR);
  const close = (id: string) =>
    db()
      .updateTable('lead_tracking')
      .set({ status: 'converti' })
      .where('lead_id', '=', id)
      .execute();
  const ids = async (token: string) => {
    const outcome = await service.read(token);
    return outcome.status === 'ok'
      ? { ids: outcome.person.requests.map((r) => r.id), count: outcome.person.requestCount }
      : undefined;
  };

  it('lists every open request of the address (whatever its case), oldest first', async () => {
    await seed('first', 'lea@example.fr', 5, 'Audit énergétique');
    await seed('second', 'Lea@Example.FR', 2, 'Éclairage LED');
    await seed('closed', 'lea@example.fr', 4);
    await close('closed');
    await seed('someone-else', 'paul@example.fr', 3);
    const token = await link('first');
    const outcome = await service.read(token);
    expect(outcome).toMatchObject({
      status: 'ok',
      person: {
        requests: [
          { id: 'first', product: 'Audit énergétique' },
          { id: 'second', product: 'Éclairage LED' },
        ],
        // The closed one is not listed, but an erasure would erase it: it is counted.
        requestCount: 3,
      },
    });
    // The link's own request, closed, is still shown; the other closed one is not.
    await close('first');
    expect(await ids(token)).toEqual({ ids: ['first', 'second'], count: 3 });
    // A link of the second request opens the same person.
    expect(await ids(await link('second'))).toEqual({ ids: ['second'], count: 3 });
  });

  it('lists at most the most recent requests, and counts them all', async () => {
    for (let n = 0; n <= VISITOR_LISTED_MAX; n += 1) {
      await seed(`lead-${String(n).padStart(2, '0')}`, 'lea@example.fr', 30 - n);
    }
    const listed = await ids(await link('lead-20'));
    expect(listed?.count).toBe(VISITOR_LISTED_MAX + 1);
    expect(listed?.ids).toHaveLength(VISITOR_LISTED_MAX);
    expect(listed?.ids[0]).toBe('lead-01');
    expect(listed?.ids.at(-1)).toBe(`lead-${VISITOR_LISTED_MAX}`);
  });

  it('acts on a request of the address named by its id', async () => {
    await seed('first', 'lea@example.fr', 5);
    await seed('second', 'lea@example.fr', 2);
    const token = await link('first');
    expect(await service.changeSlots(token, 'second', ['mardi'], [])).toMatchObject({
      status: 'ok',
      view: { id: 'second', channel: 'telephone', days: ['mardi'] },
    });
    expect(await service.stopCalls(token, 'second')).toMatchObject({
      status: 'ok',
      view: { id: 'second', channel: 'email' },
    });
    expect((await stores.leads.getLead('second'))?.contact.choice.channel).toBe('email');
    expect((await stores.leads.getLead('first'))?.contact.choice.channel).toBe('non_precise');
  });

  it('refuses, as a bad token, a request of another address named with a valid token', async () => {
    await seed('mine', 'lea@example.fr', 5);
    await seed('theirs', 'paul@example.fr', 2);
    const token = await link('mine');
    for (const requestId of ['theirs', 'unknown-id', '', 'x'.repeat(65), 42, null, undefined]) {
      expect(await service.changeSlots(token, requestId, ['mardi'], [])).toEqual({
        status: 'unknown',
      });
      expect(await service.stopCalls(token, requestId)).toEqual({ status: 'unknown' });
    }
    // A bad token with a real request's id: the same answer.
    expect(await service.stopCalls('A'.repeat(43), 'theirs')).toEqual({ status: 'unknown' });
    const theirs = await stores.leads.getLead('theirs');
    expect(theirs?.contact).toMatchObject({ sequence: 0, changedAt: null });
    expect(theirs?.contact.choice.channel).toBe('non_precise');
    expect(await db().selectFrom('staff_audit').selectAll().execute()).toEqual([]);
    expect(await db().selectFrom('outbox').selectAll().execute()).toEqual([]);
  });

  it('erases every request of the address, as staff do: lead.erased for each, one audit entry with the count', async () => {
    await seed('first', 'lea@example.fr', 5);
    await seed('second', 'LEA@example.fr', 2);
    await seed('closed', 'lea@example.fr', 4);
    await close('closed');
    await seed('theirs', 'paul@example.fr', 3);
    const token = await link('first');
    const other = await link('theirs');
    expect((await service.erase(token))?.sort()).toEqual(['closed', 'first', 'second']);
    for (const id of ['first', 'second', 'closed']) {
      expect(await stores.leads.getLead(id)).toBeUndefined();
    }
    const erased = await db()
      .selectFrom('webhook_events')
      .select(['lead_id', 'type', 'payload'])
      .where('type', '=', 'lead.erased')
      .orderBy('lead_id')
      .execute();
    expect(erased.map((event) => [event.lead_id, JSON.parse(event.payload ?? 'null')])).toEqual(
      ['closed', 'first', 'second'].map((id) => [id, { id, erasedAt: new Date(T0).toISOString() }]),
    );
    expect(
      await db()
        .selectFrom('staff_audit')
        .select(['actor', 'action', 'lead_id', 'detail'])
        .execute(),
    ).toEqual([{ actor: 'demandeur', action: 'visitor_erase', lead_id: null, detail: '3' }]);
    // Nothing of the person left to open; the other person untouched.
    expect(await service.read(token)).toEqual({ status: 'unknown' });
    expect(await service.erase(token)).toBeUndefined();
    expect(await ids(other)).toEqual({ ids: ['theirs'], count: 1 });
  });

  it('erases once when two erasures race (two tabs): the other is a bad token’s answer', async () => {
    for (let round = 0; round < 8; round += 1) {
      const email = `course-${round}@example.fr`;
      await seed(`a-${round}`, email, 5);
      await seed(`b-${round}`, email, 2);
      const [one, two] = [await link(`a-${round}`), await link(`b-${round}`)];
      const results = await Promise.all([service.erase(one), service.erase(two)]);
      const done = results.filter((ids) => ids !== undefined);
      expect(done, `round ${round}`).toHaveLength(1);
      expect(done[0]?.sort()).toEqual([`a-${round}`, `b-${round}`]);
    }
    const audit = await db().selectFrom('staff_audit').select(['action', 'detail']).execute();
    expect(audit).toEqual(Array(8).fill({ action: 'visitor_erase', detail: '2' }));
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { CHOICE_VERSION } from '#contracts/contact/contact-choice.ts';
import { DEFAULT_CALENDAR, dueAtFor } from '#server/callback/index.ts';
import { type Stores, openStores } from '#server/compose/stores.ts';
import { ENGINES, engineFixture, type EngineFixture } from '#test-support/engines.ts';
import { sampleConsent, sampleLead } from '#test-support/lead-input.ts';
import { VISITOR_LINK_MS } from './link-store.ts';
import { VisitorService } from './service.ts';
import { NOTICE_INTERVAL_MS } from './store.ts';

// Thursday 26 November 2026, 10:00 in Paris.
const T0 = Date.UTC(2026, 10, 26, 9);
const DOMAIN = 'calora-energies.example';
const HOUR = 60 * 60 * 1000;

describe.each(ENGINES)('the visitor page’s service on %s', (engine) => {
  let fixture: EngineFixture;
  let stores: Stores;
  let now = T0;
  let service: VisitorService;

  beforeEach(async () => {
    fixture = await engineFixture(engine);
    stores = await openStores({ ...fixture.config, webhookEvents: true });
    now = T0;
    service = new VisitorService({
      links: stores.visitorLinks,
      store: stores.visitor,
      retention: stores.retention,
      calendar: DEFAULT_CALENDAR,
      messageDomain: DOMAIN,
      now: () => now,
    });
  });
  afterEach(async () => {
    await stores.close();
    await fixture.cleanup();
  });

  const db = () => stores.database.db;
  async function seed(id: string): Promise<string> {
    await stores.leads.insertLead(
      id,
      sampleLead({ email: `${id}@example.fr` }),
      sampleConsent(T0 - HOUR),
      [],
      T0 - HOUR,
    );
    return stores.visitorLinks.mint(id, T0 - HOUR);
  }
  const outbox = (id: string) =>
    db()
      .selectFrom('outbox')
      .select(['kind', 'message_id', 'status', 'next_attempt_at'])
      .where('lead_id', '=', id)
      .orderBy('id')
      .execute();
  const events = (id: string) =>
    db()
      .selectFrom('webhook_events')
      .select(['type', 'payload'])
      .where('lead_id', '=', id)
      .orderBy('id')
      .execute();
  const audit = () =>
    db().selectFrom('staff_audit').select(['actor', 'action', 'lead_id', 'detail']).execute();

  it('reads the request in words, without anything the visitor typed but the product', async () => {
    const token = await seed('lead-a');
    const outcome = await service.read(token);
    expect(outcome).toMatchObject({ status: 'ok', person: { requestCount: 1 } });
    const view = outcome.status === 'ok' ? outcome.person.requests : [];
    expect(view).toMatchObject([
      {
        id: 'lead-a',
        receivedOn: 'jeudi 26 novembre 2026',
        product: 'Climatisation',
        stage: 'recue',
        stageText: 'Reçue',
        channel: 'non_precise',
        days: [],
        slots: [],
        nextSlot: null,
        offer: {
          days: ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi'],
          slots: ['10:00-13:00', '14:00-17:00', '17:00-20:00'],
        },
        canChangeSlots: true,
      },
    ]);
    expect(JSON.stringify(outcome)).not.toMatch(/Zoé|Lefèvre|06 12|example\.fr|Bonjour/);

    await db()
      .insertInto('lead_calls')
      .values({ lead_id: 'lead-a', at: T0, outcome: 'joint', note: '', staff: 'x@y.example' })
      .execute();
    expect(await service.read(token)).toMatchObject({
      person: {
        requests: [
          { stage: 'appele', stageText: 'Nous vous avons appelé le jeudi 26 novembre 2026' },
        ],
      },
    });
    await db()
      .updateTable('lead_tracking')
      .set({ status: 'perdu' })
      .where('lead_id', '=', 'lead-a')
      .execute();
    // Closed, the link's own request is still shown (with nothing to change).
    expect(await service.read(token)).toMatchObject({
      person: { requests: [{ stage: 'cloturee', stageText: 'Clôturée', canChangeSlots: false }] },
    });
    expect(await service.changeSlots(token, 'lead-a', ['lundi'], [])).toEqual({ status: 'closed' });
  });

  it('opens nothing for a made-up, malformed, expired or erased request’s token', async () => {
    const token = await seed('lead-b');
    for (const bad of ['A'.repeat(43), `${token}x`, 42, undefined, { token }]) {
      expect(await service.read(bad)).toEqual({ status: 'unknown' });
      expect(await service.stopCalls(bad, 'lead-b')).toEqual({ status: 'unknown' });
      expect(await service.erase(bad)).toBeUndefined();
    }
    now = T0 - HOUR + VISITOR_LINK_MS;
    expect(await service.read(token)).toEqual({ status: 'unknown' });
  });

  it('changes the slots in one transaction: due time, sequence, wording, audit, event, e-mails', async () => {
    const token = await seed('lead-c');
    const outcome = await service.changeSlots(token, 'lead-c', ['mardi', 'jeudi'], ['14:00-17:00']);
    expect(outcome).toMatchObject({
      status: 'ok',
      view: {
        channel: 'telephone',
        days: ['mardi', 'jeudi'],
        slots: ['14:00-17:00'],
        nextSlot: 'jeudi 26 novembre 2026, de 14\u00a0h à 17\u00a0h',
      },
    });
    const lead = await stores.leads.getLead('lead-c');
    const choice = {
      channel: 'telephone' as const,
      days: [2, 4],
      slots: [{ start: 840, end: 1020 }],
    };
    expect(lead?.contact).toMatchObject({
      choice,
      version: CHOICE_VERSION,
      givenAt: T0,
      changedAt: T0,
      phoneWithdrawnAt: null,
      sequence: 1,
      dueAt: dueAtFor(T0, choice, DEFAULT_CALENDAR),
    });
    expect(lead?.contact.text).toContain('Par téléphone');
    expect(await audit()).toEqual([
      { actor: 'demandeur', action: 'visitor_slots', lead_id: 'lead-c', detail: '1' },
    ]);
    // (insertLead queues no `lead.created`: the endpoint's submission does.)
    const [changed] = await events('lead-c');
    expect(changed?.type).toBe('lead.contact_changed');
    expect(JSON.parse(changed?.payload ?? '{}')).toEqual({
      id: 'lead-c',
      channel: 'telephone',
      days: ['mardi', 'jeudi'],
      slots: ['14:00-17:00'],
      dueAt: new Date(dueAtFor(T0, choice, DEFAULT_CALENDAR)).toISOString(),
      phoneWithdrawnAt: null,
      changedAt: new Date(T0).toISOString(),
    });
    expect(await outbox('lead-c')).toEqual([
      {
        kind: 'schedule_update',
        message_id: `<lead-c.schedule_update.1@${DOMAIN}>`,
        status: 'pending',
        next_attempt_at: T0,
      },
      {
        kind: 'visitor_notice',
        message_id: `<lead-c.visitor_notice.1@${DOMAIN}>`,
        status: 'pending',
        next_attempt_at: T0,
      },
    ]);

    // A failure late in the transaction leaves nothing of it.
    await db()
      .insertInto('outbox')
      .values({
        lead_id: 'lead-c',
        kind: 'alert',
        message_id: `<lead-c.schedule_update.2@${DOMAIN}>`,
        next_attempt_at: T0,
        created_at: T0,
        last_attempt_at: null,
        sent_at: null,
        last_error: null,
        claimed_until: null,
        claim_token: null,
      })
      .execute();
    now = T0 + 1000;
    await expect(service.changeSlots(token, 'lead-c', ['lundi'], [])).rejects.toThrow();
    expect((await stores.leads.getLead('lead-c'))?.contact.sequence).toBe(1);
    expect(await audit()).toHaveLength(1);
    expect(await events('lead-c')).toHaveLength(1);
  });

  it('refuses days and slots the form does not offer', async () => {
    const token = await seed('lead-d');
    expect(await service.changeSlots(token, 'lead-d', ['samedi'], [])).toMatchObject({
      status: 'invalid',
      fields: { jours: expect.any(String) },
    });
    expect(await service.changeSlots(token, 'lead-d', [], ['09:00-10:00'])).toMatchObject({
      status: 'invalid',
      fields: { creneaux: expect.any(String) },
    });
    expect(await audit()).toEqual([]);
  });

  it('sends staff at most one notice per request per hour', async () => {
    const token = await seed('lead-e');
    await service.changeSlots(token, 'lead-e', ['lundi'], []);
    now = T0 + 60_000;
    await service.changeSlots(token, 'lead-e', ['mardi'], []);
    const notices = async () =>
      (await outbox('lead-e')).filter((row) => row.kind === 'visitor_notice');
    // Still pending: it will tell the latest choice; no second notice.
    expect(await notices()).toHaveLength(1);
    const sentAt = T0 + 2 * 60_000;
    await db()
      .updateTable('outbox')
      .set({ status: 'sent', sent_at: sentAt })
      .where('kind', '=', 'visitor_notice')
      .execute();
    now = T0 + 5 * 60_000;
    await service.changeSlots(token, 'lead-e', ['mercredi'], []);
    expect(await notices()).toEqual([
      expect.objectContaining({ status: 'sent' }),
      {
        kind: 'visitor_notice',
        message_id: `<lead-e.visitor_notice.3@${DOMAIN}>`,
        status: 'pending',
        next_attempt_at: sentAt + NOTICE_INTERVAL_MS,
      },
    ]);
    // Every change still gets its own e-mail to the visitor.
    expect((await outbox('lead-e')).filter((row) => row.kind === 'schedule_update')).toHaveLength(
      3,
    );
  });

  it('« Ne plus m’appeler »: the e-mail only, the consent withdrawn with its time', async () => {
    const withSlots = await seed('lead-f');
    await service.changeSlots(withSlots, 'lead-f', [], ['10:00-13:00']);
    now = T0 + 10_000;
    const outcome = await service.stopCalls(withSlots, 'lead-f');
    expect(outcome).toMatchObject({
      status: 'ok',
      view: { channel: 'email', days: [], slots: [], canChangeSlots: false },
    });
    const lead = await stores.leads.getLead('lead-f');
    expect(lead?.contact).toMatchObject({
      choice: { channel: 'email', days: [], slots: [] },
      phoneWithdrawnAt: now,
      changedAt: now,
      sequence: 2,
      dueAt: dueAtFor(now, { channel: 'email', days: [], slots: [] }, DEFAULT_CALENDAR),
    });
    expect((await outbox('lead-f')).map((row) => row.message_id)).toContain(
      `<lead-f.schedule_cancel.2@${DOMAIN}>`,
    );
    expect((await events('lead-f')).at(-1)?.type).toBe('lead.contact_changed');
    expect((await audit()).at(-1)).toMatchObject({ action: 'visitor_stop_calls', detail: '2' });
    // Again: nothing more to withdraw, nothing written.
    await service.stopCalls(withSlots, 'lead-f');
    expect(await audit()).toHaveLength(2);
    expect(await service.changeSlots(withSlots, 'lead-f', ['lundi'], [])).toEqual({
      status: 'withdrawn',
    });

    // No slot was chosen: no invitation to cancel, so no e-mail to the visitor.
    const asap = await seed('lead-g');
    await service.stopCalls(asap, 'lead-g');
    expect((await outbox('lead-g')).map((row) => row.kind)).toEqual(['visitor_notice']);
  });

  it('erases the person as staff do, and the link then opens nothing', async () => {
    const token = await seed('lead-h');
    const other = await seed('lead-i');
    expect(await service.erase(token)).toEqual(['lead-h']);
    expect(await stores.leads.getLead('lead-h')).toBeUndefined();
    expect(await stores.leads.getLead('lead-i')).toBeDefined();
    expect(await service.read(token)).toEqual({ status: 'unknown' });
    expect(await service.erase(token)).toBeUndefined();
    expect(await service.read(other)).toMatchObject({ status: 'ok' });
    const erased = await events('lead-h');
    expect(erased.map((event) => [event.type, event.payload])).toEqual([
      ['lead.erased', JSON.stringify({ id: 'lead-h', erasedAt: new Date(T0).toISOString() })],
    ]);
    expect(await audit()).toEqual([
      { actor: 'demandeur', action: 'visitor_erase', lead_id: null, detail: '1' },
    ]);
    expect(await db().selectFrom('visitor_links').select('lead_id').execute()).toEqual([
      { lead_id: 'lead-i' },
    ]);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ENGINES, engineFixture, type EngineFixture } from '#test-support/engines.ts';
import { sampleConsent, sampleLead } from '#test-support/lead-input.ts';
import { newWebhookId } from './queue.ts';
import { RETENTION_MS } from '#server/leads/index.ts';
import { type Stores, openStores } from '#server/compose/stores.ts';
import { WebhookStaffStore } from './staff-store.ts';

/**
 * The webhook's queue on both engines: which paths write events (and only with the webhook
 * on), what every erasure path leaves behind, and the claim's per-request order.
 */
const DAY = 24 * 60 * 60 * 1000;
const STAFF = 'anne@calora-energies.example';

describe.each(ENGINES)('the webhook queue on %s', (engine) => {
  let fixture: EngineFixture;
  const opened: Stores[] = [];
  const open = async (webhookEvents = true) => {
    const store = await openStores({ ...fixture.config, webhookEvents });
    opened.push(store);
    return store;
  };
  const submit = (store: Stores, id: string, at: number, email: string, webhook = true) =>
    store.leads.submit({
      id,
      lead: sampleLead({ email }),
      consent: sampleConsent(at),
      mails: [],
      now: at,
      ...(webhook ? { webhookId: newWebhookId() } : {}),
    });
  const events = async (store: Stores, leadId: string) =>
    (await new WebhookStaffStore(store.database, 'key').eventsOfLead(leadId)).map((event) => [
      event.type,
      event.status,
    ]);

  beforeEach(async () => {
    fixture = await engineFixture(engine);
  });
  afterEach(async () => {
    while (opened.length > 0) await opened.pop()?.close();
    await fixture.cleanup();
  });

  it('writes no event with the webhook off', async () => {
    const store = await open(false);
    const now = Date.now();
    await submit(store, 'off', now, 'off@entreprise.example', false);
    await store.inbox.changeStatus({ leadId: 'off', status: 'en_cours', actor: STAFF, now });
    await store.retention.forget('off@entreprise.example', STAFF, now);
    expect(await events(store, 'off')).toEqual([]);
  });

  it('queues lead.erased from every erasure path: the inbox, the CLI and the retention purge', async () => {
    const store = await open();
    const now = Date.now();
    await submit(store, 'inbox', now, 'inbox@entreprise.example');
    await submit(store, 'cli', now, 'cli@entreprise.example');
    await submit(store, 'old', now - RETENTION_MS - DAY, 'old@entreprise.example');
    await store.retention.eraseByLead('inbox', STAFF, now);
    await store.retention.forget('cli@entreprise.example', 'npm run leads', now);
    const purged = await store.retention.purge(now, 60_000);
    expect(purged.leadIds).toEqual(['old']);
    for (const id of ['inbox', 'cli']) {
      expect(await events(store, id)).toEqual([
        ['lead.created', 'cancelled'],
        ['lead.erased', 'pending'],
      ]);
    }
    // Past retention, the cancelled lead.created is older than the delivery log keeps (90 days).
    expect(await events(store, 'old')).toEqual([['lead.erased', 'pending']]);
  });

  it('records a status change from the inbox and from the first call, in order', async () => {
    const store = await open();
    const now = Date.now();
    await submit(store, 'calls', now, 'calls@entreprise.example');
    await store.callback.recordCall({
      leadId: 'calls',
      outcome: 'joint',
      note: '',
      staff: STAFF,
      now: now + 1,
    });
    await store.inbox.changeStatus({
      leadId: 'calls',
      status: 'converti',
      actor: STAFF,
      now: now + 2,
    });
    // The same status again is no change: no event.
    await store.inbox.changeStatus({
      leadId: 'calls',
      status: 'converti',
      actor: STAFF,
      now: now + 3,
    });
    expect(await events(store, 'calls')).toEqual([
      ['lead.created', 'pending'],
      ['lead.status_changed', 'pending'],
      ['lead.status_changed', 'pending'],
    ]);
  });

  it('claims only the first waiting event of each request, and never one claimed elsewhere', async () => {
    const store = await open();
    const now = Date.now();
    await submit(store, 'a', now, 'a@entreprise.example');
    await submit(store, 'b', now, 'b@entreprise.example');
    await store.inbox.changeStatus({ leadId: 'a', status: 'en_cours', actor: STAFF, now });
    const queue = store.webhooks('key');
    const first = await queue.claimDue(now, 10, 'worker-1', 60_000);
    expect(first.map((event) => [event.leadId, event.type])).toEqual([
      ['a', 'lead.created'],
      ['b', 'lead.created'],
    ]);
    expect(await queue.claimDue(now, 10, 'worker-2', 60_000)).toEqual([]);
    const [created] = first;
    await queue.record(
      [
        {
          event: created!,
          at: now,
          durationMs: 3,
          httpStatus: 200,
          error: null,
          response: 'ok',
          outcome: { kind: 'delivered' },
        },
      ],
      'worker-1',
      { endpoint: 'https://crm.example.fr/h', messageId: (id) => `<a${id}@x>`, now },
    );
    const next = await queue.claimDue(now, 10, 'worker-2', 60_000);
    expect(next.map((event) => [event.leadId, event.type])).toEqual([['a', 'lead.status_changed']]);
    // A lease that ran out: the events come back to another worker, oldest first.
    expect(
      (await queue.claimDue(now + 60_001, 10, 'worker-3', 60_000)).map((event) => [
        event.leadId,
        event.type,
      ]),
    ).toEqual([
      ['b', 'lead.created'],
      ['a', 'lead.status_changed'],
    ]);
  });

  it('cancels a claimed event whose person was erased after the claim, and sends lead.erased next', async () => {
    const store = await open();
    const now = Date.now();
    await submit(store, 'late', now, 'late@entreprise.example');
    const queue = store.webhooks('key');
    const [claimed] = await queue.claimDue(now, 10, 'worker-1', 60_000);
    await store.retention.forget('late@entreprise.example', STAFF, now);
    // The worker finds no lead to build the body from.
    expect((await queue.leadsOf([claimed!])).size).toBe(0);
    await queue.cancelUnsendable([claimed!.id], 'worker-1');
    expect(await events(store, 'late')).toEqual([
      ['lead.created', 'cancelled'],
      ['lead.erased', 'pending'],
    ]);
    const next = await queue.claimDue(now, 10, 'worker-2', 60_000);
    expect(next.map((event) => event.type)).toEqual(['lead.erased']);
  });
});

import { rmSync } from 'node:fs';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { SEED_CONSENT_VERSION } from '#contracts/contact/consent.ts';
import { StoredBudget } from '#server/http/client-budget.ts';
import {
  createMemoryLogger,
  createTempDir,
  type LogRecord,
  validRequest,
} from '#test-support/harness.ts';
import { createLeadService, type LeadService } from './submit-lead.ts';
import { type Stores, openStores } from '#server/compose/stores.ts';

let dir: string;
let store: Stores;
let logs: LogRecord[];
let stored: number;
let service: LeadService;

beforeEach(async () => {
  dir = createTempDir('submit-lead');
  store = await openStores({ dataDir: dir });
  logs = [];
  stored = 0;
  service = createLeadService({
    store: store.leads,
    limiter: new StoredBudget(store.rates, 2),
    logger: createMemoryLogger(logs),
    sendConfirmation: true,
    messageDomain: 'calora-energies.example',
    flood: { siteRequestsPerMinute: 60, notificationsPer10Minutes: 20 },
    onStored: () => {
      stored += 1;
    },
    now: () => Date.UTC(2026, 10, 23, 12),
  });
});

afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('submitLead', () => {
  it('stores the lead, its consent and one outbox row per e-mail with a stable Message-ID', async () => {
    const outcome = await service.submitLead(validRequest(), 'client-a');
    expect(outcome.status).toBe('stored');
    const id = outcome.status === 'stored' ? outcome.id : '';
    const [lead] = await store.leads.listLeads();
    expect(lead).toMatchObject({
      id,
      nom: 'N’Diaye-Lefèvre',
      clientType: 'professionnel',
      consent: { version: SEED_CONSENT_VERSION },
    });
    expect(lead).not.toHaveProperty('website');
    expect(lead).not.toHaveProperty('rgpdConsent');
    expect(lead?.delivery.map((mail) => mail.kind)).toEqual(['notification', 'confirmation']);
    expect((await store.outbox.mailFor(id)).map((row) => row.messageId)).toEqual([
      `<${id}.notification@calora-energies.example>`,
      `<${id}.confirmation@calora-energies.example>`,
    ]);
    expect(stored).toBe(1);
  });

  it('answers a validation failure with the first message and one message per field', async () => {
    const outcome = await service.submitLead(
      validRequest({ telephone: '123456', email: 'x' }),
      'client-a',
    );
    expect(outcome).toEqual({
      status: 'invalid',
      error: expect.stringMatching(/numéro de téléphone/),
      fields: {
        telephone: expect.stringMatching(/numéro de téléphone/),
        email: expect.stringMatching(/adresse e-mail/),
      },
    });
    expect(await service.submitLead([1, 2], 'client-a')).toMatchObject({ status: 'invalid' });
    expect(await store.leads.listLeads()).toEqual([]);
  });

  it('drops a honeypot hit silently, yet counts it against the rate limit', async () => {
    const outcome = await service.submitLead(validRequest({ website: 'spam' }), 'client-a');
    expect(outcome.status).toBe('discarded');
    expect(await store.leads.listLeads()).toEqual([]);
    expect(stored).toBe(0);
    expect(logs.map((log) => log.event)).toContain('lead_honeypot');
    await service.submitLead(validRequest(), 'client-a');
    expect(await service.admit('client-a')).toMatchObject({ status: 'rate-limited' });
    expect(await service.submitLead(validRequest(), 'client-a')).toMatchObject({
      status: 'rate-limited',
      retryAfterSeconds: 3600,
    });
    expect(await service.admit('client-b')).toEqual({ status: 'admitted' });
  });

  it('reports an unavailable store instead of throwing', async () => {
    await store.close();
    expect(await service.admit('client-a')).toEqual({ status: 'unavailable' });
    expect(await service.submitLead(validRequest(), 'client-a')).toEqual({
      status: 'unavailable',
    });
    expect(logs.map((log) => log.event)).toContain('storage_unavailable');
  });
});

import { rmSync } from 'node:fs';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { CHOICE_VERSION } from '#contracts/contact/contact-choice.ts';
import {
  CONSENT_TEXT,
  CONSENT_VERSION,
  SEED_CONSENT_TEXT,
  SEED_CONSENT_VERSION,
} from '#contracts/contact/consent.ts';
import { payloadFromForm } from '#contracts/contact/lead-contract.ts';
import { contactOffer, DEFAULT_CALENDAR } from '#server/callback/index.ts';
import { type Stores, openStores } from '#server/compose/stores.ts';
import { createMemoryLogger, createTempDir, validRequest } from '#test-support/harness.ts';
import { RateLimiter } from './rate-limit.ts';
import { SLOT_NOT_OFFERED } from './request-contact.ts';
import { createLeadService, type LeadService } from './submit-lead.ts';

/**
 * The visitor's choice of contact at the endpoint (ADR 0029): stored with its wording, its
 * version and its due time; the seed's payload still accepted with the seed's wording.
 */

// Friday 27 November 2026, 13:00 in Paris.
const NOW = Date.UTC(2026, 10, 27, 12);
let dir: string;
let store: Stores;
let service: LeadService;

beforeEach(async () => {
  dir = createTempDir('submit-choice');
  store = await openStores({ dataDir: dir });
  service = createLeadService({
    store: store.leads,
    limiter: new RateLimiter(store.leads, 100),
    logger: createMemoryLogger([]),
    sendConfirmation: true,
    messageDomain: 'calora-energies.example',
    flood: { siteRequestsPerMinute: 600, notificationsPer10Minutes: 20 },
    now: () => NOW,
    contactOffer: contactOffer(DEFAULT_CALENDAR),
  });
});

afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

async function submitted(body: Record<string, unknown>) {
  const outcome = await service.submitLead(body, 'client');
  if (outcome.status !== 'stored') throw new Error(`not stored: ${JSON.stringify(outcome)}`);
  return { outcome, lead: await store.leads.getLead(outcome.id) };
}

const withChoice = (choice: Record<string, unknown>, email = 'choix@entreprise.example') =>
  validRequest({ email, recontactVersion: CHOICE_VERSION, ...choice });

describe('the choice of contact at the endpoint', () => {
  it('stores a phone choice with its days, slots, wording, version and due time', async () => {
    const { outcome, lead } = await submitted(
      withChoice({ recontact: 'telephone', jours: ['jeudi', 'mardi'], creneaux: ['14:00-17:00'] }),
    );
    expect(lead?.consent).toMatchObject({ text: CONSENT_TEXT, version: CONSENT_VERSION });
    expect(lead?.contact).toMatchObject({
      choice: { channel: 'telephone', days: [2, 4], slots: [{ start: 840, end: 1020 }] },
      text: 'Comment souhaitez-vous être recontacté(e) ? Par téléphone. Quand vous appeler ? mardi, jeudi\u00a0; de 14\u00a0h à 17\u00a0h.',
      version: CHOICE_VERSION,
      givenAt: NOW,
      changedAt: null,
      phoneWithdrawnAt: null,
      sequence: 0,
    });
    // Tuesday 1 December, 17:00 in Paris.
    expect(lead?.contact.dueAt).toBe(Date.UTC(2026, 11, 1, 16));
    expect(outcome.contact.dueAt).toBe(lead?.contact.dueAt);
  });

  it('normalises the days and slots before checking and storing them (ADR 0030)', async () => {
    const { lead } = await submitted(
      withChoice({
        recontact: 'telephone',
        jours: ['jeudi', ' mardi', 'jeudi'],
        creneaux: ['14:00-17:00', ' 14:00-17:00'],
      }),
    );
    // One slot, as the reader reads it back: never two overlapping ones, « dès que possible ».
    expect(lead?.contact.choice).toEqual({
      channel: 'telephone',
      days: [2, 4],
      slots: [{ start: 840, end: 1020 }],
    });
    expect(lead?.contact.text).toContain('mardi, jeudi\u00a0; de 14\u00a0h à 17\u00a0h.');
    expect(
      await service.submitLead(
        withChoice({ recontact: 'telephone', creneaux: ['10:00-13:00', '12:00-14:00'] }),
        'c',
      ),
    ).toMatchObject({ status: 'invalid', fields: { creneaux: expect.stringMatching(/créneaux/) } });
  });

  it('stores « Par e-mail uniquement » without days or slots, due by the promise', async () => {
    const { lead } = await submitted(
      withChoice({ recontact: 'email', jours: ['lundi'], creneaux: ['10:00-13:00'] }),
    );
    expect(lead?.contact.choice).toEqual({ channel: 'email', days: [], slots: [] });
    expect(lead?.contact.text).toBe(
      'Comment souhaitez-vous être recontacté(e) ? Par e-mail uniquement.',
    );
    // 24 working hours after Friday 13:00: Monday 13:00.
    expect(lead?.contact.dueAt).toBe(Date.UTC(2026, 10, 30, 12));
  });

  it('accepts the seed’s payload without the choice, with the wording that client showed', async () => {
    const { lead } = await submitted(validRequest({ email: 'seed@entreprise.example' }));
    expect(lead?.consent).toMatchObject({ text: SEED_CONSENT_TEXT, version: SEED_CONSENT_VERSION });
    expect(lead?.contact).toMatchObject({
      choice: { channel: 'non_precise', days: [], slots: [] },
      text: '',
      version: '',
      dueAt: Date.UTC(2026, 10, 30, 12),
    });
  });

  it('refuses a form that showed the choice but sends none, in French, on the field', async () => {
    const outcome = await service.submitLead(withChoice({}), 'client');
    expect(outcome).toMatchObject({
      status: 'invalid',
      fields: { recontact: 'Choisissez comment vous souhaitez être recontacté(e).' },
    });
  });

  it('refuses a slot or a day the server does not offer, and a malformed one', async () => {
    expect(
      await service.submitLead(
        withChoice({ recontact: 'telephone', creneaux: ['08:00-09:00'] }),
        'c',
      ),
    ).toMatchObject({ status: 'invalid', fields: { creneaux: SLOT_NOT_OFFERED } });
    expect(
      await service.submitLead(withChoice({ recontact: 'telephone', jours: ['samedi'] }), 'c'),
    ).toMatchObject({ status: 'invalid', fields: { jours: expect.stringMatching(/jours/) } });
    expect(
      await service.submitLead(withChoice({ recontact: 'telephone', creneaux: ['midi'] }), 'c'),
    ).toMatchObject({ status: 'invalid', fields: { creneaux: expect.stringMatching(/créneaux/) } });
    expect(await service.submitLead(withChoice({ recontact: 'fax' }), 'c')).toMatchObject({
      status: 'invalid',
      fields: { recontact: expect.stringMatching(/recontacté/) },
    });
    expect(await store.leads.listLeads()).toEqual([]);
  });

  it('reads the native form’s repeated boxes as lists, and refuses any other repeated key', () => {
    const form = new URLSearchParams([
      ['recontact', 'telephone'],
      ['jours', 'lundi'],
      ['jours', 'jeudi'],
      ['creneaux', '17:00-20:00'],
    ]);
    expect(payloadFromForm(form)).toMatchObject({
      recontact: 'telephone',
      jours: ['lundi', 'jeudi'],
      creneaux: ['17:00-20:00'],
    });
    expect(payloadFromForm(new URLSearchParams('nom=a&nom=b'))).toBeUndefined();
  });
});

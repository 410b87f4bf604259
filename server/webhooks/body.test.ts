import { describe, expect, it } from 'vitest';

import { type Lead, unspecifiedContact } from '#server/db/records/lead.ts';
import { sampleConsent, sampleLead } from '#test-support/lead-input.ts';
import { eventBody } from './body.ts';
import { contactChoiceData, leadCreatedEvent } from './queue.ts';

const AT = Date.UTC(2026, 11, 1, 9);

/** The request as stored: the visitor chose Tuesday, 14-17 h. */
const given = {
  choice: { channel: 'telephone' as const, days: [2], slots: [{ start: 840, end: 1020 }] },
  text: 'Comment souhaitez-vous être recontacté(e) ? Par téléphone.',
  version: '2026-12-01',
  dueAt: Date.UTC(2026, 11, 1, 16),
};

function lead(contact: Lead['contact']): Lead {
  return { id: 'lead-1', createdAt: AT, ...sampleLead(), consent: sampleConsent(AT), contact };
}

function bodyOf(payload: string | null, stored: Lead): Record<string, unknown> {
  const event = { id: 1, webhookId: 'msg_1', leadId: 'lead-1', type: 'lead.created' as const };
  const text = eventBody({ ...event, payload, attempts: 0, createdAt: AT }, stored);
  return (JSON.parse(text ?? 'null') as { data: Record<string, unknown> }).data;
}

describe('lead.created carries the choice of contact', () => {
  it('as given at reception, the same on every attempt after the visitor changed it', () => {
    const row = leadCreatedEvent('lead-1', 'msg_1', AT, contactChoiceData(given, AT));
    // Since then the visitor stopped the calls: the lead's current choice is the e-mail.
    const now = lead({
      ...unspecifiedContact(AT),
      choice: { channel: 'email', days: [], slots: [] },
      phoneWithdrawnAt: AT + 1000,
    });
    expect(bodyOf(row.payload ?? null, now).contact).toEqual({
      channel: 'telephone',
      days: ['mardi'],
      slots: ['14:00-17:00'],
      text: given.text,
      version: '2026-12-01',
      givenAt: '2026-12-01T09:00:00.000Z',
      dueAt: '2026-12-01T16:00:00.000Z',
    });
    // No personal data in what the event row keeps.
    expect(row.payload).not.toMatch(/Zoé|Lefèvre|zoe@|06 12/);
  });

  it('from the lead for an event stored before the choice of contact was kept (no choice kept with it)', () => {
    expect(bodyOf(null, lead(unspecifiedContact(AT))).contact).toMatchObject({
      channel: 'non_precise',
      days: [],
      slots: [],
      dueAt: null,
    });
  });
});

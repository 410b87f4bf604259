import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';

import { CHOICE_VERSION, type ContactChoice } from '#contracts/contact/contact-choice.ts';
import { DEFAULT_CALENDAR, mailCalendar } from '#server/callback/index.ts';
import { type Lead, unspecifiedContact } from '#server/db/records/lead.ts';
import { calendarInvitation, foldLine } from './ics.ts';
import type { MailMessage } from './mail-transport.ts';
import { buildConfirmation } from './templates.ts';
import { buildScheduleCancel, buildScheduleUpdate } from './visitor-mail.ts';

const settings = {
  from: 'Site <no-reply@x.example>',
  to: 'equipe@x.example',
  ...mailCalendar(DEFAULT_CALENDAR),
};

function leadWith(givenAt: number, choice: ContactChoice, sequence = 0): Lead {
  return {
    id: '4b4f6a36-3c0e-4b8e-9a53-0b1d7d3b2c11',
    createdAt: givenAt,
    clientType: 'professionnel',
    nom: 'Martin',
    prenom: 'Léa',
    adresse: '1 rue X',
    telephone: '06 12 34 56 78',
    email: 'lea@exemple.example',
    produit: '',
    message: '',
    consent: { text: 'J’accepte…', version: '2026-12-01', givenAt },
    contact: {
      ...unspecifiedContact(givenAt),
      choice,
      text: 'Comment…',
      version: CHOICE_VERSION,
      sequence,
    },
  };
}

const AFTERNOON = { start: 14 * 60, end: 17 * 60 };

/** The invitation of a message, read back by ical.js: the calendar and its one event. */
function invitationOf(mail: MailMessage) {
  const [file] = mail.attachments ?? [];
  if (!file) throw new Error('no invitation');
  const calendar = new ICAL.Component(ICAL.parse(file.content));
  const event = calendar.getFirstSubcomponent('vevent');
  if (!event) throw new Error('no event');
  const utc = (name: string) => {
    const value = event.getFirstPropertyValue(name);
    return value instanceof ICAL.Time ? value.toJSDate().toISOString() : undefined;
  };
  return {
    file,
    method: calendar.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: event.getFirstPropertyValue('sequence'),
    status: event.getFirstPropertyValue('status'),
    summary: event.getFirstPropertyValue('summary'),
    description: event.getFirstPropertyValue('description'),
    organizer: event.getFirstPropertyValue('organizer'),
    start: utc('dtstart'),
    end: utc('dtend'),
  };
}

describe('the calendar invitation', () => {
  it('writes CRLF lines of at most 75 octets, folded without splitting a character', () => {
    const text = calendarInvitation({
      method: 'PUBLISH',
      uid: 'a@b.example',
      sequence: 2,
      stamp: Date.UTC(2026, 2, 26, 10),
      start: Date.UTC(2026, 2, 27, 13),
      end: Date.UTC(2026, 2, 27, 16),
      summary: 'Rappel; avec, des\\ caractères\nà échapper',
      description: 'é'.repeat(120),
      organizer: { name: 'Calora Énergies', email: 'contact@x.example' },
    });
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) {
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    }
    expect(text).toContain('SUMMARY:Rappel\\; avec\\, des\\\\ caractères\\nà échapper');
    const event = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent');
    expect(event?.getFirstPropertyValue('summary')).toBe(
      'Rappel; avec, des\\ caractères\nà échapper',
    );
    expect(event?.getFirstPropertyValue('description')).toBe('é'.repeat(120));
    expect(
      foldLine('x'.repeat(150))
        .split('\r\n ')
        .map((part) => part.length),
    ).toEqual([75, 74, 1]);
  });

  it.each([
    // The Friday before the spring change (CET) and the Monday after it (CEST).
    [
      '2026-03-26T09:00:00Z',
      [5],
      'vendredi 27\u00a0mars',
      '2026-03-27T13:00:00.000Z',
      '2026-03-27T16:00:00.000Z',
    ],
    [
      '2026-03-27T18:00:00Z',
      [1],
      'lundi 30\u00a0mars',
      '2026-03-30T12:00:00.000Z',
      '2026-03-30T15:00:00.000Z',
    ],
    // The Friday before the autumn change (CEST) and the Monday after it (CET).
    [
      '2026-10-22T09:00:00Z',
      [5],
      'vendredi 23\u00a0octobre',
      '2026-10-23T12:00:00.000Z',
      '2026-10-23T15:00:00.000Z',
    ],
    [
      '2026-10-23T18:00:00Z',
      [1],
      'lundi 26\u00a0octobre',
      '2026-10-26T13:00:00.000Z',
      '2026-10-26T16:00:00.000Z',
    ],
  ])('publishes the slot after %s at its UTC instants', (given, days, day, start, end) => {
    const lead = leadWith(Date.parse(given), { channel: 'telephone', days, slots: [AFTERNOON] });
    const mail = buildConfirmation(lead, settings, 'id', { now: Date.parse(given) });
    expect(mail.text).toContain(`Nous vous appellerons ${day} entre 14\u00a0h et 17\u00a0h.`);
    const invitation = invitationOf(mail);
    expect(invitation).toMatchObject({
      method: 'PUBLISH',
      uid: `${lead.id}@calora-energies.example`,
      sequence: 0,
      status: 'CONFIRMED',
      start,
      end,
      organizer: 'mailto:contact@calora-energies.example',
    });
    expect(invitation.file.contentType).toBe('text/calendar; method=PUBLISH; charset=UTF-8');
    expect(invitation.file.content).toMatch(/\r\nDTSTART:\d{8}T\d{6}Z\r\n/);
    expect(invitation.summary).toContain('01 99 00 12 34');
    // Nothing the visitor typed.
    for (const typed of [lead.nom, lead.prenom, lead.adresse, lead.email, lead.telephone]) {
      expect(invitation.file.content).not.toContain(typed);
    }
  });

  it('keeps the UID through an update and a cancellation, with a rising SEQUENCE', () => {
    const choice: ContactChoice = { channel: 'telephone', days: [5], slots: [AFTERNOON] };
    const given = Date.parse('2026-03-26T09:00:00Z');
    const first = invitationOf(
      buildConfirmation(leadWith(given, choice), settings, 'a', { now: given }),
    );
    const moved = leadWith(given + 3_600_000, { ...choice, days: [1] }, 1);
    const update = invitationOf(
      buildScheduleUpdate(moved, settings, 'b', { now: given + 3_600_000 }),
    );
    const withdrawn = leadWith(given + 7_200_000, { channel: 'email', days: [], slots: [] }, 2);
    const cancel = invitationOf(
      buildScheduleCancel(withdrawn, settings, 'c', { now: given + 7_200_000 }),
    );
    expect(update).toMatchObject({ method: 'PUBLISH', uid: first.uid, sequence: 1 });
    expect(update.start).toBe('2026-03-30T12:00:00.000Z');
    expect(cancel).toMatchObject({
      method: 'CANCEL',
      uid: first.uid,
      sequence: 2,
      status: 'CANCELLED',
    });
    expect(cancel.file.contentType).toBe('text/calendar; method=CANCEL; charset=UTF-8');
  });
});

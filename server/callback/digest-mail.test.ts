import { describe, expect, it } from 'vitest';

import type { ContactChoice } from '#contracts/contact/contact-choice.ts';
import { buildDigest } from './digest-mail.ts';

/**
 * Each line of the morning digest says how the person asked to be contacted (ADR 0029), in the
 * order of the stored due times, and what is owed: a call back, or an answer by e-mail (ADR 0036).
 */
const paris = (iso: string) => Date.parse(iso);
const item = (
  id: string,
  prenom: string,
  dueIso: string,
  choice: ContactChoice,
  receivedIso = '2026-11-26T09:00:00+01:00',
) => ({
  id,
  prenom,
  produit: 'Audit énergétique',
  createdAt: paris(receivedIso),
  storedDueAt: paris(dueIso),
  dueAt: paris(dueIso),
  choice,
  ownerId: null,
});

describe('the digest’s lines', () => {
  it('carry the channel and the chosen days and slots, soonest due first', () => {
    const mail = buildDigest(
      {
        items: [
          // Due by the end of Tuesday: written on its own day, never « 24:00 ».
          item('slot', 'Léa', '2026-12-02T00:00:00+01:00', {
            channel: 'telephone',
            days: [2],
            slots: [{ start: 14 * 60, end: 17 * 60 }],
          }),
          item('mail', 'Inès', '2026-11-27T10:00:00+01:00', {
            channel: 'email',
            days: [],
            slots: [],
          }),
          item('asap', 'Hugo', '2026-12-01T12:00:00+01:00', {
            channel: 'telephone',
            days: [],
            slots: [],
          }),
        ],
        decidedAt: paris('2026-12-01T08:30:00+01:00'),
        siteUrl: 'https://www.calora-energies.example',
        timeZone: 'Europe/Paris',
        promiseHours: 24,
        team: null,
      },
      { from: 'site@calora-energies.example', to: 'equipe@calora-energies.example' },
      '<digest.2026-12-01@calora-energies.example>',
    );
    const lines = mail.text.split('\n').filter((line) => line.startsWith('- '));
    expect(lines).toEqual([
      '- Inès – Audit énergétique – à répondre avant vendredi 27\u00a0novembre à 10\u00a0h – par e-mail uniquement',
      '- Hugo – Audit énergétique – à rappeler avant mardi 1er\u00a0décembre à 12\u00a0h – par téléphone, dès que possible',
      '- Léa – Audit énergétique – à rappeler avant mardi 1er\u00a0décembre, fin de journée – par téléphone, mardi\u00a0; de 14\u00a0h à 17\u00a0h',
    ]);
    expect(mail.html).toContain('par e-mail uniquement');
    // The e-mail-only line is e-mail work, in the text and the HTML alike.
    const inès = [mail.text, mail.html].map(
      (part) => part.split('\n').find((line) => line.includes('Inès')) ?? '',
    );
    for (const line of inès) {
      expect(line).toContain('à répondre avant');
      expect(line).not.toMatch(/rappel/i);
    }
    expect(mail.subject).toBe('Demandes du jour\u00a0: 1 en retard, 2 à traiter aujourd’hui');
    expect(`${mail.subject}${mail.text}`).not.toMatch(/24:00|à 24/);
  });

  it('lists the requests due at the same time oldest first', () => {
    const phone: ContactChoice = { channel: 'telephone', days: [], slots: [] };
    const endOfMonday = '2026-12-01T00:00:00+01:00';
    const mail = buildDigest(
      {
        // As a list sorted by anything else (the id, the newest first) would give them.
        items: [
          item('c', 'Inès', endOfMonday, phone, '2026-11-29T09:00:00+01:00'),
          item('b', 'Hugo', endOfMonday, phone, '2026-11-28T19:00:00+01:00'),
          item('a', 'Léa', endOfMonday, phone, '2026-11-28T10:00:00+01:00'),
        ],
        decidedAt: paris('2026-12-01T08:30:00+01:00'),
        siteUrl: 'https://www.calora-energies.example',
        timeZone: 'Europe/Paris',
        promiseHours: 24,
        team: null,
      },
      { from: 'site@calora-energies.example', to: 'equipe@calora-energies.example' },
      '<digest.2026-12-01@calora-energies.example>',
    );
    const names = mail.text
      .split('\n')
      .filter((line) => line.startsWith('- '))
      .map((line) => line.split(' – ')[0]);
    expect(names).toEqual(['- Léa', '- Hugo', '- Inès']);
  });

  it('of a person: their own first, then the unassigned, and a responsable’s overdue per person', () => {
    const phone: ContactChoice = { channel: 'telephone', days: [], slots: [] };
    const mail = buildDigest(
      {
        items: [
          { ...item('u', 'Hugo', '2026-11-27T10:00:00+01:00', phone), mine: false },
          { ...item('m1', 'Léa', '2026-12-01T17:00:00+01:00', phone), mine: true },
          { ...item('m2', 'Paul', '2026-11-28T10:00:00+01:00', phone), mine: true },
        ],
        team: [
          { name: 'Marie Dupont', count: 2 },
          { name: 'Jean Martin', count: 1 },
        ],
        person: { email: 'marie@calora-energies.example', firstName: 'Marie' },
        decidedAt: paris('2026-12-01T08:30:00+01:00'),
        siteUrl: 'https://www.calora-energies.example',
        timeZone: 'Europe/Paris',
        promiseHours: 24,
      },
      { from: 'site@calora-energies.example', to: 'equipe@calora-energies.example' },
      '<digest.2026-12-01.p1@calora-energies.example>',
    );
    expect(mail.to).toBe('marie@calora-energies.example');
    const text = mail.text;
    expect(text.startsWith('Bonjour Marie,')).toBe(true);
    const order = [
      'Vos demandes en retard (1)',
      '- Paul',
      'Vos demandes à traiter aujourd’hui (1)',
      '- Léa',
      'À attribuer (1)',
      '- Hugo',
      'En retard, par personne',
      '- Marie Dupont\u00a0: 2 demandes en retard',
      '- Jean Martin\u00a0: 1 demande en retard',
    ].map((part) => text.indexOf(part));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(mail.html).toContain('En retard, par personne');
  });
});

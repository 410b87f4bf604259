import { describe, expect, it } from 'vitest';

import { choiceFromColumns, encodeDays, encodeSlots } from './choice-records.ts';
import {
  normaliseChoiceInput,
  normaliseDays,
  normaliseSlots,
  normaliseSlotTexts,
  notOffered,
} from './choice-input.ts';
import { ContactRequestSchema } from './schema.ts';

/**
 * The days and slots made canonical before they are checked or stored (ADR 0030), and the
 * contact schema that uses the same normaliser: what is stored is what the reader reads back.
 */
const request = {
  clientType: 'professionnel',
  nom: 'Martin',
  prenom: 'Léa',
  adresse: '3 rue de la Paix, 75002 Paris',
  telephone: '06 12 34 56 78',
  email: 'lea@entreprise.fr',
  rgpdConsent: true,
  recontact: 'telephone',
  recontactVersion: '2026-12-01',
};

describe('the days and slots’ normaliser', () => {
  it('trims, parses, keeps each once on its parsed value, and sorts', () => {
    expect(normaliseDays([' jeudi', 'Mardi ', 'jeudi'])).toEqual(['mardi', 'jeudi']);
    expect(normaliseSlotTexts(['14:00-17:00', ' 14:00-17:00', '10:00-13:00 '])).toEqual([
      '10:00-13:00',
      '14:00-17:00',
    ]);
    expect(normaliseChoiceInput(['vendredi', ' lundi'], [' 17:00-20:00', '17:00-20:00'])).toEqual({
      days: [1, 5],
      slots: [{ start: 1020, end: 1200 }],
    });
  });

  it('refuses what the reader would not read back: no day, a malformed slot, an overlap', () => {
    expect(normaliseDays(['lundi', 'dimanche '])).toEqual(['lundi', 'dimanche']);
    expect(normaliseDays(['lun'])).toBeUndefined();
    expect(normaliseDays([3])).toBeUndefined();
    expect(normaliseSlots(['midi'])).toBeUndefined();
    expect(normaliseSlots(['10:00-13:00', '12:00-14:00'])).toBeUndefined();
    expect(normaliseChoiceInput(['lun'], ['midi'])).toEqual({ field: 'jours' });
    expect(normaliseChoiceInput(['lundi'], ['midi'])).toEqual({ field: 'creneaux' });
  });

  it('gives lists that the stored columns read back unchanged', () => {
    for (const slots of [
      ['14:00-17:00', ' 14:00-17:00'],
      ['17:00-20:00', '10:00-13:00'],
    ]) {
      const input = normaliseChoiceInput(['jeudi', ' mardi', 'jeudi'], slots);
      if ('field' in input) throw new Error('refused');
      const read = choiceFromColumns('telephone', encodeDays(input.days), encodeSlots(input.slots));
      expect(read).toEqual({ channel: 'telephone', ...input });
    }
  });

  it('names the field holding a day or a slot the server does not offer', () => {
    const offer = {
      workingDays: new Set([1, 2, 3, 4, 5]),
      callWindows: [{ start: 600, end: 780 }],
    };
    expect(notOffered({ days: [6], slots: [] }, offer)).toBe('jours');
    expect(notOffered({ days: [1], slots: [{ start: 840, end: 1020 }] }, offer)).toBe('creneaux');
    expect(notOffered({ days: [1], slots: [{ start: 600, end: 780 }] }, offer)).toBeUndefined();
  });
});

describe('the contact schema’s days and slots', () => {
  it('stores a slot sent twice, once with a space, as one slot', () => {
    const parsed = ContactRequestSchema.safeParse({
      ...request,
      jours: ['jeudi', ' mardi', 'jeudi'],
      creneaux: ['14:00-17:00', ' 14:00-17:00'],
    });
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({ jours: ['mardi', 'jeudi'], creneaux: ['14:00-17:00'] });
  });

  it('refuses overlapping slots and unknown days, in French, on their field', () => {
    const overlap = ContactRequestSchema.safeParse({
      ...request,
      creneaux: ['10:00-13:00', '12:00-14:00'],
    });
    expect(overlap.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['creneaux', 'Choisissez des créneaux dans la liste.'],
    ]);
    const day = ContactRequestSchema.safeParse({ ...request, jours: ['lundi', 'jour'] });
    expect(day.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['jours', 'Choisissez des jours dans la liste.'],
    ]);
  });
});

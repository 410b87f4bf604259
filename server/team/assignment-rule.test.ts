import { describe, expect, it } from 'vitest';

import {
  type Candidate,
  departementOf,
  isAbsentOn,
  parisDateOf,
  pickOwner,
  SnapshotAssigner,
  type TeamSnapshot,
} from './assignment-rule.ts';

/** 2026-03-10 09:00 in Paris. */
const NOW = Date.UTC(2026, 2, 10, 8, 0);

function person(id: string, extra: Partial<Candidate> = {}): Candidate {
  return {
    id,
    role: 'commercial',
    active: 1,
    created_at: 1,
    last_assigned_at: 0,
    absent_from: null,
    absent_until: null,
    ...extra,
  };
}

function team(people: Candidate[], extra: Partial<TeamSnapshot> = {}): TeamSnapshot {
  return { rule: 'chacun_son_tour', people, departements: new Map(), ...extra };
}

describe('the départements of postal codes', () => {
  it.each([
    ['12 rue de la Paix, 75002 Paris', '75'],
    ['3 chemin des Vignes 01000 Bourg-en-Bresse', '01'],
    ['Route du port, 20000 Ajaccio', '2A'],
    ['20167 Mezzavia', '2A'],
    ['20200 Bastia', '2B'],
    ['20600 Furiani', '2B'],
    ['97110 Pointe-à-Pitre', '971'],
    ['97600 Mamoudzou', '976'],
    ['12345 route 13008 Marseille', '13'],
  ])('%s is in %s', (adresse, departement) => {
    expect(departementOf(adresse)).toBe(departement);
  });

  it.each([
    ['Paris', 'no postal code'],
    ['20700 Nulle part', 'no Corsican code past 206xx'],
    ['97700 Saint-Barthélemy', 'no overseas code past 976'],
    ['98000 Monaco', 'no code past 976'],
    ['00100 Rome', 'no 00'],
    ['75 2 rue 750011 Paris', 'no six digits'],
  ])('%s has none (%s)', (adresse) => {
    expect(departementOf(adresse)).toBeUndefined();
  });
});

describe('absences', () => {
  const away = { absent_from: '2026-03-09', absent_until: '2026-03-10' };

  it('includes both ends, in Paris dates', () => {
    expect(isAbsentOn(away, '2026-03-09')).toBe(true);
    expect(isAbsentOn(away, '2026-03-10')).toBe(true);
    expect(isAbsentOn(away, '2026-03-11')).toBe(false);
    expect(isAbsentOn(away, '2026-03-08')).toBe(false);
    expect(isAbsentOn({ absent_from: null, absent_until: null }, '2026-03-10')).toBe(false);
    // 23:30 UTC on the 10th is already the 11th in Paris.
    expect(parisDateOf(Date.UTC(2026, 2, 10, 23, 30))).toBe('2026-03-11');
  });
});

describe('« Chacun son tour »', () => {
  it('gives the present commercial whose last request is the oldest', () => {
    const people = [
      person('a', { last_assigned_at: 30 }),
      person('b', { last_assigned_at: 10, absent_from: '2026-03-10', absent_until: '2026-03-12' }),
      person('c', { last_assigned_at: 20 }),
      person('d', { last_assigned_at: 0, role: 'responsable' }),
      person('e', { last_assigned_at: 0, active: 0 }),
    ];
    expect(pickOwner(team(people), '', NOW)?.id).toBe('c');
  });

  it('breaks ties by the first added, then the id', () => {
    const people = [person('b', { created_at: 5 }), person('z', { created_at: 2 }), person('a')];
    expect(pickOwner(team(people), '', NOW)?.id).toBe('a');
    expect(pickOwner(team(people.slice(0, 2)), '', NOW)?.id).toBe('z');
  });

  it('takes turns, even for requests of one millisecond', () => {
    const assigner = new SnapshotAssigner(team([person('a'), person('b'), person('c')]));
    const owners = Array.from({ length: 7 }, () => assigner.assign('', NOW));
    expect(owners).toEqual(['a', 'b', 'c', 'a', 'b', 'c', 'a']);
    expect([...assigner.assigned().keys()].sort()).toEqual(['a', 'b', 'c']);
  });

  it('gives nobody when no commercial is present', () => {
    const away = { absent_from: '2026-03-01', absent_until: '2026-03-31' };
    expect(
      pickOwner(team([person('a', away), person('r', { role: 'responsable' })]), '', NOW),
    ).toBeUndefined();
    expect(new SnapshotAssigner(team([])).assign('', NOW)).toBeNull();
  });
});

describe('« Par département » and « Personne »', () => {
  const people = [
    person('a'),
    person('b', { last_assigned_at: 5 }),
    person('r', { role: 'responsable', last_assigned_at: 9 }),
    person('gone', { absent_from: '2026-03-10', absent_until: '2026-03-10' }),
  ];
  const departements = new Map([
    ['13', 'b'],
    ['2B', 'r'],
    ['971', 'b'],
    ['69', 'gone'],
    ['33', 'unknown'],
  ]);
  const rule = team(people, { rule: 'par_departement', departements });

  it('gives the present person covering the département, a responsable too', () => {
    expect(pickOwner(rule, '13008 Marseille', NOW)?.id).toBe('b');
    expect(pickOwner(rule, '20200 Bastia', NOW)?.id).toBe('r');
    expect(pickOwner(rule, '97110 Pointe-à-Pitre', NOW)?.id).toBe('b');
  });

  it('falls back to « Chacun son tour » without a code, uncovered, absent or unknown', () => {
    for (const adresse of ['Marseille', '75001 Paris', '69001 Lyon', '33000 Bordeaux']) {
      expect(pickOwner(rule, adresse, NOW)?.id).toBe('a');
    }
  });

  it('« Personne » leaves every request to take', () => {
    expect(pickOwner({ ...rule, rule: 'personne' }, '13008 Marseille', NOW)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';

import { absenceProblem } from './absence.ts';

/** The absence's dates (ADR 0044): real Paris dates, in order, not past, at most a year. */
describe('absenceProblem', () => {
  const today = '2026-11-28';
  it('accepts an absence that starts today or earlier and ends today or later', () => {
    expect(absenceProblem({ du: '2026-11-28', au: '2026-11-28' }, today)).toBeUndefined();
    expect(absenceProblem({ du: '2026-11-20', au: '2026-12-05' }, today)).toBeUndefined();
    expect(absenceProblem({ du: '2026-12-01', au: '2027-11-30' }, today)).toBeUndefined();
  });
  it('refuses dates that do not exist', () => {
    expect(absenceProblem({ du: '2026-02-30', au: '2026-03-02' }, today)).toBe('invalid-date');
    expect(absenceProblem({ du: '2026-12-01', au: '2026-13-01' }, today)).toBe('invalid-date');
    expect(absenceProblem({ du: '1er décembre', au: '2026-12-02' }, today)).toBe('invalid-date');
  });
  it('refuses an end before the start, an absence already over, one longer than a year', () => {
    expect(absenceProblem({ du: '2026-12-05', au: '2026-12-01' }, today)).toBe('reversed');
    expect(absenceProblem({ du: '2026-11-01', au: '2026-11-27' }, today)).toBe('past');
    expect(absenceProblem({ du: '2026-12-01', au: '2027-12-02' }, today)).toBe('too-long');
  });
});

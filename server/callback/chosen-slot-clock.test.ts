import { describe, expect, it } from 'vitest';

import type { ContactChoice } from '#contracts/contact/contact-choice.ts';
import { DEFAULT_CALENDAR } from './calendar.ts';
import { NO_CALLS, rowClock } from './call-facts.ts';
import { dueAtFor } from './slots.ts';
import { firstCallStats, reachedInTime } from './service.ts';

/**
 * The clock follows the visitor's choice (ADR 0029): the stored due time wins over the
 * reception's rule, and the counters count a reach within the chosen slot, or within the
 * promise, as kept. Fixed times, company time (Europe/Paris, winter: UTC+1).
 */
const at = (iso: string) => Date.parse(iso);
const HOUR = 3_600_000;
// Friday 27 November 2026, 17:00 in Paris; the promise alone: due Monday 30 at 17:00.
const received = at('2026-11-27T17:00:00+01:00');
// « jeudi ; de 14 h à 17 h »: the first such slot after the reception is Thursday 3 December.
const thursdayAfternoon: ContactChoice = {
  channel: 'telephone',
  days: [4],
  slots: [{ start: 14 * 60, end: 17 * 60 }],
};
const slotDue = dueAtFor(received, thursdayAfternoon, DEFAULT_CALENDAR);
const slotted = { createdAt: received, dueAt: slotDue, choice: thursdayAfternoon };

describe('the clock of a chosen slot', () => {
  it('is due at the end of the chosen slot', () => {
    expect(slotDue).toBe(at('2026-12-03T17:00:00+01:00'));
  });

  it('takes the stored due time, and the reception’s rule without one', () => {
    const clock = (dueAt: number | null) =>
      rowClock({ createdAt: received, status: 'nouveau', dueAt }, NO_CALLS, DEFAULT_CALENDAR);
    expect(clock(slotDue).dueAt).toBe(slotDue);
    expect(clock(null).dueAt).toBe(at('2026-11-30T17:00:00+01:00'));
  });

  it('counts a reach inside the chosen slot as kept, even past the promise', () => {
    const inSlot = at('2026-12-03T15:30:00+01:00');
    expect(reachedInTime({ ...slotted, reachedAt: inSlot }, DEFAULT_CALENDAR)).toBe(true);
    // The end of the slot is its due time: still kept.
    expect(reachedInTime({ ...slotted, reachedAt: slotDue }, DEFAULT_CALENDAR)).toBe(true);
  });

  it('does not count a reach before the slot, past the promise, nor one after it', () => {
    const before = at('2026-12-03T11:00:00+01:00');
    const after = at('2026-12-03T17:01:00+01:00');
    expect(reachedInTime({ ...slotted, reachedAt: before }, DEFAULT_CALENDAR)).toBe(false);
    expect(reachedInTime({ ...slotted, reachedAt: after }, DEFAULT_CALENDAR)).toBe(false);
  });

  it('counts a reach within the promise as kept, whatever the slot', () => {
    const monday = at('2026-11-30T10:00:00+01:00');
    expect(reachedInTime({ ...slotted, reachedAt: monday }, DEFAULT_CALENDAR)).toBe(true);
  });

  it('counts a stored due time without slots (the phone withdrawn) when reached by it', () => {
    const withdrawn = {
      createdAt: received,
      // « Ne plus m'appeler » on Tuesday 1 December at 10:00: due by the promise from then.
      dueAt: at('2026-12-02T10:00:00+01:00'),
      choice: { channel: 'email', days: [], slots: [] } satisfies ContactChoice,
    };
    const answer = at('2026-12-01T16:00:00+01:00');
    expect(reachedInTime({ ...withdrawn, reachedAt: answer }, DEFAULT_CALENDAR)).toBe(true);
    const late = at('2026-12-02T11:00:00+01:00');
    expect(reachedInTime({ ...withdrawn, reachedAt: late }, DEFAULT_CALENDAR)).toBe(false);
  });

  it('is late once past the stored due time, not before', () => {
    const open = { ...slotted, reachedAt: null, open: true };
    // Tuesday: past the promise, but the slot is on Thursday.
    const tuesday = firstCallStats([open], at('2026-12-01T12:00:00+01:00'), 30, DEFAULT_CALENDAR);
    expect(tuesday.considered).toBe(0);
    const friday = firstCallStats([open], slotDue + HOUR, 30, DEFAULT_CALENDAR);
    expect(friday).toMatchObject({ considered: 1, withinPromiseShare: 0 });
  });

  it('shares the kept reaches among the reached and the late', () => {
    const stats = firstCallStats(
      [
        { ...slotted, reachedAt: at('2026-12-03T15:00:00+01:00'), open: false },
        { ...slotted, reachedAt: at('2026-12-03T11:00:00+01:00'), open: true },
      ],
      at('2026-12-04T12:00:00+01:00'),
      30,
      DEFAULT_CALENDAR,
    );
    expect(stats).toMatchObject({ considered: 2, withinPromiseShare: 0.5 });
  });
});

import { describe, expect, it } from 'vitest';

import type { CallOutcome } from '#contracts/staff/contract.ts';
import { UNSPECIFIED_CHOICE } from '#contracts/contact/choice-records.ts';
import { DEFAULT_CALENDAR } from './calendar.ts';
import { callFactsOf, NO_CALLS, rowClock } from './call-facts.ts';
import { firstCallStats } from './service.ts';

/**
 * The rule of ADR 0028 on its own: only reaching the person (« Joint », « Répondu par e-mail »)
 * stops the clock; the other outcomes are attempts; « Numéro erroné » flags the request until it
 * is reached; a closed request has no countdown; the counters take the time to reach.
 */
const at = (iso: string) => Date.parse(iso);
// Friday 27 November 2026, 17:00 in Paris: due Monday 17:00.
const received = at('2026-11-27T17:00:00+01:00');
const call = (outcome: CallOutcome, iso: string) => ({
  at: at(iso),
  outcome,
  note: '',
  staff: 's',
});

describe('the call-back clock rule', () => {
  it('keeps running through unanswered attempts, flags a wrong number', () => {
    const facts = callFactsOf([
      call('messagerie', '2026-11-30T10:00:00+01:00'),
      call('numero_errone', '2026-11-30T10:30:00+01:00'),
      call('pas_de_reponse', '2026-11-30T10:42:00+01:00'),
    ]);
    const clock = rowClock(
      { createdAt: received, status: 'nouveau', dueAt: null },
      facts,
      DEFAULT_CALENDAR,
    );
    expect(clock).toEqual({
      dueAt: at('2026-11-30T17:00:00+01:00'),
      firstCallAt: at('2026-11-30T10:00:00+01:00'),
      reachedAt: null,
      reachedBy: null,
      reachedAfterMs: null,
      attempts: 3,
      lastAttemptAt: at('2026-11-30T10:42:00+01:00'),
      wrongNumber: true,
      closed: false,
    });
  });

  it('stops at the first reach, by a call or a written answer, and drops the flag', () => {
    const calls = [
      call('numero_errone', '2026-11-30T10:00:00+01:00'),
      call('repondu_email', '2026-11-30T11:00:00+01:00'),
      call('joint', '2026-11-30T12:00:00+01:00'),
    ];
    const clock = rowClock(
      { createdAt: received, status: 'en_cours', dueAt: null },
      callFactsOf(calls),
      DEFAULT_CALENDAR,
    );
    expect(clock).toMatchObject({
      reachedAt: at('2026-11-30T11:00:00+01:00'),
      reachedBy: 'repondu_email',
      // 7 h on Friday, 11 h on Monday.
      reachedAfterMs: 18 * 3_600_000,
      // The written answer is no call.
      attempts: 2,
      lastAttemptAt: at('2026-11-30T12:00:00+01:00'),
      wrongNumber: false,
    });
    const joint = callFactsOf([call('joint', '2026-11-30T10:00:00+01:00'), ...calls.slice(1)]);
    expect(
      rowClock({ createdAt: received, status: 'en_cours', dueAt: null }, joint, DEFAULT_CALENDAR),
    ).toMatchObject({ reachedAt: at('2026-11-30T10:00:00+01:00'), reachedBy: 'joint' });
  });

  it('marks a converted or lost request closed', () => {
    for (const status of ['converti', 'perdu'] as const) {
      expect(
        rowClock({ createdAt: received, status, dueAt: null }, NO_CALLS, DEFAULT_CALENDAR).closed,
      ).toBe(true);
    }
    expect(
      rowClock({ createdAt: received, status: 'en_cours', dueAt: null }, NO_CALLS, DEFAULT_CALENDAR)
        .closed,
    ).toBe(false);
  });

  it('counts the time to reach the person, and attempts as not reached', () => {
    // Stored before migration 10: no due time stored, no choice.
    const legacy = { createdAt: received, dueAt: null, choice: UNSPECIFIED_CHOICE };
    const now = at('2026-12-02T12:00:00+01:00');
    const stats = firstCallStats(
      [
        // Reached after 18 h: within the promise.
        { ...legacy, reachedAt: at('2026-11-30T11:00:00+01:00'), open: false },
        // Past due, only attempts: counted, not within.
        { ...legacy, reachedAt: null, open: true },
        // Closed without reaching: not counted.
        { ...legacy, reachedAt: null, open: false },
      ],
      now,
      30,
      DEFAULT_CALENDAR,
    );
    expect(stats).toEqual({
      days: 30,
      medianMs: 18 * 3_600_000,
      withinPromiseShare: 0.5,
      considered: 2,
    });
  });

  it('counts working time only: received and reached on a Saturday is 0 working minutes', () => {
    const saturday = at('2026-11-28T09:00:00+01:00');
    const clock = rowClock(
      { createdAt: saturday, status: 'nouveau', dueAt: null },
      callFactsOf([call('joint', '2026-11-28T15:30:00+01:00')]),
      DEFAULT_CALENDAR,
    );
    expect(clock.reachedAfterMs).toBe(0);
    // Reached on Monday at 10:30: the weekend does not count, Monday's 10 h 30 do.
    const monday = rowClock(
      { createdAt: saturday, status: 'nouveau', dueAt: null },
      callFactsOf([call('joint', '2026-11-30T10:30:00+01:00')]),
      DEFAULT_CALENDAR,
    );
    expect(monday.reachedAfterMs).toBe(10.5 * 60 * 60_000);
  });
});

import { describe, expect, it } from 'vitest';

import { waitBeforeNextLook } from './worker.ts';

describe('the webhook worker’s next look at the queue', () => {
  const pollIntervalMs = 10_000;

  it('waits until the next retry is due', () => {
    expect(
      waitBeforeNextLook({ next: 5_900, lastClaimAt: 5_000, now: 5_100, pollIntervalMs }),
    ).toBe(800);
  });

  it('looks at once at a retry that became due after the last claim', () => {
    // The timer fired a moment before the clock reached the retry: the claim saw nothing, and
    // the retry is due by the time the next wait is computed.
    expect(
      waitBeforeNextLook({ next: 6_000, lastClaimAt: 5_999, now: 6_003, pollIntervalMs }),
    ).toBe(0);
  });

  it('waits a full poll for an event that was due at the claim and not claimed (held elsewhere)', () => {
    expect(
      waitBeforeNextLook({ next: 4_000, lastClaimAt: 5_000, now: 5_050, pollIntervalMs }),
    ).toBe(pollIntervalMs);
  });

  it('waits a full poll when nothing is queued, and never longer than a poll', () => {
    expect(
      waitBeforeNextLook({ next: undefined, lastClaimAt: 5_000, now: 5_050, pollIntervalMs }),
    ).toBe(pollIntervalMs);
    expect(
      waitBeforeNextLook({ next: 90_000, lastClaimAt: 5_000, now: 5_050, pollIntervalMs }),
    ).toBe(pollIntervalMs);
  });
});

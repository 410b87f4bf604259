import type { LeadStore } from './lead-store.ts';
import type { RatePolicy, RateVerdict } from './rate-hits.ts';

/**
 * A per-client sliding-window rate limit kept in the database (through the store), so it holds
 * across restarts and across instances, and is counted in the same transaction that stores the
 * request (`LeadStore.submit` with `policyFor`). Clients are kept as a truncated hash of their
 * address, and hits are purged once out of the window.
 */
export const RATE_WINDOW_MS = 60 * 60 * 1000;

export type { RateVerdict };

export class RateLimiter {
  private readonly store: LeadStore;
  readonly limit: number;
  readonly windowMs: number;

  constructor(store: LeadStore, limit: number, windowMs: number = RATE_WINDOW_MS) {
    this.store = store;
    this.limit = limit;
    this.windowMs = windowMs;
  }

  /** The policy for one client, to count its request with `LeadStore.submit`. */
  policyFor(key: string): RatePolicy {
    return { key, limit: this.limit, windowMs: this.windowMs };
  }

  /** Whether `key` may make one more request now (does not count it). */
  check(key: string, now: number): Promise<RateVerdict> {
    return this.store.checkRate(this.policyFor(key), now);
  }

  /** Checks and, when allowed, counts a request that stores nothing. */
  consume(key: string, now: number): Promise<RateVerdict> {
    return this.store.consumeRate(this.policyFor(key), now);
  }
}

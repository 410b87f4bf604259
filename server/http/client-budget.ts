import type { ClientRates } from './client-rates.ts';
import type { RatePolicy, RateVerdict } from './rate-hits.ts';

export type { RatePolicy, RateVerdict };

/**
 * Per-client budgets (ADR 0041): at most `limit` requests per client key (the rate-limit key of
 * ./request-client.ts, a digest of the address) per `windowMs`. Two kinds behind one interface:
 *
 * - `StoredBudget`, a sliding window kept in the database (`rate_limit_hits`, ./rate-hits.ts),
 *   shared by every instance and kept across restarts: the contact endpoint's (counted with the
 *   lead, in its transaction) and the staff sign-in's;
 * - `MemoryBudget`, fixed windows in this instance's memory, refused at no database cost: the
 *   audience beacon's and the visitor page's.
 */
export interface ClientBudget {
  readonly limit: number;
  readonly windowMs: number;
  /** Counts one request of `key` at `now` when the budget allows it; else how long to wait. */
  consume(key: string, now: number): RateVerdict | Promise<RateVerdict>;
}

/** The contact endpoint's window: no stored budget counts a longer one (purged past it). */
export const RATE_WINDOW_MS = 60 * 60 * 1000;

/**
 * A budget kept in the database through `ClientRates`. Its clients' keys are `prefix:key`
 * when it has a prefix (the staff sign-in's budgets: `staff`, `staff-address`), so that two
 * budgets never count each other's hits.
 */
export class StoredBudget implements ClientBudget {
  readonly #rates: ClientRates;
  readonly #prefix: string | undefined;
  readonly limit: number;
  readonly windowMs: number;

  constructor(rates: ClientRates, limit: number, windowMs = RATE_WINDOW_MS, prefix?: string) {
    this.#rates = rates;
    this.limit = limit;
    this.windowMs = windowMs;
    this.#prefix = prefix;
  }

  /** The policy of one client, to count its request in another transaction (a lead's). */
  policyFor(key: string): RatePolicy {
    const stored = this.#prefix === undefined ? key : `${this.#prefix}:${key}`;
    return { key: stored, limit: this.limit, windowMs: this.windowMs };
  }

  /** Whether `key` may make one more request now (does not count it). */
  check(key: string, now: number): Promise<RateVerdict> {
    return this.#rates.check(this.policyFor(key), now);
  }

  /** Checks and, when allowed, counts a request, in its own transaction. */
  consume(key: string, now: number): Promise<RateVerdict> {
    return this.#rates.consume(this.policyFor(key), now);
  }
}

interface MemoryBudgetOptions {
  limit: number;
  windowMs: number;
  /** Clients counted per window at most, so that a flood from many addresses cannot grow memory. */
  maxClients: number;
  /**
   * A new client past `maxClients`: `refuse` it until the next window (the audience: a view
   * not counted costs nothing), or let it pass `uncounted` (the visitor page: each request
   * still costs at most the token's one indexed read).
   */
  overflow: 'refuse' | 'uncounted';
}

/**
 * A budget in this instance's memory, in fixed windows (`floor(now / windowMs)`): a new window
 * starts every client afresh. Refused: the seconds until the next window.
 */
export class MemoryBudget implements ClientBudget {
  readonly limit: number;
  readonly windowMs: number;
  readonly #maxClients: number;
  readonly #overflow: MemoryBudgetOptions['overflow'];
  #window = -1;
  #counts = new Map<string, number>();

  constructor(options: MemoryBudgetOptions) {
    this.limit = options.limit;
    this.windowMs = options.windowMs;
    this.#maxClients = options.maxClients;
    this.#overflow = options.overflow;
  }

  consume(key: string, now: number): RateVerdict {
    const window = Math.floor(now / this.windowMs);
    if (window !== this.#window) {
      this.#window = window;
      this.#counts = new Map();
    }
    const count = this.#counts.get(key) ?? 0;
    const refused = () => ({
      allowed: false as const,
      retryAfterSeconds: Math.max(1, Math.ceil(((window + 1) * this.windowMs - now) / 1000)),
    });
    if (count >= this.limit) return refused();
    if (count === 0 && this.#counts.size >= this.#maxClients) {
      return this.#overflow === 'refuse' ? refused() : { allowed: true };
    }
    this.#counts.set(key, count + 1);
    return { allowed: true };
  }
}

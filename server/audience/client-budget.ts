/**
 * At most `limit` counted views per client per minute, in memory (the key is the form's rate-limit
 * key, a digest of the address, never stored). Fixed one-minute windows; the table of clients is
 * bounded too: past `maxClients` in one window, a new client's views are not counted until the
 * next window (a flood from many addresses cannot grow memory).
 */
export class ClientBudget {
  #window = -1;
  #counts = new Map<string, number>();

  constructor(
    readonly limit: number,
    readonly maxClients = 20_000,
    readonly windowMs = 60_000,
  ) {}

  /** Counts one view of `key` at `now`; false when over the budget (nothing to count). */
  take(key: string, now: number): boolean {
    const window = Math.floor(now / this.windowMs);
    if (window !== this.#window) {
      this.#window = window;
      this.#counts = new Map();
    }
    const count = this.#counts.get(key);
    if (count === undefined) {
      if (this.#counts.size >= this.maxClients) return false;
      this.#counts.set(key, 1);
      return true;
    }
    if (count >= this.limit) return false;
    this.#counts.set(key, count + 1);
    return true;
  }
}

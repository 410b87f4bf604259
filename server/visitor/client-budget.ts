/**
 * The visitor page's API per client (issue 37): at most `limit` requests per client key (the
 * form's rate-limit key, a digest of the address, never stored) in a fixed window, counted in
 * this instance's memory. A client over it is refused from memory, at no database cost. Bounded:
 * past `maxClients` in one window, new clients are not counted (each of their requests still
 * costs at most the token's one indexed read), so a flood from many addresses cannot grow memory.
 */
export const VISITOR_REQUESTS_PER_WINDOW = 30;
export const VISITOR_WINDOW_MS = 15 * 60 * 1000;

export class VisitorClientBudget {
  #window = -1;
  #counts = new Map<string, number>();

  constructor(
    readonly limit = VISITOR_REQUESTS_PER_WINDOW,
    readonly windowMs = VISITOR_WINDOW_MS,
    readonly maxClients = 50_000,
  ) {}

  /** Counts one request of `key` at `now`: undefined when allowed, else the seconds to wait. */
  take(key: string, now: number): number | undefined {
    const window = Math.floor(now / this.windowMs);
    if (window !== this.#window) {
      this.#window = window;
      this.#counts = new Map();
    }
    const count = this.#counts.get(key) ?? 0;
    if (count >= this.limit)
      return Math.max(1, Math.ceil(((window + 1) * this.windowMs - now) / 1000));
    if (count > 0 || this.#counts.size < this.maxClients) this.#counts.set(key, count + 1);
    return undefined;
  }
}

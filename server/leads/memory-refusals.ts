/** Over-limit clients remembered in memory at most (a spread flood cannot grow it further). */
const MAX_REMEMBERED_CLIENTS = 10_000;

export type MemoryRefusal =
  | { status: 'overloaded'; retryAfterSeconds: number }
  | { status: 'rate-limited'; retryAfterSeconds: number };

/**
 * The lead service's refusals answered from memory, without touching the database: the site's
 * budget found spent by a submission, until its window ends; the clients found over their rate
 * limit, until their retry time (a one-client flood then costs no database read). Bounded: the
 * clients are forgotten wholesale past MAX_REMEMBERED_CLIENTS (the database still decides then).
 */
export class MemoryRefusals {
  #siteBudgetSpentUntil = 0;
  readonly #limitedClients = new Map<string, number>();

  /** The site's budget is known to be spent at `at`. */
  overloaded(at: number): MemoryRefusal | undefined {
    const until = this.#siteBudgetSpentUntil;
    return at < until
      ? { status: 'overloaded', retryAfterSeconds: Math.ceil((until - at) / 1000) }
      : undefined;
  }

  /** The client is known to be over its rate limit at `at`. */
  limited(clientKey: string, at: number): MemoryRefusal | undefined {
    const until = this.#limitedClients.get(clientKey);
    if (until === undefined) return undefined;
    if (at >= until) {
      this.#limitedClients.delete(clientKey);
      return undefined;
    }
    return { status: 'rate-limited', retryAfterSeconds: Math.ceil((until - at) / 1000) };
  }

  /** The database refused the client at `at`: refused from memory for `retryAfterSeconds`. */
  rememberLimited(clientKey: string, at: number, retryAfterSeconds: number): void {
    if (this.#limitedClients.size >= MAX_REMEMBERED_CLIENTS) this.#limitedClients.clear();
    this.#limitedClients.set(clientKey, at + retryAfterSeconds * 1000);
  }

  /** The database found the site's budget spent at `at`: refused until its window ends. */
  rememberSiteBudgetSpent(at: number, windowMs: number): void {
    const windowEnd = Math.floor(at / windowMs) * windowMs + windowMs;
    this.#siteBudgetSpentUntil = Math.max(this.#siteBudgetSpentUntil, windowEnd);
  }
}

import { inTransaction } from '#server/db/connection.ts';
import type { Database } from '#server/db/database.ts';
import { scopeOf } from '#server/db/scope.ts';
import { rateBoundsOf, type RateBounds } from './rate-batch.ts';
import { RateHitStore, type HitCount, type RatePolicy, type RateVerdict } from './rate-hits.ts';

/**
 * The early rate checks (`ClientRates.check`) of one turn of the event loop, counted together:
 * each caller gets the count `RateHitStore.countMany` gives for its own `{ key, since }`, the
 * same figure it would have read alone, from one statement for all of them.
 */
class HitCountGroup {
  readonly #count: (wanted: readonly HitCount[]) => Promise<number[]>;
  #pending: Array<{
    wanted: HitCount;
    resolve: (count: number) => void;
    reject: (error: unknown) => void;
  }> = [];

  constructor(count: (wanted: readonly HitCount[]) => Promise<number[]>) {
    this.#count = count;
  }

  count(wanted: HitCount): Promise<number> {
    return new Promise((resolve, reject) => {
      if (this.#pending.length === 0) setImmediate(() => void this.#run());
      this.#pending.push({ wanted, resolve, reject });
    });
  }

  async #run(): Promise<void> {
    const group = this.#pending;
    this.#pending = [];
    try {
      const counts = await this.#count(group.map((entry) => entry.wanted));
      group.forEach((entry, i) => entry.resolve(counts[i] ?? 0));
    } catch (error) {
      for (const entry of group) entry.reject(error);
    }
  }
}

/**
 * The stored budgets' counts on one database (`StoredBudget` of ./client-budget.ts): a
 * request checked early, before its body is read (cheap: from SQLite's bounds, or grouped
 * with the other checks of the moment on PostgreSQL), and a request counted in its own
 * transaction. A lead submission counts its request in the lead's own transaction instead
 * (`BatchRateCounts`, the lead capability's group commit).
 */
export class ClientRates {
  readonly #database: Database;
  readonly #hits: RateHitStore;
  /** SQLite: upper bounds of the clients' counts, shared by the stores on one file. */
  readonly #bounds: RateBounds | undefined;
  /** PostgreSQL: the early checks of one event-loop turn, counted with one statement. */
  readonly #grouped: HitCountGroup;

  constructor(database: Database) {
    this.#database = database;
    this.#hits = new RateHitStore(database);
    this.#bounds = rateBoundsOf(database);
    this.#grouped = new HitCountGroup((wanted) => this.#hits.countMany(wanted));
  }

  /** The verdict without counting the request (an early, cheap refusal). */
  async check(policy: RatePolicy, now: number): Promise<RateVerdict> {
    if (this.#bounds?.allows(policy, now)) return { allowed: true };
    // SQLite has no round trip to save: one count each, at once.
    if (this.#database.engine === 'sqlite') return this.#hits.check(policy, now);
    const count = await this.#grouped.count({ key: policy.key, since: now - policy.windowMs });
    return this.#hits.verdictFor(policy, now, count);
  }

  /** Checks and, when allowed, counts one request of a client, in its own transaction. */
  async consume(policy: RatePolicy, now: number): Promise<RateVerdict> {
    return inTransaction(this.#database, async (trx) => {
      const verdict = await new RateHitStore(scopeOf(this.#database, trx)).consume(policy, now);
      this.#bounds?.forget(policy.key);
      return verdict;
    });
  }
}

import type { Database } from '#server/db/database.ts';
import { inTransaction } from '#server/db/connection.ts';
import type { GroupCommit } from '#server/db/group-commit.ts';
import { Counters, NOTIFICATION_COUNTER, windowStart } from './counters.ts';
import { countHits, HitCountGroup } from './rate-counts.ts';
import {
  checkRate,
  consumeRate,
  RateBounds,
  type RatePolicy,
  type RateVerdict,
  verdictFor,
} from './rate-hits.ts';
import {
  getLead,
  getLeads,
  LeadRecords,
  type Consent,
  type Lead,
  type LeadInput,
  type LeadWithDelivery,
  type NewMail,
} from './store.ts';
import { submissionCommits, type SubmissionInput, type SubmitVerdict } from './submission.ts';

/** The company's notification window, and what the alert of a window reports. */
export interface NotificationWindow {
  start: number;
  end: number;
  /** Requests counted in the window so far (each is stored). */
  requests: number;
}

/** One `RateBounds` per SQLite database (shared by the stores opened on one file). */
const rateBounds = new WeakMap<object, RateBounds>();
function rateBoundsOf(db: object): RateBounds {
  let bounds = rateBounds.get(db);
  if (!bounds) {
    bounds = new RateBounds();
    rateBounds.set(db, bounds);
  }
  return bounds;
}

/**
 * The lead capability's store: requests with their consent, e-mails and rate-limit hits, on
 * SQLite (default) or PostgreSQL. Every write the endpoint acknowledges is committed first
 * (SQLite: WAL, `synchronous=FULL`; PostgreSQL: the server's `synchronous_commit`, on by
 * default). One per database: its group commit batches every submission of the process.
 */
export class LeadStore {
  readonly #database: Database;
  /** Submissions are written in groups: one transaction (one disk flush) per batch. */
  readonly #submissions: GroupCommit<SubmissionInput, SubmitVerdict>;
  /** SQLite: upper bounds of the clients' counts, shared by the stores on one file. */
  readonly #rateBounds: RateBounds | undefined;
  /** PostgreSQL: the early checks of one event-loop turn, counted with one statement. */
  readonly #hitCounts = new HitCountGroup((wanted) => countHits(this.#database.db, wanted));

  constructor(database: Database) {
    this.#database = database;
    this.#rateBounds = database.engine === 'sqlite' ? rateBoundsOf(database.db) : undefined;
    this.#submissions = submissionCommits(() => database.raw, this.#rateBounds);
  }

  /**
   * Stores one request: counts it against the client's rate limit and, when allowed (and not a
   * honeypot hit, nor a duplicate, nor over the site's budget), inserts the lead, its consent and
   * its outbox rows. Requests arriving together share one transaction (group commit); this
   * resolves only once that transaction is committed, and rejects (storing nothing of the batch)
   * when it fails.
   */
  submit(input: SubmissionInput): Promise<SubmitVerdict> {
    this.#database.assertOpen();
    return this.#submissions.submit(input);
  }

  /** Batches committed so far, and their sizes. */
  get groupCommitStats(): Readonly<{ batches: number; items: number; largest: number }> {
    return this.#submissions.stats;
  }

  /** The notification window holding `at`, with the number of requests counted in it. */
  async notificationWindow(at: number, windowMs: number): Promise<NotificationWindow> {
    const start = windowStart(at, windowMs);
    const requests = await new Counters(this.#database).read(NOTIFICATION_COUNTER, at, windowMs);
    return { start, end: start + windowMs, requests };
  }

  /** Inserts a lead and its e-mails without rate limit (seeding, tests). */
  async insertLead(
    id: string,
    lead: LeadInput,
    consent: Consent,
    mails: readonly NewMail[],
    now: number,
  ): Promise<void> {
    await this.submit({ id, lead, consent, mails, now });
  }

  /** The rate limit's verdict without counting the request (an early, cheap refusal). */
  async checkRate(policy: RatePolicy, now: number): Promise<RateVerdict> {
    if (this.#rateBounds?.allows(policy, now)) return { allowed: true };
    const db = this.#database.db;
    // SQLite has no round trip to save: one count each, at once.
    if (this.#database.engine === 'sqlite') return checkRate(db, policy, now);
    const count = await this.#hitCounts.count({ key: policy.key, since: now - policy.windowMs });
    return verdictFor(db, policy, now, count);
  }

  /** Checks and, when allowed, counts one request of a client, in its own transaction. */
  async consumeRate(policy: RatePolicy, now: number): Promise<RateVerdict> {
    return inTransaction(this.#database, async (trx) => {
      const verdict = await consumeRate(trx, this.#database.engine, policy, now);
      this.#rateBounds?.forget(policy.key);
      return verdict;
    });
  }

  getLead(id: string): Promise<Lead | undefined> {
    return getLead(this.#database.db, id);
  }

  /** The leads of `ids` that exist, by id. */
  getLeads(ids: readonly string[]): Promise<Map<string, Lead>> {
    return getLeads(this.#database.db, ids);
  }

  listLeads(): Promise<LeadWithDelivery[]> {
    return new LeadRecords(this.#database).list();
  }
}

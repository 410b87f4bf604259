import type { Database } from '#server/db/database.ts';
import type { GroupCommit } from '#server/db/group-commit.ts';
import { Counters, NOTIFICATION_COUNTER, windowStart } from './counters.ts';
import { rateBoundsOf } from '#server/http/rate-batch.ts';
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

/**
 * The lead capability's store: requests with their consent and e-mails (each request's
 * rate-limit hit counted in the same transaction, server/http/rate-batch.ts), on SQLite
 * (default) or PostgreSQL. Every write the endpoint acknowledges is committed first
 * (SQLite: WAL, `synchronous=FULL`; PostgreSQL: the server's `synchronous_commit`, on by
 * default). One per database: its group commit batches every submission of the process.
 */
export class LeadStore {
  readonly #database: Database;
  /** Submissions are written in groups: one transaction (one disk flush) per batch. */
  readonly #submissions: GroupCommit<SubmissionInput, SubmitVerdict>;
  constructor(database: Database) {
    this.#database = database;
    // SQLite: each batch updates the early checks' bounds (`ClientRates` of server/http).
    this.#submissions = submissionCommits(() => database.raw, rateBoundsOf(database));
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

import {
  DATABASE_FILE,
  describeDatabase,
  inTransaction,
  openConnection,
  StoreOpenError,
  type Connection,
  type Engine,
  type StoreConfig,
} from './connection.ts';
import {
  emailKey,
  forgetPerson,
  getLead,
  insertLead,
  listLeads,
  purgeLeads,
  RETENTION_MS,
  type Consent,
  type Lead,
  type LeadInput,
  type LeadWithDelivery,
  type NewMail,
} from './leads.ts';
import * as queue from './mail-queue.ts';
import type { Backlog, OutboxRow } from './mail-queue.ts';
import {
  checkRate,
  consumeRate,
  purgeRateHits,
  type RatePolicy,
  type RateVerdict,
} from './rate-hits.ts';
import type { MailKind, OutboxStatus } from './schema.ts';

/**
 * The durable store of contact requests: leads with their consent, the outbox of their e-mails
 * and the rate-limit hits, on SQLite (default) or PostgreSQL (`DATABASE_URL`). The same queries
 * (Kysely) run on both; engine-specific SQL lives only where the engines differ (connection.ts:
 * pragmas, migration lock, transaction start; mail-queue.ts: `SKIP LOCKED`; rate-hits.ts: the
 * advisory lock). The database handle stays inside: callers use these methods.
 *
 * Every write the endpoint acknowledges is committed first (SQLite: WAL, `synchronous=FULL`;
 * PostgreSQL: the server's `synchronous_commit`, on by default).
 */
export {
  DATABASE_FILE,
  describeDatabase,
  emailKey,
  RETENTION_MS,
  StoreOpenError,
  type Backlog,
  type Consent,
  type Engine,
  type Lead,
  type LeadInput,
  type LeadWithDelivery,
  type MailKind,
  type NewMail,
  type OutboxRow,
  type OutboxStatus,
  type RatePolicy,
  type RateVerdict,
  type StoreConfig,
};

export interface SubmissionInput {
  id: string;
  lead: LeadInput;
  consent: Consent;
  mails: readonly NewMail[];
  now: number;
  /** Counted (and checked) in the same transaction as the insert. */
  rate?: RatePolicy;
  /** False for a honeypot hit: count it against the rate limit, store nothing. */
  store?: boolean;
}

export interface CopyCounts {
  leads: { source: number; copied: number; alreadyThere: number };
  outbox: { source: number; copied: number; alreadyThere: number; pending: number };
}

export class LeadStore {
  readonly engine: Engine;
  readonly dataDir: string;
  /** Where the data lives, without credentials (for messages). */
  readonly location: string;
  readonly #connection: Connection;

  private constructor(connection: Connection, config: StoreConfig) {
    this.#connection = connection;
    this.engine = connection.engine;
    this.dataDir = config.dataDir;
    this.location = describeDatabase(config);
  }

  /** Opens (and migrates) the database; throws `StoreOpenError` with a clear message. */
  static async open(config: StoreConfig): Promise<LeadStore> {
    return new LeadStore(await openConnection(config), config);
  }

  /**
   * A store on a connection opened elsewhere, on a database already migrated: the Supabase Edge
   * Function's Postgres.js connection (`./postgres-js.ts`), whose tables `supabase db push` made.
   */
  static fromConnection(connection: Connection, config: StoreConfig): LeadStore {
    return new LeadStore(connection, config);
  }

  #closed = false;

  /** The connection, unless this store was closed. */
  #live(): Connection {
    if (this.#closed) throw new Error('the store is closed');
    return this.#connection;
  }

  private get db() {
    return this.#live().db;
  }

  /** Closes the connection (or this store's share of it); every later call throws. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#connection.close();
  }

  /** The schema versions applied, in order. */
  async appliedMigrations(): Promise<number[]> {
    const rows = await this.db
      .selectFrom('schema_migrations')
      .select('version')
      .orderBy('version')
      .execute();
    return rows.map((row) => row.version);
  }

  /**
   * Stores one request: counts it against the client's rate limit and, when allowed (and not a
   * honeypot hit), inserts the lead, its consent and its outbox rows, all in one transaction
   * committed before this resolves.
   */
  async submit(input: SubmissionInput): Promise<RateVerdict> {
    return inTransaction(this.#live(), async (trx) => {
      const verdict = input.rate
        ? await consumeRate(trx, this.engine, input.rate, input.now)
        : ({ allowed: true } as const);
      if (!verdict.allowed || input.store === false) return verdict;
      await insertLead(trx, input.id, input.lead, input.consent, input.mails, input.now);
      return verdict;
    });
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
  checkRate(policy: RatePolicy, now: number): Promise<RateVerdict> {
    return checkRate(this.db, policy, now);
  }

  /** Checks and, when allowed, counts one request of a client, in its own transaction. */
  async consumeRate(policy: RatePolicy, now: number): Promise<RateVerdict> {
    return inTransaction(this.#live(), (trx) => consumeRate(trx, this.engine, policy, now));
  }

  getLead(id: string): Promise<Lead | undefined> {
    return getLead(this.db, id);
  }

  listLeads(): Promise<LeadWithDelivery[]> {
    return listLeads(this.db);
  }

  mailFor(leadId: string): Promise<OutboxRow[]> {
    return queue.mailFor(this.db, leadId);
  }

  /** Erases every lead of one person (and, by cascade, its e-mails). Returns the erased ids. */
  async forget(email: string): Promise<string[]> {
    return inTransaction(this.#live(), (trx) => forgetPerson(trx, email));
  }

  /**
   * Deletes the people whose last contact is older than the retention period, and rate-limit
   * hits older than `rateWindowMs`. Safe to run on every instance at any time.
   */
  async purge(
    now: number,
    rateWindowMs: number,
  ): Promise<{ leadIds: string[]; rateLimitHits: number }> {
    return inTransaction(this.#live(), async (trx) => ({
      leadIds: await purgeLeads(trx, now),
      rateLimitHits: await purgeRateHits(trx, now - rateWindowMs),
    }));
  }

  // --- The outbox queue -------------------------------------------------------------------

  claimDue(now: number, limit: number, token: string, leaseMs: number): Promise<OutboxRow[]> {
    return queue.claimDue(this.db, this.engine, now, limit, token, leaseMs);
  }

  releaseClaims(ids: readonly number[], token: string): Promise<void> {
    return queue.releaseClaims(this.db, ids, token);
  }

  markSent(id: number, now: number): Promise<void> {
    return queue.markSent(this.db, id, now);
  }

  markRetry(id: number, token: string, now: number, nextAttemptAt: number, error: string) {
    return queue.markRetry(this.db, id, token, now, nextAttemptAt, error);
  }

  markFailed(id: number, token: string, now: number, error: string): Promise<void> {
    return queue.markFailed(this.db, id, token, now, error);
  }

  nextDueAt(): Promise<number | undefined> {
    return queue.nextDueAt(this.db);
  }

  /**
   * At a worker's start: every pending message is due now. On SQLite, where one process is the
   * only worker, claims left by a process that died are given back at once.
   */
  retryPendingNow(now: number): Promise<number> {
    return queue.retryPendingNow(this.db, now, this.engine === 'sqlite');
  }

  backlog(now: number): Promise<Backlog> {
    return queue.backlog(this.db, now);
  }

  // --- Moving up --------------------------------------------------------------------------

  /**
   * Copies every lead (with its consent) and every outbox row from `source` into `target`, in
   * one transaction on the target. Rows already there (same lead id, same Message-ID) are left
   * alone, so running it twice copies nothing the second time. Outbox rows keep their status,
   * attempts and times: pending mail stays pending, and is sent by the target's workers.
   */
  static async copy(source: LeadStore, target: LeadStore): Promise<CopyCounts> {
    const leads = await source.db.selectFrom('leads').selectAll().orderBy('created_at').execute();
    const mails = await source.db.selectFrom('outbox').selectAll().orderBy('id').execute();
    const counts: CopyCounts = {
      leads: { source: leads.length, copied: 0, alreadyThere: 0 },
      outbox: {
        source: mails.length,
        copied: 0,
        alreadyThere: 0,
        pending: mails.filter((mail) => mail.status === 'pending').length,
      },
    };
    const BATCH = 200;
    await inTransaction(target.#live(), async (trx) => {
      for (let start = 0; start < leads.length; start += BATCH) {
        const batch = leads.slice(start, start + BATCH);
        const inserted = await trx
          .insertInto('leads')
          .values(batch)
          .onConflict((conflict) => conflict.column('id').doNothing())
          .returning('id')
          .execute();
        counts.leads.copied += inserted.length;
      }
      for (let start = 0; start < mails.length; start += BATCH) {
        const batch = mails.slice(start, start + BATCH).map(({ id: _id, ...mail }) => ({
          ...mail,
          // A claim means nothing on another database.
          claimed_until: null,
          claim_token: null,
        }));
        const inserted = await trx
          .insertInto('outbox')
          .values(batch)
          .onConflict((conflict) => conflict.column('message_id').doNothing())
          .returning('id')
          .execute();
        counts.outbox.copied += inserted.length;
      }
    });
    counts.leads.alreadyThere = counts.leads.source - counts.leads.copied;
    counts.outbox.alreadyThere = counts.outbox.source - counts.outbox.copied;
    return counts;
  }
}

import {
  DATABASE_FILE,
  describeDatabase,
  inTransaction,
  StoreOpenError,
  type Connection,
  type Engine,
  type StoreConfig,
} from '../db/connection.ts';
import {
  emailKey,
  forgetPerson,
  getLead,
  getLeads,
  listLeads,
  purgeLeads,
  RETENTION_MS,
  type Consent,
  type Lead,
  type LeadInput,
  type LeadOrigin,
  type LeadWithDelivery,
  type NewMail,
} from '../leads/store.ts';
import type { Kysely } from 'kysely';
import * as staff from '../inbox/store.ts';
import * as staffAuth from '../staff/store.ts';
import type { LeadStatus, StaffSessionsTable, Tables } from '../db/schema.ts';
import type { Counters, InboxFilter, LeadDetail } from '../../contracts/staff/contract.ts';
import { CallbackStore } from '../callback/store.ts';
import { copyStore, type CopyCounts } from '../db/copy.ts';
import { AudienceStore } from '../audience/store.ts';
import { OutboxStore } from '../outbox/store.ts';
import { eraseWebhookData } from '../webhooks/queue.ts';
import { purgeWebhookEvents, WebhookStore } from '../webhooks/store.ts';
import type { GroupCommit } from '../db/group-commit.ts';
import {
  NOTIFICATION_COUNTER,
  purgeCounters,
  readCounter,
  windowStart,
} from '../leads/counters.ts';
import * as queue from '../outbox/queue.ts';
import type { Backlog, OutboxRow } from '../outbox/queue.ts';
import { countHits, HitCountGroup } from '../leads/rate-counts.ts';
import {
  checkRate,
  consumeRate,
  purgeRateHits,
  RateBounds,
  type RatePolicy,
  type RateVerdict,
  verdictFor,
} from '../leads/rate-hits.ts';
import {
  WITHHELD_REASONS,
  type MailKind,
  type OutboxStatus,
  type WithheldReason,
} from '../db/schema.ts';
import {
  submissionCommits,
  type FloodPolicy,
  type SubmissionInput,
  type SubmitVerdict,
} from '../leads/submission.ts';

/**
 * The durable store of contact requests: leads with their consent, the outbox of their e-mails
 * and the rate-limit hits, on SQLite (default) or PostgreSQL (`DATABASE_URL`). The same queries
 * (Kysely) run on both; engine-specific SQL lives only where the engines differ (the drivers'
 * modules: pragmas, migration lock; connection.ts: transaction start; mail-queue.ts: `SKIP LOCKED`; rate-hits.ts: the
 * advisory lock). The database handle stays inside: callers use these methods.
 *
 * Every write the endpoint acknowledges is committed first (SQLite: WAL, `synchronous=FULL`;
 * PostgreSQL: the server's `synchronous_commit`, on by default).
 */
export {
  type CopyCounts,
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
  type LeadOrigin,
  type LeadWithDelivery,
  type LeadStatus,
  type MailKind,
  type NewMail,
  type OutboxRow,
  type OutboxStatus,
  type RatePolicy,
  type RateVerdict,
  type StoreConfig,
  type FloodPolicy,
  type SubmissionInput,
  type SubmitVerdict,
  type WithheldReason,
  WITHHELD_REASONS,
};

/** One `RateBounds` per SQLite database handle (shared by the stores opened on one file). */
const rateBounds = new WeakMap<object, RateBounds>();
function rateBoundsOf(db: object): RateBounds {
  let bounds = rateBounds.get(db);
  if (!bounds) {
    bounds = new RateBounds();
    rateBounds.set(db, bounds);
  }
  return bounds;
}

/** A staff session ends after this long without a request (OWASP: 2-8 h for low-risk apps). */
export const STAFF_IDLE_MS = 8 * 60 * 60 * 1000;

/** The company's notification window, and what the alert of a window reports. */
export interface NotificationWindow {
  start: number;
  end: number;
  /** Requests counted in the window so far (each is stored). */
  requests: number;
}

/**
 * After an erasure, in its transaction: the CRM webhook's events of the erased requests are
 * cancelled and emptied, `lead.erased` queued (issue 26); then the audit entry: who, when and
 * how many requests, never the erased data.
 */
async function afterErasure(
  trx: Kysely<Tables>,
  erased: { ids: readonly string[]; actor: string; at: number; webhooks: boolean },
) {
  await eraseWebhookData(trx, erased.ids, erased.at, erased.webhooks);
  if (erased.ids.length === 0) return;
  await staff.appendAudit(trx, {
    at: erased.at,
    actor: erased.actor,
    action: 'erase',
    leadId: null,
    detail: `${erased.ids.length}`,
  });
}

export class LeadStore {
  readonly engine: Engine;
  readonly dataDir: string;
  /** Where the data lives, without credentials (for messages). */
  readonly location: string;
  readonly #connection: Connection;
  /** Submissions are written in groups: one transaction (one disk flush) per batch. */
  readonly #submissions: GroupCommit<SubmissionInput, SubmitVerdict>;

  /** SQLite: upper bounds of the clients' counts, shared by the stores on one file. */
  readonly #rateBounds: RateBounds | undefined;
  /** PostgreSQL: the early checks of one event-loop turn, counted with one statement. */
  readonly #hitCounts = new HitCountGroup((wanted) => countHits(this.db, wanted));
  /** The CRM webhook is on: status changes and erasures queue their events. */
  readonly #webhooks: boolean;

  private constructor(connection: Connection, config: StoreConfig) {
    this.#connection = connection;
    this.#rateBounds = connection.engine === 'sqlite' ? rateBoundsOf(connection.db) : undefined;
    this.#submissions = submissionCommits(() => this.#live(), this.#rateBounds);
    this.engine = connection.engine;
    this.dataDir = config.dataDir;
    this.location = describeDatabase(config);
    this.#webhooks = config.webhookEvents ?? false;
  }

  /**
   * A store on an open, migrated connection: the Node server's (`openLeadStore` in `./open.ts`)
   * or the Supabase Edge Function's Postgres.js one (`./postgres-js.ts`), whose tables `supabase
   * db push` made.
   */
  static fromConnection(connection: Connection, config: StoreConfig): LeadStore {
    return new LeadStore(connection, config);
  }

  #closed = false;

  /** The CRM webhook's deliveries and staff actions (server/webhooks/store.ts). */
  webhooks(urlKey: string): WebhookStore {
    return new WebhookStore(this.#live(), urlKey);
  }

  /** The audience's aggregates (./audience.ts), on this store's connection. */
  get audience(): AudienceStore {
    return new AudienceStore(this.#live());
  }

  /**
   * Throws when this store can no longer make a commit durable (SQLite: a flush of its log
   * failed, and every submission is refused until a restart): `/healthz` reports it, so that a
   * service manager or load balancer takes the instance out.
   */
  assertWritable(): void {
    this.#live().assertFlushable();
  }

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
   * honeypot hit, nor a duplicate, nor over the site's budget), inserts the lead, its consent and
   * its outbox rows. Requests arriving together share one transaction (group commit); this
   * resolves only once that transaction is committed, and rejects (storing nothing of the batch)
   * when it fails.
   */
  submit(input: SubmissionInput): Promise<SubmitVerdict> {
    this.#live();
    return this.#submissions.submit(input);
  }

  /** Batches committed so far, and their sizes. */
  get groupCommitStats(): Readonly<{ batches: number; items: number; largest: number }> {
    return this.#submissions.stats;
  }

  /** The notification window holding `at`, with the number of requests counted in it. */
  async notificationWindow(at: number, windowMs: number): Promise<NotificationWindow> {
    const start = windowStart(at, windowMs);
    const requests = await readCounter(this.db, NOTIFICATION_COUNTER, at, windowMs);
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
    // SQLite has no round trip to save: one count each, at once.
    if (this.engine === 'sqlite') return checkRate(this.db, policy, now);
    const count = await this.#hitCounts.count({ key: policy.key, since: now - policy.windowMs });
    return verdictFor(this.db, policy, now, count);
  }

  /** Checks and, when allowed, counts one request of a client, in its own transaction. */
  async consumeRate(policy: RatePolicy, now: number): Promise<RateVerdict> {
    return inTransaction(this.#live(), async (trx) => {
      const verdict = await consumeRate(trx, this.engine, policy, now);
      this.#rateBounds?.forget(policy.key);
      return verdict;
    });
  }

  getLead(id: string): Promise<Lead | undefined> {
    return getLead(this.db, id);
  }

  /** The leads of `ids` that exist, by id. */
  getLeads(ids: readonly string[]): Promise<Map<string, Lead>> {
    return getLeads(this.db, ids);
  }

  listLeads(): Promise<LeadWithDelivery[]> {
    return listLeads(this.db);
  }

  mailFor(leadId: string): Promise<OutboxRow[]> {
    return queue.mailFor(this.db, leadId);
  }

  /**
   * Erases every lead of one person (and, by cascade, its e-mails, status and notes), and records
   * the erasure in the audit trail with `actor` and the count only. Returns the erased ids.
   */
  async forget(email: string, actor = 'npm run leads', now = Date.now()): Promise<string[]> {
    return inTransaction(this.#live(), async (trx) => {
      const ids = await forgetPerson(trx, email);
      await afterErasure(trx, { ids, actor, at: now, webhooks: this.#webhooks });
      return ids;
    });
  }

  /**
   * Deletes the people whose last contact is older than the retention period, and rate-limit
   * hits older than `rateWindowMs`. Safe to run on every instance at any time.
   */
  async purge(
    now: number,
    rateWindowMs: number,
    staffIdleMs: number = STAFF_IDLE_MS,
  ): Promise<{
    leadIds: string[];
    webhookEvents: number;
    rateLimitHits: number;
    staffAuth: number;
    counters: number;
  }> {
    return inTransaction(this.#live(), async (trx) => {
      const leadIds = await purgeLeads(trx, now);
      await eraseWebhookData(trx, leadIds, now, this.#webhooks);
      return {
        leadIds,
        webhookEvents: await purgeWebhookEvents(trx, now),
        rateLimitHits: await purgeRateHits(trx, now - rateWindowMs),
        staffAuth: await staffAuth.purgeStaffAuth(trx, now, staffIdleMs),
        // Every counter window is shorter than a day.
        counters: await purgeCounters(trx, now - 24 * 60 * 60 * 1000),
      };
    });
  }

  // --- The staff inbox (see staff.ts) ---------------------------------------------------------

  insertSignInToken(tokenHash: string, email: string, now: number, ttlMs: number) {
    return staffAuth.insertSignInToken(this.db, tokenHash, email, now, ttlMs);
  }

  consumeSignInToken(tokenHash: string, now: number): Promise<string | undefined> {
    return staffAuth.consumeSignInToken(this.db, tokenHash, now);
  }

  /** Creates a session (and revokes the one it replaces, if any) and records the sign-in. */
  async startSession(
    session: Omit<StaffSessionsTable, 'revoked_at'>,
    replacesIdHash?: string,
  ): Promise<void> {
    await inTransaction(this.#live(), async (trx) => {
      if (replacesIdHash) await staffAuth.revokeSession(trx, replacesIdHash, session.created_at);
      await staffAuth.insertSession(trx, session);
      await staff.appendAudit(trx, {
        at: session.created_at,
        actor: session.email,
        action: 'sign_in',
        leadId: null,
        detail: '',
      });
    });
  }

  findSession(idHash: string): Promise<StaffSessionsTable | undefined> {
    return staffAuth.findSession(this.db, idHash);
  }

  touchSession(idHash: string, now: number): Promise<void> {
    return staffAuth.touchSession(this.db, idHash, now);
  }

  async endSession(idHash: string, actor: string, now: number): Promise<void> {
    await inTransaction(this.#live(), async (trx) => {
      await staffAuth.revokeSession(trx, idHash, now);
      await staff.appendAudit(trx, {
        at: now,
        actor,
        action: 'sign_out',
        leadId: null,
        detail: '',
      });
    });
  }

  searchInbox(
    filter: InboxFilter,
    pageSize?: number,
    clock?: staff.InboxClockFilter,
  ): Promise<staff.StoreInboxPage> {
    return staff.searchInbox(this.db, filter, pageSize, clock);
  }

  leadDetail(id: string): Promise<LeadDetail | undefined> {
    return staff.leadDetail(this.db, id);
  }

  /** Status change and note with their audit entries, in one transaction. */
  changeStatus(change: {
    leadId: string;
    status: LeadStatus;
    note?: string;
    actor: string;
    now: number;
  }): Promise<boolean> {
    return inTransaction(this.#live(), (trx) =>
      staff.changeStatus(trx, { ...change, webhooks: this.#webhooks }),
    );
  }

  /**
   * Erases the person of a lead (every request with the same e-mail address) and records the
   * erasure in the audit trail without any of the erased data: no id, no address, a count.
   * Returns the erased lead ids (for their `.eml` files), undefined when the lead is gone.
   */
  async eraseByLead(leadId: string, actor: string, now: number): Promise<string[] | undefined> {
    return inTransaction(this.#live(), async (trx) => {
      const key = await staff.emailKeyOf(trx, leadId);
      if (key === undefined) return undefined;
      const ids = await forgetPerson(trx, key);
      await afterErasure(trx, { ids, actor, at: now, webhooks: this.#webhooks });
      return ids;
    });
  }

  /** Makes the lead's failed or waiting e-mails due now and records it; false when gone. */
  async retryMailNow(leadId: string, actor: string, now: number): Promise<number | undefined> {
    return inTransaction(this.#live(), async (trx) => {
      if ((await staff.emailKeyOf(trx, leadId)) === undefined) return undefined;
      const count = await staff.retryMailNow(trx, leadId, now);
      await staff.appendAudit(trx, {
        at: now,
        actor,
        action: 'retry',
        leadId,
        detail: `${count}`,
      });
      return count;
    });
  }

  /** Records who exported how many requests (an export takes personal data out). */
  recordExport(actor: string, count: number, now: number): Promise<void> {
    return staff.appendAudit(this.db, {
      at: now,
      actor,
      action: 'export',
      leadId: null,
      detail: `${count}`,
    });
  }

  counters(now: number): Promise<Pick<Counters, 'windows'>> {
    return staff.counters(this.db, now);
  }

  /** The call-back clock's queries (server/callback/store.ts) on this store's connection. */
  callbackStore(): CallbackStore {
    return new CallbackStore(this.#live(), { webhooks: this.#webhooks });
  }

  /** The audit entries not tied to a lead (sign-ins, erasures), newest first. */
  async auditLog(limit = 100) {
    return this.db
      .selectFrom('staff_audit')
      .select(['at', 'actor', 'action', 'lead_id', 'detail'])
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  // --- The outbox queue (./outbox-store.ts) ----------------------------------------------

  /** The outbox's claims and marks, on this store's connection. */
  get outbox(): OutboxStore {
    return new OutboxStore(this.#live());
  }

  // --- Moving up --------------------------------------------------------------------------

  /**
   * Copies every lead (with its consent) and every outbox row from `source` into `target`, in
   * one transaction on the target (see `copyStore`).
   */
  static async copy(source: LeadStore, target: LeadStore): Promise<CopyCounts> {
    return copyStore(source.db, target.#live());
  }
}

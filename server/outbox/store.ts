import { withoutFlush } from '#server/db/connection.ts';
import type { Database } from '#server/db/database.ts';
import * as queue from './queue.ts';
import type { Backlog, LeadMailKind, OutboxRow } from './queue.ts';

/**
 * The outbox as its workers use it (`LeadStore.outbox`): claims, marks, the next due time, the
 * backlog. Claims and marks are bookkeeping: written without waiting for a disk flush
 * (`withoutFlush`); see mail-queue.ts for the queries.
 */
export class OutboxStore {
  readonly #connection: Database;

  constructor(connection: Database) {
    this.#connection = connection;
  }

  /** The e-mails of one request, in the order they were queued. */
  mailFor(leadId: string): Promise<OutboxRow[]> {
    return queue.mailFor(this.#connection.db, leadId);
  }

  async claimDue(now: number, limit: number, token: string, leaseMs: number): Promise<OutboxRow[]> {
    const connection = this.#connection;
    const rows = await withoutFlush(connection, (db) =>
      queue.claimDue(db, connection.engine, now, limit, token, leaseMs),
    );
    // A submission batch is visible once committed, before its disk flush ends (see
    // inDurableTransaction): no e-mail goes out for a request that is not on disk yet.
    if (rows.length > 0) await connection.synced();
    return rows;
  }

  /**
   * Whether the row is still queued and every request of `leadIds` still exists: an erasure
   * deletes a request's rows with it (cascade). The worker asks right before a send and, with a
   * transport that keeps a copy, right after it (ADR 0032).
   */
  async stillWanted(id: number, leadIds: readonly string[]): Promise<boolean> {
    const db = this.#connection.db;
    const row = await db.selectFrom('outbox').select('id').where('id', '=', id).executeTakeFirst();
    if (!row) return false;
    const wanted = new Set(leadIds);
    if (wanted.size === 0) return true;
    const found = await db
      .selectFrom('leads')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('id', 'in', [...wanted])
      .executeTakeFirstOrThrow();
    return Number(found.count) === wanted.size;
  }

  releaseClaims(ids: readonly number[], token: string): Promise<void> {
    return withoutFlush(this.#connection, (db) => queue.releaseClaims(db, ids, token));
  }

  markSent(ids: number | readonly number[], now: number): Promise<void> {
    return withoutFlush(this.#connection, (db) => queue.markSent(db, ids, now));
  }

  markRetry(id: number, token: string, now: number, nextAttemptAt: number, error: string) {
    return withoutFlush(this.#connection, (db) =>
      queue.markRetry(db, id, token, now, nextAttemptAt, error),
    );
  }

  markFailed(id: number, token: string, now: number, error: string): Promise<void> {
    return withoutFlush(this.#connection, (db) => queue.markFailed(db, id, token, now, error));
  }

  /**
   * Queues a request's e-mail of `kind` (the visitor's changes) unless one is still waiting;
   * see queue.ts `queueLeadMail`. True when queued.
   */
  queueLeadMail(
    leadId: string,
    kind: LeadMailKind,
    messageId: string,
    now: number,
    notBefore?: number,
  ): Promise<boolean> {
    return queue.queueLeadMail(this.#connection.db, {
      leadId,
      kind,
      messageId,
      now,
      ...(notBefore === undefined ? {} : { notBefore }),
    });
  }

  nextDueAt(): Promise<number | undefined> {
    return queue.nextDueAt(this.#connection.db);
  }

  /**
   * At a worker's start: every pending message is due now. On SQLite, where one process is the
   * only worker, claims left by a process that died are given back at once.
   */
  retryPendingNow(now: number): Promise<number> {
    return queue.retryPendingNow(this.#connection.db, now, this.#connection.engine === 'sqlite');
  }

  backlog(now: number): Promise<Backlog> {
    return queue.backlog(this.#connection.db, now);
  }
}

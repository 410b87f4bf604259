import type { Kysely } from 'kysely';

import { withoutFlush } from '#server/db/connection.ts';
import type { Database } from '#server/db/database.ts';
import { claimLeased } from '#server/db/lease-claim.ts';
import type { Tables } from '#server/db/schema.ts';
import type { MailPerson } from './people.ts';
import { OutboxQueue } from './queue.ts';
import { toOutbox, type Backlog, type LeadMailKind, type OutboxRow } from './rows.ts';

/**
 * The outbox as its workers use it: a queue that several workers share, claimed by a lease
 * (server/db/lease-claim.ts); claims, marks, the next due time, the backlog. Claims and marks
 * are bookkeeping: written without waiting for a disk flush (`withoutFlush`). What queues an
 * e-mail: ./queue.ts.
 */
export class OutboxStore {
  readonly #connection: Database;

  constructor(connection: Database) {
    this.#connection = connection;
  }

  get #db(): Kysely<Tables> {
    return this.#connection.db;
  }

  /** The e-mails of one request, in the order they were queued. */
  async mailFor(leadId: string): Promise<OutboxRow[]> {
    const rows = await this.#db
      .selectFrom('outbox')
      .selectAll()
      .where('lead_id', '=', leadId)
      .orderBy('id')
      .execute();
    return rows.map(toOutbox);
  }

  /** Claims up to `limit` due rows nobody else holds for `token`, until `now + leaseMs`. */
  async claimDue(now: number, limit: number, token: string, leaseMs: number): Promise<OutboxRow[]> {
    const connection = this.#connection;
    const rows = await withoutFlush(connection, (db) =>
      claimLeased(
        db,
        connection.engine,
        'outbox',
        { now, limit, token, leaseMs, reclaimOwn: true },
        (due) => due.orderBy('next_attempt_at').orderBy('id'),
      ),
    );
    // A submission batch is visible once committed, before its disk flush ends (see
    // inDurableTransaction): no e-mail goes out for a request that is not on disk yet.
    if (rows.length > 0) await connection.synced();
    return rows.map(toOutbox).sort((a, b) => a.nextAttemptAt - b.nextAttemptAt || a.id - b.id);
  }

  /**
   * Whether the row is still queued and every request of `leadIds` still exists: an erasure
   * deletes a request's rows with it (cascade). The worker asks right before a send and, with a
   * transport that keeps a copy, right after it (ADR 0032).
   */
  async stillWanted(id: number, leadIds: readonly string[]): Promise<boolean> {
    const db = this.#db;
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

  /** Gives back rows this worker claimed but will not handle now. */
  async releaseClaims(ids: readonly number[], token: string): Promise<void> {
    if (ids.length === 0) return;
    await withoutFlush(this.#connection, (db) =>
      db
        .updateTable('outbox')
        .set({ claimed_until: null, claim_token: null })
        .where('id', 'in', ids)
        .where('claim_token', '=', token)
        .execute(),
    );
  }

  /**
   * Records sends the transport accepted (one row or several, at `now`). Whoever holds the
   * claim: the e-mail has left, and the row must never be sent again.
   */
  async markSent(ids: number | readonly number[], now: number): Promise<void> {
    const list = typeof ids === 'number' ? [ids] : ids;
    if (list.length === 0) return;
    await withoutFlush(this.#connection, (db) =>
      db
        .updateTable('outbox')
        .set((eb) => ({
          status: 'sent',
          sent_at: now,
          last_attempt_at: now,
          attempts: eb('attempts', '+', 1),
          last_error: null,
          claimed_until: null,
          claim_token: null,
        }))
        .where('id', 'in', list)
        .where('status', '=', 'pending')
        .execute(),
    );
  }

  /** A failed attempt to retry at `nextAttemptAt`; ignored if the claim was lost meanwhile. */
  markRetry(id: number, token: string, now: number, nextAttemptAt: number, error: string) {
    return this.#recordFailedAttempt(id, token, now, error, { retryAt: nextAttemptAt });
  }

  /** Gives up on a message; ignored if the claim was lost meanwhile. */
  markFailed(id: number, token: string, now: number, error: string): Promise<void> {
    return this.#recordFailedAttempt(id, token, now, error, 'failed');
  }

  /**
   * Records a failed attempt and gives the claim back: `retry` at a later time, or `failed`
   * for good. Ignored if the claim was lost meanwhile (another worker now holds the row).
   */
  async #recordFailedAttempt(
    id: number,
    token: string,
    now: number,
    error: string,
    outcome: { retryAt: number } | 'failed',
  ): Promise<void> {
    await withoutFlush(this.#connection, (db) =>
      db
        .updateTable('outbox')
        .set((eb) => ({
          ...(outcome === 'failed'
            ? { status: 'failed' as const }
            : { next_attempt_at: outcome.retryAt }),
          last_attempt_at: now,
          attempts: eb('attempts', '+', 1),
          last_error: error,
          claimed_until: null,
          claim_token: null,
        }))
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('claim_token', '=', token)
        .execute(),
    );
  }

  /**
   * Queues a request's e-mail of `kind` (the visitor's changes) unless one is still waiting;
   * see `OutboxQueue.queueLeadMail`. True when queued.
   */
  queueLeadMail(
    leadId: string,
    kind: LeadMailKind,
    messageId: string,
    now: number,
    notBefore?: number,
  ): Promise<boolean> {
    return new OutboxQueue(this.#connection).queueLeadMail({
      leadId,
      kind,
      messageId,
      now,
      ...(notBefore === undefined ? {} : { notBefore }),
    });
  }

  /**
   * The active person an e-mail goes to (a digest's, a hand-over's), read when it is written;
   * undefined once deactivated (a hand-over to someone who left is not sent).
   */
  async person(id: string): Promise<MailPerson | undefined> {
    const row = await this.#db
      .selectFrom('staff_people')
      .select(['id', 'email', 'first_name'])
      .where('id', '=', id)
      .where('active', '=', 1)
      .executeTakeFirst();
    return row ? { id: row.id, email: row.email, firstName: row.first_name } : undefined;
  }

  /** The request's active owner, added to its notification's recipients (ADR 0048). */
  async ownerOf(leadId: string): Promise<MailPerson | undefined> {
    const row = await this.#db
      .selectFrom('leads')
      .innerJoin('staff_people', 'staff_people.id', 'leads.owner_id')
      .select(['staff_people.id', 'staff_people.email', 'staff_people.first_name'])
      .where('leads.id', '=', leadId)
      .where('staff_people.active', '=', 1)
      .executeTakeFirst();
    return row ? { id: row.id, email: row.email, firstName: row.first_name } : undefined;
  }

  /** The earliest time a pending message is due (or its claim runs out), if any. */
  async nextDueAt(): Promise<number | undefined> {
    const rows = await this.#db
      .selectFrom('outbox')
      .select(['next_attempt_at', 'claimed_until'])
      .where('status', '=', 'pending')
      .orderBy('next_attempt_at')
      .limit(50)
      .execute();
    let next: number | undefined;
    for (const row of rows) {
      const due = Math.max(row.next_attempt_at, row.claimed_until ?? 0);
      next = next === undefined ? due : Math.min(next, due);
    }
    return next;
  }

  /**
   * At a worker's start (a restart often follows a fix): every pending message is due now. On
   * SQLite, where one process is the only worker, claims left by a process that died are
   * given back at once instead of at the end of their lease.
   */
  async retryPendingNow(now: number): Promise<number> {
    const db = this.#db;
    const due = await db
      .updateTable('outbox')
      .set({ next_attempt_at: now })
      .where('status', '=', 'pending')
      .where('next_attempt_at', '>', now)
      .executeTakeFirst();
    if (this.#connection.engine === 'sqlite') {
      await db
        .updateTable('outbox')
        .set({ claimed_until: null, claim_token: null })
        .where('status', '=', 'pending')
        .where('claimed_until', 'is not', null)
        .execute();
    }
    return Number(due.numUpdatedRows);
  }

  async backlog(now: number): Promise<Backlog> {
    const row = await this.#db
      .selectFrom('outbox')
      .select((eb) => [
        eb.fn.countAll<number>().as('pending'),
        eb.fn.min('created_at').as('oldest'),
      ])
      .where('status', '=', 'pending')
      .executeTakeFirst();
    const pending = Number(row?.pending ?? 0);
    const oldest = row?.oldest ?? null;
    return {
      pending,
      oldestPendingAgeSeconds:
        oldest === null ? null : Math.max(0, Math.round((now - Number(oldest)) / 1000)),
    };
  }
}

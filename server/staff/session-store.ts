import { inTransaction } from '#server/db/connection.ts';
import type { Database } from '#server/db/database.ts';
import { appendAudit, auditLog } from '#server/db/records/audit.ts';
import type { StaffSessionsTable } from '#server/db/schema.ts';
import { scopeOf } from '#server/db/scope.ts';
import { StaffAuthStore } from './store.ts';

/** A staff session ends after this long without a request (OWASP: 2-8 h for low-risk apps). */
export const STAFF_IDLE_MS = 8 * 60 * 60 * 1000;

/**
 * Staff access's store: sign-in tokens and sessions (hashes only, ADR 0015), each sign-in and
 * sign-out recorded in the audit trail in the same transaction.
 */
export class SessionStore {
  readonly #database: Database;
  readonly #auth: StaffAuthStore;

  constructor(database: Database) {
    this.#database = database;
    this.#auth = new StaffAuthStore(database);
  }

  insertSignInToken(tokenHash: string, email: string, now: number, ttlMs: number) {
    return this.#auth.insertSignInToken(tokenHash, email, now, ttlMs);
  }

  consumeSignInToken(tokenHash: string, now: number): Promise<string | undefined> {
    return this.#auth.consumeSignInToken(tokenHash, now);
  }

  /** Creates a session (and revokes the one it replaces, if any) and records the sign-in. */
  async startSession(
    session: Omit<StaffSessionsTable, 'revoked_at'>,
    replacesIdHash?: string,
  ): Promise<void> {
    await inTransaction(this.#database, async (trx) => {
      const auth = new StaffAuthStore(scopeOf(this.#database, trx));
      if (replacesIdHash) await auth.revokeSession(replacesIdHash, session.created_at);
      await auth.insertSession(session);
      await appendAudit(trx, {
        at: session.created_at,
        actor: session.email,
        action: 'sign_in',
        leadId: null,
        detail: '',
      });
    });
  }

  findSession(idHash: string): Promise<StaffSessionsTable | undefined> {
    return this.#auth.findSession(idHash);
  }

  touchSession(idHash: string, now: number): Promise<void> {
    return this.#auth.touchSession(idHash, now);
  }

  async endSession(idHash: string, actor: string, now: number): Promise<void> {
    await inTransaction(this.#database, async (trx) => {
      await new StaffAuthStore(scopeOf(this.#database, trx)).revokeSession(idHash, now);
      await appendAudit(trx, { at: now, actor, action: 'sign_out', leadId: null, detail: '' });
    });
  }

  /** The audit entries, newest first (sign-ins, erasures and every other staff act). */
  auditLog(limit = 100) {
    return auditLog(this.#database.db, limit);
  }
}

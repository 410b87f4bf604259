import { type Kysely, sql } from 'kysely';

import type { StaffSessionsTable, Tables } from '#server/db/schema.ts';
import type { DbScope } from '#server/db/scope.ts';

/**
 * The staff inbox's sign-in tokens and sessions, stored as hashes only (ADR 0015): issue and
 * consume a token, create, find, touch and revoke a session, purge what has expired. Built on
 * the database, or on a transaction's scope (`scopeOf(database, trx)`) to write inside it.
 */
export class StaffAuthStore {
  readonly #db: Kysely<Tables>;

  constructor(scope: DbScope) {
    this.#db = scope.db;
  }

  async insertSignInToken(
    tokenHash: string,
    email: string,
    now: number,
    ttlMs: number,
  ): Promise<void> {
    await this.#db
      .insertInto('staff_sign_in_tokens')
      .values({
        token_hash: tokenHash,
        email,
        created_at: now,
        expires_at: now + ttlMs,
        used_at: null,
      })
      .execute();
  }

  /**
   * Marks the token used and returns its e-mail when it exists, is unused and unexpired: one
   * conditional UPDATE, so two concurrent uses cannot both succeed (on either engine).
   */
  async consumeSignInToken(tokenHash: string, now: number): Promise<string | undefined> {
    const row = await this.#db
      .updateTable('staff_sign_in_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('email')
      .executeTakeFirst();
    return row?.email;
  }

  async insertSession(session: Omit<StaffSessionsTable, 'revoked_at'>): Promise<void> {
    await this.#db
      .insertInto('staff_sessions')
      .values({ ...session, revoked_at: null })
      .execute();
  }

  findSession(idHash: string): Promise<StaffSessionsTable | undefined> {
    return this.#db
      .selectFrom('staff_sessions')
      .selectAll()
      .where('id_hash', '=', idHash)
      .executeTakeFirst();
  }

  async touchSession(idHash: string, now: number): Promise<void> {
    await this.#db
      .updateTable('staff_sessions')
      .set({ last_seen_at: now })
      .where('id_hash', '=', idHash)
      .execute();
  }

  async revokeSession(idHash: string, now: number): Promise<void> {
    await this.#db
      .updateTable('staff_sessions')
      .set({ revoked_at: now })
      .where('id_hash', '=', idHash)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /**
   * Revokes every open session of the person of `emailKey` (records/lead.ts `emailKey`): their
   * next request, on any instance, finds the session revoked (ADR 0044).
   */
  async revokeSessionsOf(emailKey: string, now: number): Promise<void> {
    await this.#db
      .updateTable('staff_sessions')
      .set({ revoked_at: now })
      .where(sql<string>`lower(trim(email))`, '=', emailKey)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Expired tokens and sessions (absolute or idle) are of no use: deleted by the daily purge. */
  async purge(now: number, idleMs: number): Promise<number> {
    const tokens = await this.#db
      .deleteFrom('staff_sign_in_tokens')
      .where('expires_at', '<=', now)
      .executeTakeFirst();
    const sessions = await this.#db
      .deleteFrom('staff_sessions')
      .where((eb) =>
        eb.or([
          eb('expires_at', '<=', now),
          eb('last_seen_at', '<=', now - idleMs),
          eb('revoked_at', 'is not', null),
        ]),
      )
      .executeTakeFirst();
    return Number(tokens.numDeletedRows) + Number(sessions.numDeletedRows);
  }
}

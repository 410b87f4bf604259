import type { Kysely } from 'kysely';

import type { StaffSessionsTable, Tables } from '#server/db/schema.ts';

/**
 * The staff inbox's sign-in tokens and sessions, stored as hashes only (ADR 0015): issue and
 * consume a token, create, find, touch and revoke a session, purge what has expired.
 */

export async function insertSignInToken(
  db: Kysely<Tables>,
  tokenHash: string,
  email: string,
  now: number,
  ttlMs: number,
): Promise<void> {
  await db
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
export async function consumeSignInToken(
  db: Kysely<Tables>,
  tokenHash: string,
  now: number,
): Promise<string | undefined> {
  const row = await db
    .updateTable('staff_sign_in_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('email')
    .executeTakeFirst();
  return row?.email;
}

export async function insertSession(
  db: Kysely<Tables>,
  session: Omit<StaffSessionsTable, 'revoked_at'>,
): Promise<void> {
  await db
    .insertInto('staff_sessions')
    .values({ ...session, revoked_at: null })
    .execute();
}

export async function findSession(
  db: Kysely<Tables>,
  idHash: string,
): Promise<StaffSessionsTable | undefined> {
  return db
    .selectFrom('staff_sessions')
    .selectAll()
    .where('id_hash', '=', idHash)
    .executeTakeFirst();
}

export async function touchSession(db: Kysely<Tables>, idHash: string, now: number) {
  await db
    .updateTable('staff_sessions')
    .set({ last_seen_at: now })
    .where('id_hash', '=', idHash)
    .execute();
}

export async function revokeSession(db: Kysely<Tables>, idHash: string, now: number) {
  await db
    .updateTable('staff_sessions')
    .set({ revoked_at: now })
    .where('id_hash', '=', idHash)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Expired tokens and sessions (absolute or idle) are of no use: deleted by the daily purge. */
export async function purgeStaffAuth(
  db: Kysely<Tables>,
  now: number,
  idleMs: number,
): Promise<number> {
  const tokens = await db
    .deleteFrom('staff_sign_in_tokens')
    .where('expires_at', '<=', now)
    .executeTakeFirst();
  const sessions = await db
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

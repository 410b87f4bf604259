import { createHash, randomBytes } from 'node:crypto';

import type { Database } from '#server/db/database.ts';

/**
 * The visitor page's links (issue 37, ADR 0029): a random token per confirmation e-mail, given
 * in the link's fragment (`/ma-demande#jeton=…`), stored only as its SHA-256, valid until the
 * request is erased (the row goes with it) or for 90 days. Several may be valid for one request
 * (each confirmation or update brings its own).
 */
export const VISITOR_LINK_DAYS = 90;
export const VISITOR_LINK_MS = VISITOR_LINK_DAYS * 24 * 60 * 60 * 1000;

/** 32 random bytes in base64url: 43 characters. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function isTokenShaped(token: unknown): token is string {
  return typeof token === 'string' && TOKEN_SHAPE.test(token);
}

export function hashVisitorToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export class VisitorLinkStore {
  readonly #database: Database;

  constructor(database: Database) {
    this.#database = database;
  }

  /** A new link's token for `leadId`, valid for 90 days from `now`; only its hash is kept. */
  async mint(leadId: string, now: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.#database.db
      .insertInto('visitor_links')
      .values({
        token_hash: hashVisitorToken(token),
        lead_id: leadId,
        created_at: now,
        expires_at: now + VISITOR_LINK_MS,
      })
      .execute();
    return token;
  }

  /**
   * The request a token opens at `now`; undefined for a token of the wrong shape (no query),
   * unknown, expired, or whose request was erased (its links went with it).
   */
  async leadOf(token: unknown, now: number): Promise<string | undefined> {
    if (!isTokenShaped(token)) return undefined;
    const row = await this.#database.db
      .selectFrom('visitor_links')
      .select('lead_id')
      .where('token_hash', '=', hashVisitorToken(token))
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return row?.lead_id;
  }
}

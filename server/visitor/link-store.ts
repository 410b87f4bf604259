import { createHash, randomBytes } from 'node:crypto';

import type { Database } from '#server/db/database.ts';

/**
 * The visitor page's links (ADR 0029): a random token per confirmation e-mail, given
 * in the link's fragment (`/ma-demande#jeton=…`), stored only as its SHA-256, valid until the
 * request is erased (the row goes with it) or for 90 days. Several may be valid for one request
 * (each confirmation or update brings its own).
 */
const VISITOR_LINK_DAYS = 90;
export const VISITOR_LINK_MS = VISITOR_LINK_DAYS * 24 * 60 * 60 * 1000;

/** 32 random bytes in base64url: 43 characters. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

function isTokenShaped(token: unknown): token is string {
  return typeof token === 'string' && TOKEN_SHAPE.test(token);
}

/**
 * A request's id as the page sends it back (a UUID; the tests' ids are shorter): anything else
 * opens nothing, without a query.
 */
const REQUEST_ID_SHAPE = /^[A-Za-z0-9-]{1,64}$/;

/** The statuses of a closed request: listed on the page only when it is the link's own. */
const CLOSED_STATUSES = ['converti', 'perdu'] as const;

/** The most requests the page lists (the most recent); the count says how many there are. */
export const VISITOR_LISTED_MAX = 20;

/** What a link opens (ADR 0031): the person of its request, by their e-mail address. */
interface LinkedPerson {
  /** The request the link was sent for. */
  linkLeadId: string;
  /**
   * The person's open requests and the link's own, oldest first (at most `VISITOR_LISTED_MAX`,
   * the most recent).
   */
  listed: string[];
  /** Every request of the address: what an erasure from the page erases. */
  count: number;
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

  /**
   * The request `requestId` when the token is valid at `now` and that request has the e-mail
   * address of the link's own (the link proves the address, ADR 0031); undefined otherwise,
   * exactly as for a bad token. One indexed read (the link's hash, then the address's requests).
   */
  async requestOf(token: unknown, requestId: unknown, now: number): Promise<string | undefined> {
    if (!isTokenShaped(token)) return undefined;
    if (typeof requestId !== 'string' || !REQUEST_ID_SHAPE.test(requestId)) return undefined;
    const row = await this.#database.db
      .selectFrom('visitor_links')
      .innerJoin('leads as linked', 'linked.id', 'visitor_links.lead_id')
      .innerJoin('leads as asked', 'asked.email_key', 'linked.email_key')
      .select('asked.id')
      .where('visitor_links.token_hash', '=', hashVisitorToken(token))
      .where('visitor_links.expires_at', '>', now)
      .where('asked.id', '=', requestId)
      .executeTakeFirst();
    return row?.id;
  }

  /** The person a token opens at `now` (see `LinkedPerson`); undefined as `leadOf`. */
  async personOf(token: unknown, now: number): Promise<LinkedPerson | undefined> {
    if (!isTokenShaped(token)) return undefined;
    const { db } = this.#database;
    const link = await db
      .selectFrom('visitor_links')
      .innerJoin('leads', 'leads.id', 'visitor_links.lead_id')
      .select(['leads.id', 'leads.email_key'])
      .where('visitor_links.token_hash', '=', hashVisitorToken(token))
      .where('visitor_links.expires_at', '>', now)
      .executeTakeFirst();
    if (!link) return undefined;
    const counted = await db
      .selectFrom('leads')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('email_key', '=', link.email_key)
      .executeTakeFirst();
    const listed = await db
      .selectFrom('leads')
      .leftJoin('lead_tracking', 'lead_tracking.lead_id', 'leads.id')
      .select('leads.id')
      .where('leads.email_key', '=', link.email_key)
      .where((eb) =>
        eb.or([
          eb('lead_tracking.status', 'is', null),
          eb('lead_tracking.status', 'not in', [...CLOSED_STATUSES]),
          eb('leads.id', '=', link.id),
        ]),
      )
      .orderBy('leads.created_at', 'desc')
      .orderBy('leads.id', 'desc')
      .limit(VISITOR_LISTED_MAX)
      .execute();
    return {
      linkLeadId: link.id,
      listed: listed.map((row) => row.id).reverse(),
      count: Number(counted?.count ?? 0),
    };
  }
}

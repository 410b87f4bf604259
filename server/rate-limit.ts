import { createHash } from 'node:crypto';

import type Database from 'better-sqlite3';

/**
 * A per-client sliding-window rate limit kept in the database, so it holds across restarts and
 * is checked in the same transaction that stores the request. Clients are kept as a truncated
 * hash of their address, and hits are purged once out of the window.
 */
export const RATE_WINDOW_MS = 60 * 60 * 1000;

export type RateVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export class RateLimiter {
  private readonly db: Database.Database;
  readonly limit: number;
  readonly windowMs: number;

  constructor(db: Database.Database, limit: number, windowMs: number = RATE_WINDOW_MS) {
    this.db = db;
    this.limit = limit;
    this.windowMs = windowMs;
  }

  /** Whether `key` may make one more request now (does not count it). */
  check(key: string, now: number): RateVerdict {
    const row = this.db
      .prepare<[string, number], { count: number; oldest: number | null }>(
        'SELECT COUNT(*) AS count, MIN(at) AS oldest FROM rate_limit_hits WHERE client_key = ? AND at > ?',
      )
      .get(key, now - this.windowMs);
    const count = row?.count ?? 0;
    if (count < this.limit) return { allowed: true };
    // The window frees a slot when its oldest hit leaves it.
    const hits = this.db
      .prepare<[string, number, number], { at: number }>(
        `SELECT at FROM rate_limit_hits WHERE client_key = ? AND at > ?
         ORDER BY at DESC LIMIT 1 OFFSET ?`,
      )
      .get(key, now - this.windowMs, this.limit - 1);
    const freedAt = (hits?.at ?? row?.oldest ?? now) + this.windowMs;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freedAt - now) / 1000)) };
  }

  /** Checks and, when allowed, counts the request. Call inside a transaction to be atomic. */
  consume(key: string, now: number): RateVerdict {
    const verdict = this.check(key, now);
    if (verdict.allowed) {
      this.db.prepare('INSERT INTO rate_limit_hits (client_key, at) VALUES (?, ?)').run(key, now);
    }
    return verdict;
  }
}

/** The stored form of a client address: not the address itself. */
export function clientKey(address: string): string {
  return createHash('sha256').update(`rate-limit:${address}`).digest('base64url').slice(0, 22);
}

/**
 * The client's address: the socket address, unless `trustProxy` names the header a reverse
 * proxy sets. For `x-forwarded-for`, the right-most entry is the one the proxy added; entries
 * further left come from the client and can be forged.
 */
export function clientAddress(
  socketAddress: string | undefined,
  headers: Headers,
  trustProxy: string | undefined,
): string {
  if (trustProxy) {
    const value = headers.get(trustProxy);
    const entries = (value ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    const last = entries.at(-1);
    if (last) return last;
  }
  return socketAddress ?? 'unknown';
}

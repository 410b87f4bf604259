import { createHash, randomBytes } from 'node:crypto';

import { SIGN_IN_FRAGMENT_KEY, STAFF_SIGN_IN_PAGE } from '#contracts/staff/contract.ts';
import type { SessionStore } from './session-store.ts';

/**
 * Staff authentication primitives (OWASP authentication and session management cheat sheets):
 * random secrets from the operating system's CSPRNG (node:crypto, i.e. OpenSSL: the maintained
 * library for this; a wrapper package would add nothing for two calls), stored only as SHA-256.
 * A plain hash (no salt, no slow KDF) is right here: the secrets have 256 bits of entropy, so
 * they cannot be guessed from their hash, unlike passwords.
 */
export const SIGN_IN_TOKEN_TTL_MS = 15 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/** `last_seen_at` is written at most this often (not on every request). */
export const SESSION_TOUCH_EVERY_MS = 60 * 1000;

/** 32 random bytes (256 bits), base64url: 43 characters, safe in a URL fragment and a cookie. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** A well-formed secret (what `newSecret` makes); anything else is refused before any query. */
export function isWellFormedSecret(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}

export interface CookieSettings {
  name: string;
  secure: boolean;
  path: string;
}

/**
 * Over HTTPS the cookie is `__Host-equipe` (Secure, Path=/, no Domain: the browser refuses it
 * otherwise, so no sub-domain can set or shadow it). Over plain HTTP (development, tests) a
 * `__Host-` cookie cannot exist: it is `equipe`, limited to the staff API's path.
 */
export function cookieSettings(siteUrl: string, apiPrefix: string): CookieSettings {
  const secure = new URL(siteUrl).protocol === 'https:';
  return secure
    ? { name: '__Host-equipe', secure: true, path: '/' }
    : { name: 'equipe', secure: false, path: apiPrefix };
}

/** The link of a sign-in e-mail: the token in the fragment, which no server or log ever sees. */
function signInLink(siteUrl: string, token: string): string {
  return `${new URL(STAFF_SIGN_IN_PAGE, siteUrl).href}#${SIGN_IN_FRAGMENT_KEY}=${token}`;
}

/** Creates a single-use sign-in token for `email` and returns the link that carries it. */
export async function issueSignInLink(
  store: Pick<SessionStore, 'insertSignInToken'>,
  siteUrl: string,
  email: string,
  now: number,
): Promise<string> {
  const token = newSecret();
  await store.insertSignInToken(hashSecret(token), email, now, SIGN_IN_TOKEN_TTL_MS);
  return signInLink(siteUrl, token);
}

import { createHash } from 'node:crypto';

import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** The socket's remote address on the Node server; undefined where there is none (tests). */
function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/**
 * The key a request's client is counted under by the rate limits (the contact form, the staff
 * sign-in, the audience beacon): its address, from the socket or the trusted proxy's header
 * (`TRUST_PROXY`), reduced by `clientKey`.
 */
export function requestClientKey(c: Context, trustProxy: string | undefined): string {
  return clientKey(clientAddress(socketAddress(c), c.req.raw.headers, trustProxy));
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

import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

import { clientAddress, clientKey } from '../leads/rate-limit.ts';

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

import type { Context } from 'hono';

/**
 * What became of a request's body: `read` (whole, at most the limit: the route's later
 * `c.req.arrayBuffer()` gives it at once), `too-large` (its `Content-Length`, or the bytes of a
 * streamed body, over the limit; the rest is not read) or `incomplete` (the connection ended
 * before the body did: the client left, or the server's request timeout cut it).
 */
export type BodyRead = 'read' | 'too-large' | 'incomplete';

/**
 * Reads the whole body of `c`'s request, at most `maxBytes`, before the route counts the request
 * as work in progress (ADR 0033): a client that sends its body slowly waits here holding no
 * slot, until the server's request timeout (REQUEST_TIMEOUT_MS) closes its connection. A body
 * with a `Content-Length` is read straight from the socket (the Node adapter's fast path); a
 * streamed one is counted as it arrives and replaces the request's body, as `bodyLimit` does.
 * Runtime-neutral (the Edge Functions use it too).
 */
export async function readWholeBody(c: Context, maxBytes: number): Promise<BodyRead> {
  const length = c.req.header('content-length');
  if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
    if (!(Number(length) <= maxBytes)) return 'too-large';
    try {
      await c.req.arrayBuffer();
      return 'read';
    } catch {
      return 'incomplete';
    }
  }
  const body = c.req.raw.body;
  if (!body) return 'read';
  const reader = body.getReader();
  const bytes = new Uint8Array(maxBytes);
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (size + value.length > maxBytes) {
        void reader.cancel().catch(() => undefined);
        return 'too-large';
      }
      bytes.set(value, size);
      size += value.length;
    }
  } catch {
    return 'incomplete';
  }
  c.req.raw = new Request(c.req.raw, { body: bytes.subarray(0, size) });
  return 'read';
}

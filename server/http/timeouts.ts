import type { ServerOptions } from 'node:http';

/**
 * Timeouts of the Node HTTP server (ADR 0033).
 *
 * Keep-alive: behind a load balancer or reverse proxy the server must keep an idle kept-alive
 * connection open longer than the balancer does (60 s for AWS ALB and Google Cloud's; nginx's
 * upstream keepalive_timeout is on its own side), otherwise the balancer may reuse a connection
 * the server is closing and answer 502 to a visitor. Node's default is 5 s.
 *
 * A request's arrival: its headers and its body must have arrived `requestTimeoutMs` after its
 * first byte (REQUEST_TIMEOUT_MS, 10 s by default; Node's default is 300 s). Past it, Node
 * answers 408 (or, if an answer has started, says nothing) and closes the connection, so a
 * client that trickles its request holds a socket for that long at most. An idle kept-alive
 * connection is not a request in progress: only the keep-alive timeout applies to it. Node
 * looks for late requests every `connectionsCheckingInterval` (30 s by default): a tenth of
 * the limit here, at most 1 s.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
export const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;

/** The options of `http.createServer` for a request timeout (REQUEST_TIMEOUT_MS). */
export function httpServerOptions(requestTimeoutMs: number): ServerOptions {
  return {
    requestTimeout: requestTimeoutMs,
    headersTimeout: requestTimeoutMs,
    connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(requestTimeoutMs / 10))),
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
  };
}

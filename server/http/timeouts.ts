import type { Server } from 'node:http';

/**
 * Timeouts of the Node HTTP server behind a load balancer or reverse proxy. The server must keep
 * an idle kept-alive connection open longer than the balancer does (60 s for AWS ALB and Google
 * Cloud's, 75 s for nginx's upstream keepalive_timeout is on its own side), otherwise the balancer
 * may reuse a connection the server is closing and answer 502 to a visitor. Node's default is
 * 5 s. The headers timeout must exceed the keep-alive timeout.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
export const HEADERS_TIMEOUT_MS = 66_000;

export function applyHttpTimeouts(server: unknown): void {
  if (server && typeof server === 'object' && 'keepAliveTimeout' in server) {
    const http = server as Server;
    http.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    http.headersTimeout = HEADERS_TIMEOUT_MS;
  }
}

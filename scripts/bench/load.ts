import autocannon from 'autocannon';

import { CONTACT_ENDPOINT_PATH } from '#contracts/contact/lead-contract.ts';
import { leadBody } from './server.ts';

/** The bench's two loads, run at once: distinct submissions, and the home page beside them. */

export interface Load {
  seconds: number;
  latencies: number[];
  acknowledged: string[];
  statuses: Map<number, number>;
  errors: number;
}

/** Sends distinct requests to `urls` (connections spread over them) for `seconds`. */
export function submissionLoad(
  urls: readonly string[],
  prefix: string,
  connections: number,
  seconds: number,
): Promise<Load> {
  let n = 0;
  const latencies: number[] = [];
  const acknowledged: string[] = [];
  const statuses = new Map<number, number>();
  return new Promise((resolveLoad, reject) => {
    const instance = autocannon(
      {
        // autocannon spreads the connections over several URLs; its types know only one.
        url: urls.map((url) => `${url}${CONTACT_ENDPOINT_PATH}`) as unknown as string,
        connections,
        duration: seconds,
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => {
              n += 1;
              return {
                ...request,
                headers: {
                  'content-type': 'application/json',
                  // Each request from its own address, as a trusted proxy forwards it.
                  'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
                },
                body: leadBody(n, undefined, prefix),
              };
            },
            onResponse: (status, body) => {
              if (status >= 200 && status < 300) {
                acknowledged.push((JSON.parse(body) as { id: string }).id);
              }
            },
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        resolveLoad({
          seconds: result.duration,
          latencies,
          acknowledged,
          statuses,
          errors: result.errors + result.timeouts,
        });
      },
    );
    instance.on('response', (_client, statusCode: number, _bytes, responseTime: number) => {
      latencies.push(responseTime);
      statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
    });
  });
}

export interface HomeLoad {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Answers other than 2xx, errors and timeouts. */
  failed: number;
}

/**
 * GET / (as a browser asks for it, Brotli accepted) on `connections` connections for `seconds`,
 * spread over `urls`: the home page's latency while the submissions load the server.
 */
export async function homeLoad(
  urls: readonly string[],
  connections: number,
  seconds: number,
): Promise<HomeLoad> {
  const result = await autocannon({
    // As above: several URLs, the connections spread over them.
    url: urls.map((url) => `${url}/`) as unknown as string,
    headers: { 'accept-encoding': 'br' },
    connections,
    duration: seconds,
  });
  return {
    requestsPerSecond: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

import { request as httpRequest } from 'node:http';

import { afterAll, beforeAll } from 'vitest';

import {
  startTestServer,
  TEST_SITE_URL,
  type TestServer,
  validRequest,
} from '#test-support/harness.ts';

/**
 * What the native form post's tests (routes.native.*.test.ts) share: raw HTTP requests, the form
 * as a browser encodes it, and one server per test file. `server` is a live binding: read it
 * inside a test, once `serveForThisFile()` has run its `beforeAll`.
 */
export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export const FORM_TYPE = 'application/x-www-form-urlencoded';

/** A raw HTTP request (node:http lets a test forge `Host`, which fetch would not). */
export function send(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    chunked?: boolean;
  },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const body = options.body === undefined ? undefined : Buffer.from(options.body);
    const headers: Record<string, string> = { ...options.headers };
    if (body && !options.chunked) headers['Content-Length'] = String(body.length);
    const req = httpRequest(url, { method: options.method ?? 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
    req.on('error', reject);
    if (body && options.chunked) {
      // Several writes without Content-Length: sent with Transfer-Encoding: chunked.
      for (let offset = 0; offset < body.length; offset += 1024) {
        req.write(body.subarray(offset, offset + 1024));
      }
    } else if (body) {
      req.write(body);
    }
    req.end();
  });
}

/** The form as a browser encodes it: strings only, the consent checkbox as `true` when ticked. */
export function formBody(overrides: Record<string, string | undefined> = {}): string {
  const values: Record<string, string | undefined> = {
    ...Object.fromEntries(
      Object.entries(validRequest()).map(([key, value]) => [key, String(value)]),
    ),
    ...overrides,
  };
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values))
    if (value !== undefined) params.append(key, value);
  return params.toString();
}

export let server: TestServer;

/** Called once at the top of a test file. */
export function serveForThisFile(): void {
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });
}

export function postForm(body: string, headers: Record<string, string> = {}, target = server) {
  return send(target.endpoint, {
    headers: { 'Content-Type': FORM_TYPE, Origin: target.origin, ...headers },
    body,
  });
}

export const page = (path: string) => `${TEST_SITE_URL}${path}`;

/**
 * The thank-you page at `url`, with the call-back time in its fragment (`#rappel=…`), and
 * `&lien=precedent` when the address had a confirmation within 24 h (these tests post one
 * address many times; server/leads/earlier-link.test.ts checks when it is there).
 */
export const thanksPage = (url: string) =>
  new RegExp(
    `^${url.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}#rappel=\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(&lien=precedent)?$`,
  );

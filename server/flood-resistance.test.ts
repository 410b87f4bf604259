import { request as httpRequest, type ClientRequest } from 'node:http';

import { afterEach, describe, expect, it, vi } from 'vitest';

import { siteConfig } from '#config/site.ts';
import { CONTACT_ERROR_PATHS } from '#contracts/contact/lead-contract.ts';
import { ERRORS } from './leads/routes.ts';
import {
  postJson,
  startTestServer,
  TEST_SITE_URL,
  validRequest,
  type TestServer,
  type TestServerOptions,
} from '#test-support/harness.ts';

/**
 * The endpoint's defences against a flood (ADR 0008), on the real HTTP server: admission
 * control (a bounded number of lead requests in progress, their bodies read, then an immediate
 * 503; a body still arriving holds no slot, ADR 0033), the site's
 * budget (503 with Retry-After, the "indisponible" page for a native post), "too many" refusals
 * held before they are sent, and refusals logged in aggregate.
 */
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(options: TestServerOptions): Promise<TestServer> {
  server = await startTestServer(options);
  return server;
}

const FORM_TYPE = 'application/x-www-form-urlencoded';

function formBody(overrides: Record<string, string> = {}): string {
  const values = Object.entries({ ...validRequest(), ...overrides }).map(
    ([key, value]) => [key, String(value)] as [string, string],
  );
  return new URLSearchParams(values).toString();
}

/** A POST whose body is not finished: the rest of it is sent when `finish` is called. */
function openRequest(target: TestServer): {
  request: ClientRequest;
  answer: Promise<number>;
  finish: () => void;
} {
  const body = Buffer.from(JSON.stringify(validRequest({ email: 'lent@entreprise.example' })));
  const request = httpRequest(target.endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Content-Length': String(body.length) },
  });
  const answer = new Promise<number>((resolve, reject) => {
    request.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
  });
  request.write(body.subarray(0, 10));
  return { request, answer, finish: () => request.end(body.subarray(10)) };
}

describe('admission control', () => {
  it('answers 503 at once past the bound of requests in progress, before any database work', async () => {
    const target = await start({ maxLeadRequestsInProgress: 1 });
    // The first request, its body read, stays in progress (at its early rate check) until
    // `release`.
    const leads = target.pipeline.leads;
    const admit = leads.admit.bind(leads);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const entered = new Promise<void>((resolve) => {
      vi.spyOn(leads, 'admit').mockImplementationOnce(async (key) => {
        resolve();
        await held;
        return admit(key);
      });
    });
    const first = postJson(target.endpoint, validRequest({ email: 'lent@entreprise.example' }));
    await entered;
    const refused = await postJson(target.endpoint, validRequest());
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('2');
    // What the visitor reads: the message, with the company's number to call instead.
    const { error } = (await refused.json()) as { error: string };
    expect(error).toBe(ERRORS.overloaded);
    expect(error).toContain(`nous appeler au ${siteConfig.phone.display}`);

    const native = await fetch(target.endpoint, {
      method: 'POST',
      headers: { 'Content-Type': FORM_TYPE, Origin: target.origin },
      body: formBody(),
      redirect: 'manual',
    });
    expect(native.status).toBe(303);
    expect(native.headers.get('location')).toBe(
      `${TEST_SITE_URL}${CONTACT_ERROR_PATHS.unavailable}`,
    );

    release();
    expect((await first).status).toBe(200);
    // The slot is free again.
    const after = await postJson(
      target.endpoint,
      validRequest({ email: 'apres@entreprise.example' }),
    );
    expect(after.status).toBe(200);
    expect(
      (await target.pipeline.stores.leads.listLeads()).map((lead) => lead.email).sort(),
    ).toEqual(['apres@entreprise.example', 'lent@entreprise.example']);
  });
});

describe('a body still arriving', () => {
  it('holds no slot: a whole request is admitted meanwhile, and the slow one after it', async () => {
    const target = await start({ maxLeadRequestsInProgress: 1 });
    const slow = openRequest(target);
    // Time for the server to take the slow request's headers (before, they took the slot).
    await new Promise((resolve) => setTimeout(resolve, 100));
    const whole = await postJson(target.endpoint, validRequest());
    expect(whole.status).toBe(200);
    slow.finish();
    expect(await slow.answer).toBe(200);
    expect(
      (await target.pipeline.stores.leads.listLeads()).map((lead) => lead.email).sort(),
    ).toEqual([String(validRequest().email), 'lent@entreprise.example']);
  });
});

describe('the site-wide budget', () => {
  it('refuses new requests with 503, Retry-After and the phone once spent, and from memory after', async () => {
    const target = await start({ siteRateLimitPerMinute: 2 });
    const answers = [];
    for (let i = 0; i < 6; i += 1) {
      answers.push(
        await postJson(target.endpoint, validRequest({ email: `budget.${i}@entreprise.example` })),
      );
    }
    const refused = answers.filter((answer) => answer.status === 503);
    // Two a minute: even across a minute boundary, at most four of the six pass.
    expect(refused.length).toBeGreaterThanOrEqual(2);
    expect(answers.every((answer) => [200, 503].includes(answer.status))).toBe(true);
    for (const answer of refused) {
      const seconds = Number(answer.headers.get('retry-after'));
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(seconds).toBeLessThanOrEqual(60);
      expect(((await answer.json()) as { error: string }).error).toBe(ERRORS.overloaded);
    }
    const stored = await target.pipeline.stores.leads.listLeads();
    expect(stored).toHaveLength(answers.length - refused.length);

    const native = await fetch(target.endpoint, {
      method: 'POST',
      headers: { 'Content-Type': FORM_TYPE, Origin: target.origin },
      body: formBody({ email: 'natif@entreprise.example' }),
      redirect: 'manual',
    });
    if (native.status === 303 && native.headers.get('location')?.endsWith('/contact/merci')) {
      // The minute turned meanwhile: nothing to check on this one.
      return;
    }
    expect(native.headers.get('location')).toBe(
      `${TEST_SITE_URL}${CONTACT_ERROR_PATHS.unavailable}`,
    );
  });
});

describe('refusals', () => {
  it('holds a "too many" answer before sending it, out of the count of requests in progress', async () => {
    const target = await start({
      rateLimitPerHour: 1,
      refusalDelayMs: 400,
      maxLeadRequestsInProgress: 1,
      trustProxy: 'x-forwarded-for',
    });
    const from = (address: string) => ({ 'X-Forwarded-For': address });
    expect((await postJson(target.endpoint, validRequest(), from('203.0.113.5'))).status).toBe(200);
    const order: string[] = [];
    const started = Date.now();
    const limited = postJson(
      target.endpoint,
      validRequest({ email: 'deux@entreprise.example' }),
      from('203.0.113.5'),
    ).then((answer) => {
      order.push('429');
      return { answer, elapsed: Date.now() - started };
    });
    // While the 429 is held, another client's request is admitted (the bound is 1) and stored.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const other = await postJson(
      target.endpoint,
      validRequest({ email: 'autre@entreprise.example' }),
      from('203.0.113.6'),
    );
    order.push(String(other.status));
    const { answer, elapsed } = await limited;
    expect(order).toEqual(['200', '429']);
    expect(answer.status).toBe(429);
    expect(elapsed).toBeGreaterThanOrEqual(390);
    expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await answer.json()) as { error: string }).error).toBe(ERRORS.rateLimited);
  });

  it('logs them in aggregate: one line at once, then one line per reason with its count', async () => {
    const target = await start({ rateLimitPerHour: 1 });
    await postJson(target.endpoint, validRequest());
    for (let i = 0; i < 25; i += 1) await postJson(target.endpoint, validRequest());
    for (let i = 0; i < 3; i += 1) {
      await fetch(target.endpoint, { method: 'POST', headers: { 'Content-Type': 'text/plain' } });
    }
    const lines = () => target.logs.filter((log) => log.event === 'lead_rejected');
    expect(lines().map((log) => log.fields)).toEqual([
      { reason: 'client-rate-limit', status: 429, count: 1 },
      { reason: 'content-type', status: 415, count: 1 },
    ]);
    target.pipeline.refusalLog.flush();
    expect(lines().map((log) => log.fields)).toEqual([
      { reason: 'client-rate-limit', status: 429, count: 1 },
      { reason: 'content-type', status: 415, count: 1 },
      { reason: 'client-rate-limit', status: 429, count: 24 },
      { reason: 'content-type', status: 415, count: 2 },
    ]);
    // Nothing personal: the client's address or the body never appear.
    expect(JSON.stringify(target.logs)).not.toContain('anne@entreprise.example');
  });
});

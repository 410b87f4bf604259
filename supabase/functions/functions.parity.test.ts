import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CONTACT_ENDPOINT_PATH } from '#contracts/contact/lead-contract.ts';
import { startTestServer, validRequest, type TestServer } from '#test-support/harness.ts';
import { gateway, runFunctionsForThisFile, SITE_ORIGIN } from './functions.fixture.ts';

/**
 * The Node server and send-contact-email answering alike.
 */
runFunctionsForThisFile();

describe('parity: the Node server and the function answer alike', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ origins: [SITE_ORIGIN] });
  });
  afterAll(async () => server?.close());

  const FORM = 'application/x-www-form-urlencoded';
  const form = (fields: Record<string, unknown>) =>
    new URLSearchParams(
      Object.entries(fields).map(([key, value]) => [key, String(value)]),
    ).toString();
  const json = { 'content-type': 'application/json' };
  const fixtures: Array<[string, RequestInit]> = [
    [
      'a valid JSON request',
      { method: 'POST', headers: json, body: JSON.stringify(validRequest()) },
    ],
    [
      'an invalid e-mail',
      { method: 'POST', headers: json, body: JSON.stringify(validRequest({ email: 'x' })) },
    ],
    ['missing fields', { method: 'POST', headers: json, body: JSON.stringify({ nom: '' }) }],
    ['broken JSON', { method: 'POST', headers: json, body: '{"nom":' }],
    ['a prototype key', { method: 'POST', headers: json, body: '{"__proto__":{"x":1}}' }],
    ['a text/plain body', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' }],
    [
      'a body over 16 KiB',
      {
        method: 'POST',
        headers: json,
        body: JSON.stringify(validRequest({ message: 'é'.repeat(9_000) })),
      },
    ],
    [
      'a filled honeypot',
      {
        method: 'POST',
        headers: json,
        body: JSON.stringify(validRequest({ website: 'http://spam.example' })),
      },
    ],
    [
      'a native post',
      {
        method: 'POST',
        headers: { 'content-type': FORM, origin: SITE_ORIGIN },
        body: form({ ...validRequest(), rgpdConsent: 'true' }),
      },
    ],
    [
      'an invalid native post',
      {
        method: 'POST',
        headers: { 'content-type': FORM, origin: SITE_ORIGIN },
        body: form({ nom: 'x' }),
      },
    ],
    [
      'a native post from another site',
      {
        method: 'POST',
        headers: { 'content-type': FORM, origin: 'https://evil.example' },
        body: form(validRequest()),
      },
    ],
    ['a GET', { method: 'GET' }],
    [
      'a preflight from the site',
      {
        method: 'OPTIONS',
        headers: {
          origin: SITE_ORIGIN,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'apikey, authorization, content-type, x-client-info',
        },
      },
    ],
    [
      'a JSON request from the site',
      {
        method: 'POST',
        headers: { ...json, origin: SITE_ORIGIN },
        body: JSON.stringify(validRequest()),
      },
    ],
  ];

  const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
  const HEADERS = [
    'content-type',
    'location',
    'cache-control',
    'retry-after',
    'allow',
    'vary',
    'access-control-allow-origin',
    'access-control-allow-headers',
    'access-control-allow-methods',
  ];

  async function answer(url: string, init: RequestInit) {
    const response = await fetch(url, { ...init, redirect: 'manual' });
    const headers = Object.fromEntries(
      HEADERS.flatMap((name) => {
        const value = response.headers.get(name);
        return value === null ? [] : [[name, value]];
      }),
    );
    return {
      status: response.status,
      headers,
      body: (await response.text()).replace(UUID, '<uuid>'),
    };
  }

  it.each(fixtures)('%s', async (_name, init) => {
    const onNode = await answer(server.endpoint, init);
    const onFunction = await answer(`${gateway.url}${CONTACT_ENDPOINT_PATH}`, init);
    expect(onFunction).toEqual(onNode);
  });
});

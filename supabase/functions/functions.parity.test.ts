import { readFileSync } from 'node:fs';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CONTACT_ENDPOINT_PATH } from '#contracts/contact/lead-contract.ts';
import { edgeFunctions } from '#scripts/lib/deno.ts';
import { startTestServer, validRequest, type TestServer } from '#test-support/harness.ts';
import { gateway, runFunctionsForThisFile, SITE_ORIGIN } from './functions.fixture.ts';

/**
 * The Edge Functions' configuration, and the Node server and send-contact-email answering alike.
 */
runFunctionsForThisFile();

describe('the functions’ configuration', () => {
  it('imports in each deno.json the versions package.json pins', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
      imports: Record<string, string>;
    };
    const pinned = { ...pkg.dependencies, ...pkg.devDependencies };
    for (const fn of edgeFunctions(process.cwd())) {
      const { imports } = JSON.parse(readFileSync(fn.config, 'utf8')) as {
        imports: Record<string, string>;
      };
      // Every alias, so a module the function loads may use any of them.
      expect(
        Object.keys(imports).filter((key) => key.startsWith('#')),
        fn.name,
      ).toEqual(Object.keys(pkg.imports).map((key) => key.replace(/\*$/, '')));
      for (const [key, target] of Object.entries(imports)) {
        if (key.startsWith('#')) {
          // A subpath alias: the same folder as package.json's `imports`, seen from the function.
          const folder = pkg.imports[`${key}*`]?.replace(/^\.\/(.*)\*$/, '$1');
          expect(folder, `${fn.name}: ${key}`).toBeDefined();
          expect(target, `${fn.name}: ${key}`).toBe(`../../../${folder!}`);
          continue;
        }
        const match = /^npm:\/?((?:@[^/@]+\/)?[^/@]+)@([^/]+)/.exec(target);
        expect(match, `${fn.name}: ${target}`).not.toBeNull();
        expect(`${match![1]}@${match![2]}`).toBe(`${match![1]}@${pinned[match![1]!]}`);
      }
    }
  });
});

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

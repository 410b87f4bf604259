import { describe, expect, it } from 'vitest';

import { postJson, validRequest } from '#test-support/harness.ts';
import { expectFrenchError, mailsFor, peer, server, serveForThisFile } from './routes.fixture.ts';

/** What the JSON endpoint refuses, with a French message, and stores nothing of. */
serveForThisFile();

describe('bad input', () => {
  const cases: Array<[string, () => Promise<Response>, number]> = [
    ['an empty object', () => postJson(server.endpoint, {}), 400],
    ...(
      ['nom', 'prenom', 'adresse', 'telephone', 'email', 'rgpdConsent', 'clientType'] as const
    ).map((field): [string, () => Promise<Response>, number] => [
      `a missing ${field}`,
      () =>
        postJson(
          server.endpoint,
          Object.fromEntries(Object.entries(validRequest()).filter(([key]) => key !== field)),
        ),
      400,
    ]),
    ...[
      'a@b.com,c@d.com',
      'a@b.com;c@d.com',
      'Anne <a@b.com>',
      '<a@b.com>',
      'a@b.com\nBcc: victim@example.com',
      'a@b.com\r\nBcc: victim@example.com',
      'a@b.com\rBcc: victim@example.com',
      'a@b.com%0ABcc:victim@example.com',
      'a b@c.com',
      'pas-une-adresse',
    ].map((email): [string, () => Promise<Response>, number] => [
      `the e-mail ${JSON.stringify(email)}`,
      () => postJson(server.endpoint, validRequest({ email })),
      400,
    ]),
    [
      'a name over 100 characters',
      () => postJson(server.endpoint, validRequest({ nom: 'A'.repeat(101) })),
      400,
    ],
    [
      'an address over 300',
      () => postJson(server.endpoint, validRequest({ adresse: 'x'.repeat(301) })),
      400,
    ],
    [
      'a message over 5 000',
      () => postJson(server.endpoint, validRequest({ message: 'x'.repeat(5_001) })),
      400,
    ],
    [
      'an implausible phone',
      () => postJson(server.endpoint, validRequest({ telephone: '12345' })),
      400,
    ],
    [
      'an unknown product',
      () => postJson(server.endpoint, validRequest({ produit: 'Piscine' })),
      400,
    ],
    ['no consent', () => postJson(server.endpoint, validRequest({ rgpdConsent: false })), 400],
    [
      'consent as a string',
      () => postJson(server.endpoint, validRequest({ rgpdConsent: 'true' })),
      400,
    ],
    [
      'a private client type',
      () => postJson(server.endpoint, validRequest({ clientType: 'particulier' })),
      400,
    ],
    ['a number as name', () => postJson(server.endpoint, validRequest({ nom: 42 })), 400],
    [
      'an array as e-mail',
      () => postJson(server.endpoint, validRequest({ email: ['a@b.fr'] })),
      400,
    ],
    [
      'an object as message',
      () => postJson(server.endpoint, validRequest({ message: { a: 1 } })),
      400,
    ],
    ['null as body', () => postJson(server.endpoint, 'null'), 400],
    ['an array as body', () => postJson(server.endpoint, '[1,2]'), 400],
    ['a string as body', () => postJson(server.endpoint, '"bonjour"'), 400],
    ['malformed JSON', () => postJson(server.endpoint, '{"nom": "Dupont",'), 400],
    ['an empty body', () => postJson(server.endpoint, ''), 400],
    [
      'invalid UTF-8',
      () =>
        fetch(server.endpoint, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]),
        }),
      400,
    ],
    [
      'a __proto__ key',
      () =>
        postJson(
          server.endpoint,
          `{"__proto__": {"isAdmin": true}, ${JSON.stringify(validRequest()).slice(1)}`,
        ),
      400,
    ],
    [
      'a nested __proto__ key',
      () =>
        postJson(
          server.endpoint,
          JSON.stringify(validRequest()).replace('"website":""', '"website":{"__proto__":{"x":1}}'),
        ),
      400,
    ],
    [
      'a constructor key',
      () =>
        postJson(
          server.endpoint,
          `{"constructor": {"prototype": {"x": 1}}, ${JSON.stringify(validRequest()).slice(1)}`,
        ),
      400,
    ],
    [
      'a body over 16 KiB',
      () => postJson(server.endpoint, validRequest({ message: 'x'.repeat(17 * 1024) })),
      413,
    ],
    [
      'a streamed body over 16 KiB without Content-Length',
      () =>
        fetch(server.endpoint, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: new ReadableStream({
            start(controller) {
              for (let i = 0; i < 20; i += 1)
                controller.enqueue(new TextEncoder().encode(' '.repeat(1024)));
              controller.close();
            },
          }),
          duplex: 'half',
        } as RequestInit),
      413,
    ],
    [
      'text/plain',
      () =>
        fetch(server.endpoint, {
          method: 'POST',
          headers: { 'Content-Type': 'text/plain' },
          body: JSON.stringify(validRequest()),
        }),
      415,
    ],
    [
      // The browser's native encoding is accepted (see routes.native.refusals.test.ts); a
      // multipart body, which the form never sends, is not.
      'a multipart form post',
      () => {
        const form = new FormData();
        form.set('nom', 'Dupont');
        return fetch(server.endpoint, { method: 'POST', body: form });
      },
      415,
    ],
    [
      'no content type',
      () =>
        fetch(server.endpoint, {
          method: 'POST',
          body: new Blob([JSON.stringify(validRequest())]),
        }),
      415,
    ],
    [
      'a latin-1 JSON charset',
      () =>
        fetch(server.endpoint, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json; charset=iso-8859-1' },
          body: JSON.stringify(validRequest()),
        }),
      415,
    ],
  ];

  it.each(cases)('rejects %s with a French message', async (_name, send, status) => {
    const before = (await server.pipeline.stores.leads.listLeads()).length;
    const response = await send();
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expectFrenchError(await response.json());
    expect((await server.pipeline.stores.leads.listLeads()).length).toBe(before);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('stays healthy afterwards', async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect((await postJson(server.endpoint, validRequest())).status).toBe(200);
  });

  it('answers a honeypot hit as if stored, but stores and sends nothing', async () => {
    const before = (await server.pipeline.stores.leads.listLeads()).length;
    const response = await postJson(
      server.endpoint,
      validRequest({ website: 'https://spam.example' }),
    );
    expect(response.status).toBe(200);
    const { ok, id } = (await response.json()) as { ok: boolean; id: string };
    expect(ok).toBe(true);
    expect(await server.pipeline.stores.leads.getLead(id)).toBeUndefined();
    expect((await server.pipeline.stores.leads.listLeads()).length).toBe(before);
    expect(server.logs).toContainEqual(expect.objectContaining({ event: 'lead_honeypot' }));
    // A real request sent after it is delivered, and the honeypot one never is. (A new address:
    // an earlier test of this suite already had the one confirmation its address gets a day.)
    const real = (await (
      await postJson(server.endpoint, validRequest({ email: 'apres-pot@entreprise.example' }))
    ).json()) as { id: string };
    await peer.waitFor(() => mailsFor(real.id).length === 2);
    expect(mailsFor(id)).toEqual([]);
  });
});

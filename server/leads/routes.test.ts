import { createClient, FunctionsHttpError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { siteConfig } from '../../config/site';
import { CONSENT_TEXT, CONSENT_VERSION } from '../../contracts/contact/consent';
import { CONTACT_ENDPOINT_PATH } from '../../contracts/contact/lead-contract';
import { CORS_ALLOWED_HEADERS } from './routes';
import {
  postJson,
  startTestServer,
  validRequest,
  type TestServer,
} from '../../test-support/harness';
import { startSmtpPeer, type ReceivedMail, type SmtpPeer } from '../../test-support/smtp-peer';

/** Any error text we send is French: no English words from a library leak through. */
function expectFrenchError(body: unknown) {
  expect(body).toEqual(expect.objectContaining({ error: expect.any(String) }));
  const error = (body as { error: string }).error;
  expect(error.length).toBeGreaterThan(5);
  expect(error).not.toMatch(/\b(invalid|expected|unexpected|error|undefined|token|at )\b/i);
  expect(error).not.toMatch(/\n\s+at /);
}

let peer: SmtpPeer;
let server: TestServer;

beforeAll(async () => {
  peer = await startSmtpPeer();
  server = await startTestServer({ smtpUrl: peer.url });
});

afterAll(async () => {
  await server.close();
  await peer.stop();
});

/** The Supabase function name: the last segment of the endpoint's path. */
const FUNCTION_NAME = CONTACT_ENDPOINT_PATH.split('/').at(-1)!;

function mailsFor(id: string): ReceivedMail[] {
  return peer.messages.filter((mail) => mail.headers.get('x-lead-id') === id);
}

describe('a valid request', () => {
  it('is stored with its consent, then yields one notification and one confirmation', async () => {
    const body = validRequest({
      message: '<script>alert("x")</script> & <b>gras</b>\nDeuxième ligne',
      adresse: '5 rue <img src=x onerror=alert(1)>, 75001 Paris',
    });
    const response = await postJson(server.endpoint, body);
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { ok: boolean; id: string };
    expect(answer.ok).toBe(true);
    expect(answer.id).toMatch(/^[0-9a-f-]{36}$/);

    const lead = await server.pipeline.stores.leads.getLead(answer.id);
    expect(lead).toMatchObject({ nom: 'N’Diaye-Lefèvre', email: 'anne@entreprise.example' });
    expect(lead?.consent).toMatchObject({ text: CONSENT_TEXT, version: CONSENT_VERSION });
    expect(lead?.consent.givenAt).toBeGreaterThan(0);

    await peer.waitFor(() => mailsFor(answer.id).length === 2);
    const notification = mailsFor(answer.id).find(
      (mail) =>
        mail.headers.get('message-id') === `<${answer.id}.notification@calora-energies.example>`,
    )!;
    const confirmation = mailsFor(answer.id).find(
      (mail) =>
        mail.headers.get('message-id') === `<${answer.id}.confirmation@calora-energies.example>`,
    )!;

    expect(notification.envelopeTo).toEqual(['equipe@calora-energies.example']);
    expect(notification.headers.get('to')).toBe('equipe@calora-energies.example');
    expect(notification.headers.get('from')).toContain('no-reply@calora-energies.example');
    expect(notification.headers.get('reply-to')).toBe('anne@entreprise.example');
    expect(notification.subject).toBe('Nouvelle demande de contact\u00a0: HP flottante');
    for (const value of ['N’Diaye-Lefèvre', "Anne-Marie d'Arc", '06 12 34 56 78', 'HP flottante']) {
      expect(notification.text).toContain(value);
    }
    expect(notification.text).toContain('<script>alert("x")</script> & <b>gras</b>');
    expect(notification.html).toContain(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;gras&lt;/b&gt;',
    );
    expect(notification.html).toContain('5 rue &lt;img src=x onerror=alert(1)&gt;');
    expect(notification.html).toContain('Anne-Marie d&#39;Arc');
    expect(notification.html).not.toMatch(/<script|<img|<b>/);

    expect(confirmation.envelopeTo).toEqual(['anne@entreprise.example']);
    expect(confirmation.headers.get('to')).toBe('anne@entreprise.example');
    expect(confirmation.headers.get('reply-to')).toBeUndefined();
    expect(confirmation.subject).toBe(
      `Nous avons bien reçu votre demande – ${siteConfig.companyName}`,
    );
    for (const part of [confirmation.text, confirmation.html]) {
      // The call-back clock's time for this request (its exact wording: callback-time.test.ts).
      expect(part).toMatch(/Nous vous rappellerons au plus tard \S+ \d+(er)?\s\S+ à \d+\sh/);
      expect(part).toContain(siteConfig.phone.display);
      expect(part).toContain(siteConfig.email);
      expect(part).toContain(siteConfig.registeredOffice.city);
      // It echoes nothing the visitor typed.
      for (const typed of ['Diaye', 'Anne-Marie', 'script', 'gras', '5 rue', '06 12 34 56 78']) {
        expect(part).not.toContain(typed);
      }
    }
  });

  it('logs the lead id and status, never personal data', async () => {
    const response = await postJson(
      server.endpoint,
      validRequest({ email: 'trace.logs@entreprise.example', nom: 'Tracelogs' }),
    );
    const { id } = (await response.json()) as { id: string };
    await peer.waitFor(() => mailsFor(id).length === 2);
    expect(server.logs).toContainEqual(
      expect.objectContaining({ event: 'lead_stored', fields: { leadId: id, status: 'stored' } }),
    );
    const serialized = JSON.stringify(server.logs);
    expect(serialized).not.toContain('trace.logs');
    expect(serialized).not.toContain('Tracelogs');
    expect(serialized).not.toContain('06 12 34 56 78');
  });

  it('reports storage and the outbox backlog on /healthz', async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    const health = (await response.json()) as Record<string, unknown>;
    expect(health).toMatchObject({ status: 'ok', storage: 'ok', mailTransport: 'smtp' });
    expect(health.outbox).toEqual({
      pending: expect.any(Number),
      oldestPendingAgeSeconds: expect.toSatisfy(
        (v: unknown) => v === null || typeof v === 'number',
      ),
    });
  });
});

describe('the Supabase client', () => {
  const supabase = () =>
    createClient(server.url, 'public-anon-key', {
      auth: { persistSession: false, autoRefreshToken: false },
    });

  it('invokes the function and gets the id back', async () => {
    const { data, error } = await supabase().functions.invoke(FUNCTION_NAME, {
      body: validRequest({ email: 'supabase@entreprise.example' }),
    });
    expect(error).toBeNull();
    expect(data).toEqual({
      ok: true,
      id: expect.any(String),
      callbackBy: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/),
    });
    await peer.waitFor(() => mailsFor((data as { id: string }).id).length === 2);
  });

  it('reads the French error of a 400 through FunctionsHttpError', async () => {
    const { data, error } = await supabase().functions.invoke(FUNCTION_NAME, {
      body: validRequest({ email: 'a@b.com,c@d.com' }),
    });
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const context = (error as FunctionsHttpError).context as Response;
    expect(context.status).toBe(400);
    const body = (await context.json()) as { error: string; fields: Record<string, string> };
    expect(body.error).toBe('Saisissez une seule adresse e-mail, sans espace ni séparateur.');
    expect(body.fields.email).toBe(body.error);
  });
});

describe('CORS', () => {
  it('answers the preflight of a site origin with exactly the Supabase headers and POST', async () => {
    const response = await fetch(server.endpoint, {
      method: 'OPTIONS',
      headers: {
        Origin: server.origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'apikey, authorization, content-type, x-client-info',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(server.origin);
    expect(response.headers.get('access-control-allow-headers')).toBe(CORS_ALLOWED_HEADERS);
    expect(response.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
  });

  it('sends no CORS header to another origin', async () => {
    const preflight = await fetch(server.endpoint, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    const post = await postJson(server.endpoint, validRequest(), {
      Origin: 'https://evil.example',
    });
    for (const response of [preflight, post]) {
      for (const name of response.headers.keys()) expect(name).not.toMatch(/^access-control-/);
    }
  });

  it('accepts the apikey and Authorization headers and allows the origin on the answer', async () => {
    const response = await postJson(server.endpoint, validRequest(), {
      Origin: server.origin,
      apikey: 'public-anon-key',
      Authorization: 'Bearer public-anon-key',
      'x-client-info': 'supabase-js/2.99.3',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(server.origin);
  });
});

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
      // The browser's native encoding is accepted (see routes.native.test.ts); a
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

/** Mulberry32: a small seeded PRNG, so a failing fuzz case can be replayed. */
function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('fuzzing', () => {
  it('answers 300 random bodies without a single 5xx', async () => {
    const random = prng(20261122);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const fragments = [
      '{',
      '}',
      '[',
      ']',
      '"',
      ':',
      ',',
      'null',
      'true',
      '1e999',
      '-0',
      '\\u0000',
      '\\ud800',
      '__proto__',
      'constructor',
      'é',
      '’',
      '\n',
      '<script>',
      '=1+1',
    ];
    const randomString = (max: number) =>
      Array.from({ length: Math.floor(random() * max) }, () =>
        random() < 0.3 ? pick(fragments) : String.fromCharCode(Math.floor(random() * 0x3000)),
      ).join('');
    const randomValue = (depth: number): unknown => {
      const choice = random();
      if (choice < 0.25) return randomString(40);
      if (choice < 0.35) return Math.floor(random() * 1e6) - 5e5;
      if (choice < 0.45) return random() < 0.5;
      if (choice < 0.5) return null;
      if (depth > 2) return randomString(10);
      if (choice < 0.7)
        return Array.from({ length: Math.floor(random() * 4) }, () => randomValue(depth + 1));
      return Object.fromEntries(
        Array.from({ length: Math.floor(random() * 4) }, () => [
          randomString(8),
          randomValue(depth + 1),
        ]),
      );
    };
    const fields = Object.keys(validRequest());
    const bodies: string[] = [];
    for (let i = 0; i < 300; i += 1) {
      const mode = i % 3;
      if (mode === 0) {
        // A valid request with one or two fields replaced by random values.
        const body = validRequest();
        for (let j = 0; j < 1 + Math.floor(random() * 2); j += 1)
          body[pick(fields)] = randomValue(0);
        bodies.push(JSON.stringify(body));
      } else if (mode === 1) {
        bodies.push(JSON.stringify(randomValue(0)));
      } else {
        bodies.push(randomString(200));
      }
    }
    const statuses = new Map<number, number>();
    for (let i = 0; i < bodies.length; i += 20) {
      const batch = await Promise.all(
        bodies.slice(i, i + 20).map(async (body) => {
          const response = await postJson(server.endpoint, body);
          const json = (await response.json()) as unknown;
          if (response.status !== 200) expectFrenchError(json);
          return response.status;
        }),
      );
      for (const status of batch) statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    expect([...statuses.keys()].every((status) => status < 500)).toBe(true);
    expect(statuses.get(400)).toBeGreaterThan(200);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});

describe('storage failure', () => {
  it('answers 503 with a French message and reports it on /healthz', async () => {
    const broken = await startTestServer();
    await broken.pipeline.stores.close();
    const response = await postJson(broken.endpoint, validRequest());
    expect(response.status).toBe(503);
    expectFrenchError(await response.json());
    expect((await fetch(`${broken.url}/healthz`)).status).toBe(503);
    await broken.close();
  });
});

describe('SEND_CONFIRMATION=false', () => {
  it('queues only the notification', async () => {
    const quiet = await startTestServer({ smtpUrl: peer.url, sendConfirmation: false });
    const { id } = (await (await postJson(quiet.endpoint, validRequest())).json()) as {
      id: string;
    };
    await peer.waitFor(() => mailsFor(id).length === 1);
    const [lead] = await quiet.pipeline.stores.leads.listLeads();
    expect(lead?.delivery.map((mail) => mail.kind)).toEqual(['notification']);
    expect(mailsFor(id)[0]?.envelopeTo).toEqual(['equipe@calora-energies.example']);
    await quiet.close();
  });
});

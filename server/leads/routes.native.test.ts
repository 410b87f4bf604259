import { request as httpRequest } from 'node:http';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CONSENT_VERSION } from '../../contracts/contact/consent';
import { CONTACT_ERROR_PATHS, CONTACT_THANKS_PATH } from '../../contracts/contact/lead-contract';
import {
  startTestServer,
  TEST_SITE_URL,
  type TestServer,
  validRequest,
} from '../../test-support/harness';

/**
 * The browser's native form post (`application/x-www-form-urlencoded`, no script): the same
 * rules as the JSON path, answered with `303 See Other` to a page of the configured site.
 */
interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

const FORM_TYPE = 'application/x-www-form-urlencoded';

/** A raw HTTP request (node:http lets a test forge `Host`, which fetch would not). */
function send(
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
function formBody(overrides: Record<string, string | undefined> = {}): string {
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

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

function postForm(body: string, headers: Record<string, string> = {}, target = server) {
  return send(target.endpoint, {
    headers: { 'Content-Type': FORM_TYPE, Origin: target.origin, ...headers },
    body,
  });
}

const page = (path: string) => `${TEST_SITE_URL}${path}`;

/** The thank-you page at `url`, with the call-back time in its fragment (`#rappel=…`). */
const thanksPage = (url: string) =>
  new RegExp(
    `^${url.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}#rappel=\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}$`,
  );

describe('a valid native post', () => {
  it('is stored with its consent, then redirected to the thank-you page of SITE_URL', async () => {
    const email = 'native.post@entreprise.example';
    const before = (await server.pipeline.stores.leads.listLeads()).length;
    const answer = await postForm(formBody({ email }));
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toMatch(thanksPage(page(CONTACT_THANKS_PATH)));
    const leads = await server.pipeline.stores.leads.listLeads();
    expect(leads.length).toBe(before + 1);
    const lead = leads.find((entry) => entry.email === email);
    expect(lead).toMatchObject({
      nom: 'N’Diaye-Lefèvre',
      prenom: "Anne-Marie d'Arc",
      produit: 'HP flottante',
      clientType: 'professionnel',
      consent: { version: CONSENT_VERSION },
    });
    expect(lead?.delivery.map((mail) => mail.kind)).toEqual(['notification', 'confirmation']);
  });

  it('accepts an empty product and message, as the form sends them untouched', async () => {
    const answer = await postForm(formBody({ produit: '', message: '' }));
    expect(answer.headers.location).toMatch(thanksPage(page(CONTACT_THANKS_PATH)));
  });

  it('answers a filled honeypot exactly like a stored request, storing nothing', async () => {
    const before = (await server.pipeline.stores.leads.listLeads()).length;
    const answer = await postForm(formBody({ website: 'https://spam.example' }));
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toMatch(thanksPage(page(CONTACT_THANKS_PATH)));
    expect((await server.pipeline.stores.leads.listLeads()).length).toBe(before);
  });

  it('accepts a post without Origin when Sec-Fetch-Site says it comes from the site', async () => {
    const answer = await send(server.endpoint, {
      headers: { 'Content-Type': FORM_TYPE, 'Sec-Fetch-Site': 'same-origin' },
      body: formBody(),
    });
    expect(answer.headers.location).toMatch(thanksPage(page(CONTACT_THANKS_PATH)));
  });
});

describe('the same refusals as JSON, as pages', () => {
  const validation = page(CONTACT_ERROR_PATHS.invalid);
  const cases: Array<[string, string]> = [
    ['no consent (checkbox left unticked)', formBody({ rgpdConsent: undefined })],
    ['a consent value the form never sends', formBody({ rgpdConsent: 'on' })],
    ['a missing name', formBody({ nom: undefined })],
    ['an empty e-mail', formBody({ email: '' })],
    ['two e-mail addresses', formBody({ email: 'a@b.com,c@d.com' })],
    ['a header injection', formBody({ email: 'a@b.com\r\nBcc: victim@example.com' })],
    ['a phone the input pattern lets through', formBody({ telephone: '123456' })],
    ['a name over 100 characters', formBody({ nom: 'A'.repeat(101) })],
    ['a message over 5 000 characters', formBody({ message: 'x'.repeat(5_001) })],
    ['an unknown product', formBody({ produit: 'Piscine' })],
    ['a private client type', formBody({ clientType: 'particulier' })],
    ['a repeated field', `${formBody()}&email=other%40example.fr`],
    ['an empty body', ''],
  ];

  it.each(cases)('sends %s to the validation page, storing nothing', async (_name, body) => {
    const before = (await server.pipeline.stores.leads.listLeads()).length;
    const answer = await postForm(body);
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe(validation);
    expect((await server.pipeline.stores.leads.listLeads()).length).toBe(before);
  });

  it('sends invalid UTF-8 to the validation page', async () => {
    const answer = await send(server.endpoint, {
      headers: { 'Content-Type': FORM_TYPE, Origin: server.origin },
      body: Buffer.from([0x6e, 0x6f, 0x6d, 0x3d, 0xff, 0xfe]),
    });
    expect(answer.headers.location).toBe(validation);
  });

  it('logs the refusal with field names only, never a value', async () => {
    await postForm(formBody({ nom: 'Tracenatif', telephone: '123456' }));
    // Refusals are logged in aggregate: what the minute counted is written at its end (here,
    // at once), with the field names at fault and how often.
    server.pipeline.refusalLog.flush();
    const serialized = JSON.stringify(server.logs);
    expect(server.logs).toContainEqual(
      expect.objectContaining({
        event: 'lead_rejected',
        fields: expect.objectContaining({
          reason: 'invalid',
          status: 400,
          fields: expect.objectContaining({ telephone: expect.any(Number) }),
        }),
      }),
    );
    expect(serialized).not.toContain('Tracenatif');
    expect(serialized).not.toContain('123456');
  });

  it.each([
    ['with Content-Length', false],
    ['chunked, without Content-Length', true],
  ])('sends a body over 16 KiB (%s) to the size page', async (_name, chunked) => {
    const before = (await server.pipeline.stores.leads.listLeads()).length;
    const answer = await send(server.endpoint, {
      headers: { 'Content-Type': FORM_TYPE, Origin: server.origin },
      body: formBody({ message: 'é'.repeat(3_000) }),
      chunked,
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe(page(CONTACT_ERROR_PATHS.tooLarge));
    expect((await server.pipeline.stores.leads.listLeads()).length).toBe(before);
  });

  it.each(['application/x-www-form-urlencoded; charset=iso-8859-1', 'text/plain'])(
    'refuses the content type %s with 415 and a French error',
    async (type) => {
      const answer = await send(server.endpoint, {
        headers: { 'Content-Type': type, Origin: server.origin },
        body: formBody(),
      });
      expect(answer.status).toBe(415);
      expect(JSON.parse(answer.body)).toEqual({
        error: 'La demande doit être envoyée au format JSON.',
      });
    },
  );

  it('sends a client over its rate limit to the rate-limit page', async () => {
    const limited = await startTestServer({ rateLimitPerHour: 1 });
    try {
      expect((await postForm(formBody(), {}, limited)).headers.location).toMatch(
        thanksPage(page(CONTACT_THANKS_PATH)),
      );
      const answer = await postForm(formBody(), {}, limited);
      expect(answer.status).toBe(303);
      expect(answer.headers.location).toBe(page(CONTACT_ERROR_PATHS.rateLimited));
      expect(await limited.pipeline.stores.leads.listLeads()).toHaveLength(1);
    } finally {
      await limited.close();
    }
  });

  it('sends a post the store cannot take to the unavailable page', async () => {
    const broken = await startTestServer();
    try {
      await broken.pipeline.stores.close();
      const answer = await postForm(formBody(), {}, broken);
      expect(answer.status).toBe(303);
      expect(answer.headers.location).toBe(page(CONTACT_ERROR_PATHS.unavailable));
    } finally {
      await broken.close();
    }
  });
});

describe('redirect targets and other sites', () => {
  it('builds the target from SITE_URL whatever Host, X-Forwarded-Host or Forwarded say', async () => {
    const answer = await postForm(formBody(), {
      Host: 'evil.example',
      'X-Forwarded-Host': 'evil.example',
      'X-Forwarded-Proto': 'http',
      Forwarded: 'host=evil.example;proto=http',
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toMatch(thanksPage(page(CONTACT_THANKS_PATH)));
    const invalid = await postForm(formBody({ email: '' }), { Host: 'evil.example' });
    expect(invalid.headers.location).toBe(page(CONTACT_ERROR_PATHS.invalid));
  });

  it.each([
    ['an Origin of another site', { Origin: 'https://evil.example' }],
    ['an opaque Origin', { Origin: 'null' }],
    ['no Origin and Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
  ])('refuses a post with %s: 403, nothing stored, no redirect', async (_name, headers) => {
    const before = (await server.pipeline.stores.leads.listLeads()).length;
    const answer = await send(server.endpoint, {
      headers: { 'Content-Type': FORM_TYPE, ...headers },
      body: formBody(),
    });
    expect(answer.status).toBe(403);
    expect(answer.headers.location).toBeUndefined();
    expect(JSON.parse(answer.body)).toEqual({
      error: 'Cette demande ne vient pas de notre site et a été refusée.',
    });
    expect((await server.pipeline.stores.leads.listLeads()).length).toBe(before);
  });

  it('leaves the JSON contract as it was: a JSON post from another origin is not refused', async () => {
    const answer = await send(server.endpoint, {
      headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' },
      body: JSON.stringify(validRequest()),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('without SITE_URL', () => {
  let own: TestServer;
  beforeAll(async () => {
    // As `PORT=any npm start` with nothing configured: the site's origins are the server's own.
    own = await startTestServer({ siteUrl: undefined });
  });
  afterAll(async () => {
    await own.close();
  });

  it('sends a post from one of its origins back to that origin', async () => {
    for (const origin of [own.url, own.url.replace('127.0.0.1', 'localhost')]) {
      const answer = await postForm(formBody(), { Origin: origin }, own);
      expect(answer.status).toBe(303);
      expect(answer.headers.location).toMatch(thanksPage(`${origin}${CONTACT_THANKS_PATH}`));
    }
    const invalid = await postForm(formBody({ email: '' }), {}, own);
    expect(invalid.headers.location).toBe(`${own.origin}${CONTACT_ERROR_PATHS.invalid}`);
  });

  it('answers a post without Origin with a relative Location, whatever Host or X-Forwarded-Host say', async () => {
    const answer = await send(own.endpoint, {
      headers: {
        'Content-Type': FORM_TYPE,
        'Sec-Fetch-Site': 'same-origin',
        Host: 'evil.example',
        'X-Forwarded-Host': 'evil.example',
        Forwarded: 'host=evil.example;proto=http',
      },
      body: formBody(),
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toMatch(thanksPage(CONTACT_THANKS_PATH));
  });

  it('still refuses a post from another site, with no redirect', async () => {
    const answer = await postForm(formBody(), { Origin: 'https://evil.example' }, own);
    expect(answer.status).toBe(403);
    expect(answer.headers.location).toBeUndefined();
  });
});

describe('GET', () => {
  it('is refused with 405, and its query string is logged nowhere', async () => {
    const answer = await send(`${server.endpoint}?nom=Fuitenom&email=fuite%40example.fr`, {
      method: 'GET',
    });
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('POST, OPTIONS');
    expect(JSON.parse(answer.body)).toEqual({ error: expect.stringMatching(/^Méthode/) });
    const serialized = JSON.stringify(server.logs);
    expect(serialized).not.toContain('Fuitenom');
    expect(serialized).not.toContain('fuite');
  });
});

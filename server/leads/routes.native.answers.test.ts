import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { SEED_CONSENT_VERSION } from '#contracts/contact/consent.ts';
import { CONTACT_ERROR_PATHS, CONTACT_THANKS_PATH } from '#contracts/contact/lead-contract.ts';
import { startTestServer, type TestServer, validRequest } from '#test-support/harness.ts';
import {
  FORM_TYPE,
  formBody,
  page,
  postForm,
  send,
  server,
  serveForThisFile,
  thanksPage,
} from './routes.native.fixture.ts';

/**
 * The browser's native form post (`application/x-www-form-urlencoded`, no script), answered
 * with `303 See Other` to a page of the configured site (or of the server's own origin), and GET
 * refused.
 */
serveForThisFile();

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
      consent: { version: SEED_CONSENT_VERSION },
    });
    expect(lead?.delivery.map((mail) => mail.kind)).toEqual(['notification', 'confirmation']);
  });

  it('counts for the page it was sent from, by the site’s own Referer', async () => {
    const email = 'native.referer@entreprise.example';
    const answer = await postForm(formBody({ email }), { Referer: `${server.origin}/contact` });
    expect(answer.status).toBe(303);
    const leads = await server.pipeline.stores.leads.listLeads();
    const id = leads.find((entry) => entry.email === email)?.id ?? '';
    expect((await server.pipeline.stores.inbox.leadDetail(id))?.sourcePage).toBe('/contact');
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

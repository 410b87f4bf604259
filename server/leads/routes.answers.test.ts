import { createClient, FunctionsHttpError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';

import { siteConfig } from '#config/site.ts';
import { SEED_CONSENT_TEXT, SEED_CONSENT_VERSION } from '#contracts/contact/consent.ts';
import { CONTACT_ENDPOINT_PATH } from '#contracts/contact/lead-contract.ts';
import { CORS_ALLOWED_HEADERS } from './contact-guards.ts';
import { postJson, startTestServer, validRequest } from '#test-support/harness.ts';
import { expectFrenchError, mailsFor, peer, server, serveForThisFile } from './routes.fixture.ts';

/**
 * The JSON endpoint's answers to valid requests: stored and sent, through the Supabase client
 * and CORS; and its answer when storage fails.
 */
serveForThisFile();

/** The Supabase function name: the last segment of the endpoint's path. */
const FUNCTION_NAME = CONTACT_ENDPOINT_PATH.split('/').at(-1)!;

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
    expect(lead?.consent).toMatchObject({ text: SEED_CONSENT_TEXT, version: SEED_CONSENT_VERSION });
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
      expect(part).toMatch(
        /Nous vous rappellerons au plus tard \S+ \d+(er)?\s\S+( à \d+\sh|, fin de journée)/,
      );
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

import { describe, expect, it } from 'vitest';

import { CONTACT_ERROR_PATHS, CONTACT_THANKS_PATH } from '#contracts/contact/lead-contract.ts';
import { startTestServer } from '#test-support/harness.ts';
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

/** The native form post: the same refusals as the JSON path, as pages, storing nothing. */
serveForThisFile();

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

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { CONTACT_THANKS_PATH } from '#contracts/contact/lead-contract.ts';
import {
  postJson,
  startTestServer,
  TEST_SITE_URL,
  type TestServer,
  validRequest,
} from '#test-support/harness.ts';
import { acceptedAnswer } from './accepted-answer.ts';
import { FORM_TYPE, formBody, send } from './routes.native.fixture.ts';

const contact = {
  choice: { channel: 'telephone' as const, days: [], slots: [] },
  text: '',
  version: '',
};

/**
 * A second request from an address within 24 hours gets no confirmation e-mail (the flood
 * rule): the answer says that the earlier confirmation's link opens it too (ADR 0031), in the
 * JSON the script reads and in the thank-you page's fragment after a native post.
 */
describe('the answer to a request whose confirmation is withheld', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server.close();
  });

  const postJsonRequest = async (overrides: Record<string, unknown>) =>
    (await postJson(server.endpoint, validRequest(overrides), { Origin: server.origin })).json();
  const postNative = (overrides: Record<string, string>) =>
    send(server.endpoint, {
      headers: { 'Content-Type': FORM_TYPE, Origin: server.origin },
      body: formBody(overrides),
    });

  it('says the earlier link covers it, as JSON and after a native post', async () => {
    const first = await postJsonRequest({ email: 'lea@entreprise.example' });
    expect(first).toEqual({ ok: true, id: expect.any(String), callbackBy: expect.any(String) });
    // Another request from the same address (its case aside), another message.
    const second = await postJsonRequest({
      email: 'Lea@Entreprise.example',
      message: 'Et un devis, aussi.',
    });
    expect(second).toMatchObject({ ok: true, earlierLink: true });
    const native = await postNative({ email: 'lea@entreprise.example', message: 'Encore.' });
    expect(native.status).toBe(303);
    expect(native.headers.location).toMatch(
      new RegExp(`^${TEST_SITE_URL}${CONTACT_THANKS_PATH}#rappel=[^&]+&lien=precedent$`),
    );
    // Another address: its own confirmation, nothing to say.
    expect(await postJsonRequest({ email: 'paul@entreprise.example' })).not.toHaveProperty(
      'earlierLink',
    );
    // Only the first one's confirmation goes (sent by now, or on its way).
    const confirmations = (await server.pipeline.stores.leads.listLeads())
      .filter((lead) => lead.email.toLowerCase() === 'lea@entreprise.example')
      .flatMap((lead) => lead.delivery.filter((mail) => mail.kind === 'confirmation'))
      .map((mail) => (mail.status === 'withheld' ? 'withheld' : 'sent'));
    expect(confirmations.sort()).toEqual(['sent', 'withheld', 'withheld']);
  });
});

describe('acceptedAnswer', () => {
  const stored = { status: 'stored' as const, id: 'x', receivedAt: 0, contact };
  const facts = { callbackBy: '2026-11-30T19:00' };

  it('tells the earlier link only where confirmations carry one (the Node server)', () => {
    const withheld = { ...stored, earlierConfirmation: true as const };
    expect(acceptedAnswer(withheld, facts, true)).toEqual({
      body: { ok: true, id: 'x', callbackBy: '2026-11-30T19:00', earlierLink: true },
      thanksPath: `${CONTACT_THANKS_PATH}#rappel=2026-11-30T19:00&lien=precedent`,
    });
    // The Edge Function's confirmation has no link: nothing to point to.
    expect(acceptedAnswer(withheld, facts, false)).toEqual({
      body: { ok: true, id: 'x', callbackBy: '2026-11-30T19:00' },
      thanksPath: `${CONTACT_THANKS_PATH}#rappel=2026-11-30T19:00`,
    });
    expect(acceptedAnswer(stored, {}, true)).toEqual({
      body: { ok: true, id: 'x' },
      thanksPath: CONTACT_THANKS_PATH,
    });
  });
});

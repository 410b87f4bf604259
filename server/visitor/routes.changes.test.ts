import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { siteConfig } from '#config/site.ts';
import { CHOICE_VERSION } from '#contracts/contact/contact-choice.ts';
import { PHONE_CONSENT_VERSION } from '#contracts/contact/phone-consent.ts';
import { VISITOR_API, type VisitorView } from '#contracts/contact/visitor-api.ts';
import { postJson, startTestServer, type TestServer, validRequest } from '#test-support/harness.ts';
import { MAX_CHANGES_PER_DAY } from './change-bound.ts';
import { VISITOR_MESSAGES } from './messages.ts';

/**
 * The visitor page's API on its write path (ADR 0030), on SQLite in this process (the races run
 * on both engines in change-race.test.ts): days and slots normalised before they are checked,
 * the day's bound answered 429 in French with the company's phone, a change that changes
 * nothing answered without a write, « Être rappelé(e) par téléphone ».
 */
describe('the visitor page’s API, its changes', () => {
  let server: TestServer;
  let client = 0;

  beforeEach(async () => {
    server = await startTestServer({ trustProxy: 'x-forwarded-for' });
    client += 1;
  });
  afterEach(() => server.close());

  const send = (path: string, body: unknown) =>
    postJson(`${server.url}${path}`, body, {
      Origin: server.origin,
      'X-Forwarded-For': `10.3.0.${client}`,
    });
  const stores = () => server.pipeline.stores;
  async function storedRequest(
    overrides: Record<string, unknown> = {},
  ): Promise<{ id: string; token: string }> {
    const response = await postJson(
      server.endpoint,
      validRequest({
        recontact: 'telephone',
        jours: ['mardi'],
        creneaux: ['14:00-17:00'],
        recontactVersion: CHOICE_VERSION,
        ...overrides,
      }),
      { Origin: server.origin, 'X-Forwarded-For': `10.4.0.${client}` },
    );
    const { id } = (await response.json()) as { id: string };
    return { id, token: await stores().visitorLinks.mint(id, Date.now()) };
  }
  const slotsOf = async (id: string) => (await stores().leads.getLead(id))?.contact.choice;

  it('normalises the days and slots first: a slot sent twice with a space is one slot', async () => {
    const { id, token } = await storedRequest();
    const changed = await send(VISITOR_API.slots, {
      jeton: token,
      demande: id,
      jours: [' jeudi', 'jeudi'],
      creneaux: ['10:00-13:00', ' 10:00-13:00'],
    });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ days: ['jeudi'], slots: ['10:00-13:00'] });
    expect(await slotsOf(id)).toEqual({
      channel: 'telephone',
      days: [4],
      slots: [{ start: 600, end: 780 }],
    });
    const overlapping = await send(VISITOR_API.slots, {
      jeton: token,
      demande: id,
      jours: [],
      creneaux: ['10:00-13:00', '12:00-14:00'],
    });
    expect(overlapping.status).toBe(400);
    expect(await overlapping.json()).toMatchObject({
      fields: { creneaux: VISITOR_MESSAGES.slotNotOffered },
    });
  });

  it('answers past 10 changes a day with 429, in French, with the company’s phone', async () => {
    const { id, token } = await storedRequest();
    const days = ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi'];
    for (let i = 0; i < MAX_CHANGES_PER_DAY; i += 1) {
      const slots = i < 5 ? ['10:00-13:00'] : ['17:00-20:00'];
      expect(
        (
          await send(VISITOR_API.slots, {
            jeton: token,
            demande: id,
            jours: [days[i % 5]],
            creneaux: slots,
          })
        ).status,
      ).toBe(200);
    }
    const refused = await send(VISITOR_API.slots, {
      jeton: token,
      demande: id,
      jours: [],
      creneaux: [],
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    const { error } = (await refused.json()) as { error: string };
    expect(error).toBe(VISITOR_MESSAGES.tooManyChanges);
    expect(error).toContain(siteConfig.phone.display);
    expect(error).toContain('10\u00a0fois en 24\u00a0heures');
    // The same choice again: answered, nothing written, no worker kicked, not logged as a change.
    const logged = () => server.logs.filter((log) => log.event === 'visitor_changed').length;
    const before = logged();
    const same = await send(VISITOR_API.slots, {
      jeton: token,
      demande: id,
      jours: ['vendredi'],
      creneaux: ['17:00-20:00'],
    });
    expect(same.status).toBe(200);
    expect(logged()).toBe(before);
  });

  it('« Être rappelé(e) par téléphone » after « Ne plus m’appeler », with the wording’s version', async () => {
    const { id, token } = await storedRequest();
    const stopped = (await (
      await send(VISITOR_API.stopCalls, { jeton: token, demande: id })
    ).json()) as VisitorView;
    expect(stopped).toMatchObject({ channel: 'email', canAllowCalls: true, canChangeSlots: false });
    const refused = await send(VISITOR_API.slots, {
      jeton: token,
      demande: id,
      jours: ['lundi'],
      creneaux: [],
    });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: VISITOR_MESSAGES.callsWithdrawn });

    const unconfirmed = await send(VISITOR_API.allowCalls, {
      jeton: token,
      demande: id,
      version: PHONE_CONSENT_VERSION,
    });
    expect(unconfirmed.status).toBe(400);
    const stale = await send(VISITOR_API.allowCalls, {
      jeton: token,
      demande: id,
      accord: true,
      version: '2020-01-01',
    });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toEqual({ error: VISITOR_MESSAGES.staleConsent });

    const allowed = await send(VISITOR_API.allowCalls, {
      jeton: token,
      demande: id,
      accord: true,
      version: PHONE_CONSENT_VERSION,
    });
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toMatchObject({
      channel: 'telephone',
      phoneWithdrawnAt: null,
      canChangeSlots: true,
      canAllowCalls: false,
    });
    expect((await stores().leads.getLead(id))?.contact).toMatchObject({
      version: PHONE_CONSENT_VERSION,
      phoneWithdrawnAt: null,
    });
    expect(
      server.logs.filter((log) => log.event === 'visitor_changed').map((log) => log.fields),
    ).toEqual([{ action: 'stop_calls' }, { action: 'allow_calls' }]);
  });

  it('takes « Être rappelé(e) par téléphone » only on a request of the link’s address: another’s is a bad token’s 404', async () => {
    const mine = await storedRequest();
    const theirs = await storedRequest({ email: 'paul@ailleurs.example' });
    // Their own link withdrew their phone consent; another person's link cannot give it back.
    const stopped = await send(VISITOR_API.stopCalls, { jeton: theirs.token, demande: theirs.id });
    expect(stopped.status).toBe(200);
    const consent = { accord: true, version: PHONE_CONSENT_VERSION };
    const regiven = await send(VISITOR_API.allowCalls, {
      jeton: mine.token,
      demande: theirs.id,
      ...consent,
    });
    expect(regiven.status).toBe(404);
    expect(await regiven.json()).toEqual({ error: VISITOR_MESSAGES.unknownLink });
    expect((await stores().leads.getLead(theirs.id))?.contact).toMatchObject({
      choice: { channel: 'email' },
      sequence: 1,
    });
    // An act that names no request is not the act's body.
    const unnamed = await send(VISITOR_API.allowCalls, { jeton: theirs.token, ...consent });
    expect(unnamed.status).toBe(400);
  });
});

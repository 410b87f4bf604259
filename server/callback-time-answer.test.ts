import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CHOICE_VERSION } from '#contracts/contact/contact-choice.ts';
import { CONTACT_THANKS_PATH } from '#contracts/contact/lead-contract.ts';
import {
  postJson,
  startTestServer,
  TEST_SITE_URL,
  validRequest,
  type TestServer,
} from '#test-support/harness.ts';
import { startSmtpPeer, type ReceivedMail, type SmtpPeer } from '#test-support/smtp-peer.ts';

/**
 * The visitor is told (docs/callback.md) when the call comes. With a fixed clock, the endpoint's answer,
 * the thank-you page's address after a native post and the confirmation e-mail all give the due
 * time the call-back clock computed for the request, which the company's notification states too.
 */
const FRIDAY_EVENING = Date.parse('2026-11-27T19:00:00+01:00');
/** Thursday 24 December 2026, 15:00: Christmas (Friday) and the weekend are not working days. */
const CHRISTMAS_EVE = Date.parse('2026-12-24T15:00:00+01:00');
/** Saturday 28 November 2026, 11:00: due by the end of Monday. */
const SATURDAY = Date.parse('2026-11-28T11:00:00+01:00');

let peer: SmtpPeer;

beforeAll(async () => {
  peer = await startSmtpPeer();
});

afterAll(async () => {
  await peer.stop();
});

function mailOf(id: string, kind: 'notification' | 'confirmation'): ReceivedMail | undefined {
  return peer.messages.find(
    (mail) => mail.headers.get('message-id') === `<${id}.${kind}@calora-energies.example>`,
  );
}

const cases = [
  {
    name: 'a Friday evening request is due on Monday evening',
    at: FRIDAY_EVENING,
    answer: '2026-11-30T19:00',
    sentence: 'Nous vous rappellerons au plus tard lundi 30\u00a0novembre à 19\u00a0h.',
    notification: 'À rappeler avant\u00a0: lundi 30\u00a0novembre à 19\u00a0h',
  },
  {
    name: 'a request on the eve of a holiday skips the holiday and the weekend',
    at: CHRISTMAS_EVE,
    answer: '2026-12-28T15:00',
    sentence: 'Nous vous rappellerons au plus tard lundi 28\u00a0décembre à 15\u00a0h.',
    notification: 'À rappeler avant\u00a0: lundi 28\u00a0décembre à 15\u00a0h',
  },
  {
    // ADR 0036: the end of a day is written on its own day, one way for the visitor and staff.
    name: 'a Saturday request is due by the end of Monday, written so to both',
    at: SATURDAY,
    answer: '2026-11-30T24:00',
    sentence: 'Nous vous rappellerons au plus tard lundi 30\u00a0novembre, fin de journée.',
    notification: 'À rappeler avant\u00a0: lundi 30\u00a0novembre, fin de journée',
  },
] as const;

describe.each(cases)('$name', ({ at, answer, sentence, notification }) => {
  let now = at;
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ smtpUrl: peer.url, clock: () => now });
  });

  afterAll(async () => {
    await server.close();
  });

  it('answers the script with the time, and the confirmation e-mail says it', async () => {
    const response = await postJson(
      server.endpoint,
      validRequest({ email: `json.${at}@entreprise.example` }),
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { id: string; callbackBy: string };
    expect(body.callbackBy).toBe(answer);

    await peer.waitFor(() => Boolean(mailOf(body.id, 'confirmation')));
    const confirmation = mailOf(body.id, 'confirmation')!;
    expect(confirmation.text).toContain(sentence);
    expect(confirmation.html).toContain(sentence);
    await peer.waitFor(() => Boolean(mailOf(body.id, 'notification')));
    const staffMail = mailOf(body.id, 'notification')!;
    expect(staffMail.text).toContain(notification);
    for (const part of [confirmation.text, staffMail.text])
      expect(part).not.toMatch(/à 24\s?h|24:00/);
  });

  it('sends a native post to the thank-you page with the time in the fragment', async () => {
    const form = new URLSearchParams(
      Object.entries(validRequest({ email: `native.${at}@entreprise.example` })).map(
        ([key, value]) => [key, String(value)],
      ),
    );
    const response = await fetch(server.endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.origin },
      body: form.toString(),
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(
      `${TEST_SITE_URL}${CONTACT_THANKS_PATH}#rappel=${answer}`,
    );
  });

  it('gives a repeat of the same request the first one’s time', async () => {
    const request = validRequest({ email: `repeat.${at}@entreprise.example` });
    const first = (await (await postJson(server.endpoint, request)).json()) as {
      id: string;
      callbackBy: string;
    };
    now += 5 * 60_000;
    try {
      const again = (await (await postJson(server.endpoint, request)).json()) as {
        id: string;
        callbackBy: string;
      };
      expect(again).toEqual(first);
    } finally {
      now -= 5 * 60_000;
    }
  });
});

/**
 * ADR 0029: the answer follows the visitor's choice. With slots, the first chosen slot after
 * reception (its start, and its end as the due time); by e-mail, the promise's time and the
 * channel; the native post's fragment carries the same.
 */
describe('the answer follows the choice of contact (a Friday evening request)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ smtpUrl: peer.url, clock: () => FRIDAY_EVENING });
  });

  afterAll(async () => {
    await server.close();
  });

  const phoneOnTuesdayAfternoon = {
    recontact: 'telephone',
    jours: ['mardi'],
    creneaux: ['14:00-17:00'],
    recontactVersion: CHOICE_VERSION,
  };

  it.each([
    {
      name: 'the phone on Tuesdays from 14 h to 17 h: Tuesday 1 December, 14 h to 17 h',
      choice: phoneOnTuesdayAfternoon,
      answer: {
        callbackBy: '2026-12-01T17:00',
        callbackFrom: '2026-12-01T14:00',
        recontact: 'telephone',
      },
    },
    {
      name: 'the phone « dès que possible »: the promise',
      choice: { recontact: 'telephone', recontactVersion: CHOICE_VERSION },
      answer: { callbackBy: '2026-11-30T19:00', recontact: 'telephone' },
    },
    {
      name: 'the e-mail: the promise, by e-mail',
      choice: { recontact: 'email', recontactVersion: CHOICE_VERSION },
      answer: { callbackBy: '2026-11-30T19:00', recontact: 'email' },
    },
  ])('$name', async ({ choice, answer }) => {
    const response = await postJson(
      server.endpoint,
      validRequest({ email: `choice.${answer.recontact}.${Math.random()}@x.example`, ...choice }),
    );
    expect(response.status).toBe(200);
    const { id, ...rest } = (await response.json()) as { id: string };
    expect(id).toBeTruthy();
    expect(rest).toEqual({ ok: true, ...answer });
  });

  it('sends a native post with a slot to the thank-you page with the slot in the fragment', async () => {
    const form = new URLSearchParams(
      Object.entries(
        validRequest({ email: 'native.slot@entreprise.example', rgpdConsent: 'true' }),
      ).map(([key, value]) => [key, String(value)]),
    );
    form.append('recontact', 'telephone');
    form.append('recontactVersion', CHOICE_VERSION);
    form.append('jours', 'mardi');
    form.append('jours', 'jeudi');
    form.append('creneaux', '14:00-17:00');
    const response = await fetch(server.endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.origin },
      body: form.toString(),
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(
      `${TEST_SITE_URL}${CONTACT_THANKS_PATH}#rappel=2026-12-01T17:00&creneau=2026-12-01T14:00`,
    );
  });

  it('sends a native post by e-mail to the thank-you page saying so', async () => {
    const form = new URLSearchParams(
      Object.entries(
        validRequest({
          email: 'native.email@entreprise.example',
          rgpdConsent: 'true',
          recontact: 'email',
          recontactVersion: CHOICE_VERSION,
        }),
      ).map(([key, value]) => [key, String(value)]),
    );
    const response = await fetch(server.endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.origin },
      body: form.toString(),
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(
      `${TEST_SITE_URL}${CONTACT_THANKS_PATH}#rappel=2026-11-30T19:00&canal=email`,
    );
  });
});

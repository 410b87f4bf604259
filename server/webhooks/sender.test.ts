import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  startWebhookReceiver,
  TEST_WEBHOOK_SECRET,
  type WebhookReceiver,
} from '#test-support/webhook-receiver.ts';
import { SEND_ERRORS, WebhookSender } from './sender.ts';

/** One attempt against a real receiver on loopback: what each kind of answer becomes. */
describe('WebhookSender', () => {
  let receiver: WebhookReceiver;
  let sender: WebhookSender;
  const body = JSON.stringify({
    type: 'webhook.test',
    timestamp: '2026-11-26T10:00:00.000Z',
    data: {},
  });
  const id = `msg_${'b'.repeat(32)}`;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    sender = new WebhookSender({
      url: receiver.url,
      secret: TEST_WEBHOOK_SECRET,
      timeoutMs: 1_000,
    });
  });
  afterAll(() => receiver.stop());

  it('signs with the Standard Webhooks headers and keeps the start of a 2xx answer', async () => {
    receiver.answer = 204;
    const outcome = await sender.send(id, body, new Date());
    expect(outcome).toMatchObject({ httpStatus: 204, error: null, response: null });
    const received = receiver.received.at(-1);
    expect(received).toMatchObject({ webhookId: id, verified: true, body });
    expect(Math.abs(received!.timestamp - Date.now() / 1000)).toBeLessThan(5);
  });

  it('never follows a redirect: a 3xx is a failed attempt', async () => {
    receiver.answer = 302;
    const before = receiver.received.length;
    const outcome = await sender.send(id, body, new Date());
    expect(outcome).toMatchObject({ httpStatus: 302, error: SEND_ERRORS.redirect(302) });
    expect(receiver.received.length).toBe(before + 1);
  });

  it('reports an error status, a timeout and a refused connection in French', async () => {
    receiver.answer = 500;
    expect((await sender.send(id, body, new Date())).error).toBe('réponse HTTP 500');
    receiver.answer = 'hang';
    const timedOut = await sender.send(id, body, new Date());
    expect(timedOut).toMatchObject({ httpStatus: null, error: 'délai dépassé (1 s)' });
    expect(timedOut.durationMs).toBeGreaterThanOrEqual(900);
    await receiver.stop();
    // A kept-alive connection the receiver closed, then no listener at all.
    const errors = [
      (await sender.send(id, body, new Date())).error,
      (await sender.send(id, body, new Date())).error,
    ];
    expect(errors.at(-1)).toBe('connexion refusée');
    expect(['connexion refusée', 'connexion fermée par le destinataire']).toContain(errors[0]);
    await receiver.listen();
  });
});

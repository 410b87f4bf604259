import { describe, expect, it } from 'vitest';

import { STAFF_API } from '#contracts/staff/contract.ts';
import {
  WEBHOOK_API,
  type IntegrationsPage,
  type LeadWebhooks,
} from '#contracts/staff/webhooks-contract.ts';
import { signInStaff, submitRequest } from '#test-support/webhook-server.ts';
import { cleanUpAfterAll, engineRun, receiverFor } from './delivery.fixture.ts';

/**
 * The CRM webhook end to end (ADR 0024): a real server process, a real HTTP receiver on loopback
 * that verifies every signature with `standardwebhooks`, e-mail to a real SMTP peer; on SQLite and
 * on PostgreSQL. Here: delivery, retries, order, failure for good and a disabled endpoint.
 */
cleanUpAfterAll();

describe.each(['sqlite', 'postgres'] as const)('the CRM webhook on %s', (engine) => {
  const run = engineRun(engine);
  const { server } = run;

  it('delivers lead.created, signed, with the id the endpoint answered and the request’s data', async () => {
    const receiver = await receiverFor();
    const running = await server(receiver, 'delivery');
    const email = `livraison.${engine}@entreprise.example`;
    const id = await submitRequest(running, email);
    await receiver.waitFor((received) => received.some((event) => event.data.id === id));
    const [event] = receiver.received;
    expect(event?.verified).toBe(true);
    expect(event?.type).toBe('lead.created');
    expect(event?.webhookId).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(event?.data).toMatchObject({
      id,
      email,
      clientType: 'professionnel',
      consent: { version: expect.any(String), text: expect.any(String) },
      // The seed's payload (no choice): stored as `non_precise`, due by the promise.
      contact: expect.objectContaining({ channel: 'non_precise', dueAt: expect.any(String) }),
    });
    expect(JSON.parse(event!.body)).toMatchObject({
      type: 'lead.created',
      timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const staff = await signInStaff(running, run.setup.peer);
    const deliveries = await staff.get<LeadWebhooks>(WEBHOOK_API.lead(id));
    expect(deliveries.events).toEqual([
      expect.objectContaining({
        webhookId: event?.webhookId,
        type: 'lead.created',
        status: 'delivered',
        attempts: [expect.objectContaining({ httpStatus: 200, error: null })],
      }),
    ]);
  }, 60_000);

  it('retries after a 500, a refused connection and a timeout under one webhook-id, then delivers', async () => {
    const receiver = await receiverFor();
    const running = await server(receiver, 'retries', { retryDelays: '1s,1s,1s,1s,1s,1s' });
    const answers: Array<number | 'hang'> = [500, 'hang', 200];
    receiver.answer = () => answers.shift() ?? 200;
    const id = await submitRequest(running, `essais.${engine}@entreprise.example`);
    await receiver.waitFor((received) => received.length >= 1);
    // Nobody listens until an attempt has found the door shut.
    await receiver.stop();
    const staff = await signInStaff(running, run.setup.peer);
    const attemptsOf = async () =>
      (await staff.get<LeadWebhooks>(WEBHOOK_API.lead(id))).events[0]?.attempts ?? [];
    const shut = ['connexion refusée', 'connexion fermée par le destinataire'];
    for (let tries = 0; !(await attemptsOf()).some((a) => shut.includes(a.error ?? ''));) {
      if ((tries += 1) > 100) throw new Error('no attempt while the receiver was down');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await receiver.listen();
    await receiver.waitFor((received) => received.some((event) => event.answered === 200), 30_000);
    const ids = new Set(receiver.received.map((event) => event.webhookId));
    expect(ids.size).toBe(1);
    expect(receiver.received.map((event) => event.answered)).toEqual([500, 'hang', 200]);
    expect(receiver.received.every((event) => event.verified)).toBe(true);
    // The server writes the attempt once it has read the answer: a moment after the receiver
    // sent it (seen to lag on a loaded machine). Read until the event leaves « pending ».
    const eventNow = async () => (await staff.get<LeadWebhooks>(WEBHOOK_API.lead(id))).events[0];
    for (let tries = 0; (await eventNow())?.status === 'pending' && tries < 100; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const event = await eventNow();
    expect(event?.status).toBe('delivered');
    const attempts = event?.attempts ?? [];
    expect(attempts.map((attempt) => attempt.httpStatus)).toEqual([500, null, null, 200]);
    expect(attempts.map((attempt) => attempt.error)).toEqual([
      'réponse HTTP 500',
      expect.toBeOneOf(shut),
      'délai dépassé (1 s)',
      null,
    ]);
  }, 90_000);

  it('sends a request’s events in order: each waits until the previous one is delivered', async () => {
    const receiver = await receiverFor();
    const running = await server(receiver, 'order', { retryDelays: '1s,1s,1s' });
    let createdFailures = 2;
    receiver.answer = (event) =>
      event.type === 'lead.created' && createdFailures-- > 0 ? 500 : 200;
    const id = await submitRequest(running, `ordre.${engine}@entreprise.example`);
    await receiver.waitFor((received) => received.length >= 1);
    const staff = await signInStaff(running, run.setup.peer);
    for (const status of ['en_cours', 'converti'] as const) {
      expect((await staff.post(STAFF_API.status(id), { status })).status).toBe(200);
    }
    await receiver.waitFor(
      (received) => received.filter((event) => event.answered === 200).length === 3,
      30_000,
    );
    expect(receiver.received.map((event) => [event.type, event.answered])).toEqual([
      ['lead.created', 500],
      ['lead.created', 500],
      ['lead.created', 200],
      ['lead.status_changed', 200],
      ['lead.status_changed', 200],
    ]);
    expect(receiver.received.slice(3).map((event) => event.data)).toEqual([
      { id, status: 'en_cours', previousStatus: 'nouveau', changedAt: expect.any(String) },
      { id, status: 'converti', previousStatus: 'en_cours', changedAt: expect.any(String) },
    ]);
    expect(receiver.received.every((event) => event.verified)).toBe(true);
  }, 90_000);

  it('fails an event for good when its retries run out, with one alert e-mail for many, then « Renvoyer » delivers it under its id', async () => {
    const receiver = await receiverFor();
    receiver.answer = 503;
    const running = await server(receiver, 'exhaustion', { retryDelays: '1s' });
    const mailsBefore = run.setup.peer.messages.length;
    const ids = [];
    for (let i = 0; i < 3; i += 1) {
      ids.push(await submitRequest(running, `echec.${i}.${engine}@entreprise.example`));
    }
    // Two attempts each (1 + one retry).
    await receiver.waitFor((received) => received.length === 6, 30_000);
    const alerts = () =>
      run.setup.peer.messages
        .slice(mailsBefore)
        .filter((mail) => mail.subject?.startsWith('Le logiciel client (CRM) n’a pas reçu'));
    await run.setup.peer.waitFor(() => alerts().length >= 1, 15_000);
    // However many fail, one alert per 24 h.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(alerts()).toHaveLength(1);
    const [alert] = alerts();
    expect(alert?.subject).toMatch(/^Le logiciel client \(CRM\) n’a pas reçu [1-3] envois?$/);
    expect(alert?.text).toContain(receiver.url);
    expect(alert?.text).toContain('/equipe/integrations');

    const staff = await signInStaff(running, run.setup.peer);
    const page = await staff.get<IntegrationsPage>(WEBHOOK_API.overview);
    expect(page).toMatchObject({
      configured: true,
      failedTotal: 3,
      endpoint: { state: 'failing' },
    });
    receiver.answer = 200;
    const failedId = receiver.received[0]!.webhookId;
    const resent = await staff.post<{ count: number }>(WEBHOOK_API.resend(failedId));
    expect(resent).toEqual({ status: 200, body: { count: 1 } });
    await receiver.waitFor((received) =>
      received.some((event) => event.webhookId === failedId && event.answered === 200),
    );
    expect((await staff.post(WEBHOOK_API.resend(failedId))).status).toBe(409);
    const all = await staff.post<{ count: number }>(WEBHOOK_API.resendAll);
    expect(all.body.count).toBe(2);
    await receiver.waitFor(
      (received) => received.filter((event) => event.answered === 200).length === 3,
    );
    const delivered = receiver.received.filter((event) => event.answered === 200);
    expect(new Set(delivered.map((event) => event.data.id))).toEqual(new Set(ids));
    const after = await staff.get<IntegrationsPage>(WEBHOOK_API.overview);
    expect(after).toMatchObject({ failedTotal: 0, endpoint: { state: 'active' } });
  }, 90_000);

  it('disables the endpoint on a 410 with an alert, keeps what arrives meanwhile, and sends the backlog in order once re-enabled', async () => {
    const receiver = await receiverFor();
    receiver.answer = 410;
    const running = await server(receiver, 'gone', { retryDelays: '1s' });
    const mailsBefore = run.setup.peer.messages.length;
    const first = await submitRequest(running, `parti.1.${engine}@entreprise.example`);
    await receiver.waitFor((received) => received.length === 1);
    const goneAlerts = () =>
      run.setup.peer.messages
        .slice(mailsBefore)
        .filter((mail) => mail.subject === 'Le logiciel client (CRM) ne reçoit plus les demandes');
    await run.setup.peer.waitFor(() => goneAlerts().length === 1, 15_000);
    const staff = await signInStaff(running, run.setup.peer);
    expect(await staff.get<IntegrationsPage>(WEBHOOK_API.overview)).toMatchObject({
      endpoint: { state: 'disabled', disabledAt: expect.any(Number) },
      pending: 1,
    });
    // Meanwhile: a status change of the first request and a second request.
    expect((await staff.post(STAFF_API.status(first), { status: 'en_cours' })).status).toBe(200);
    const second = await submitRequest(running, `parti.2.${engine}@entreprise.example`);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(receiver.received).toHaveLength(1);

    receiver.answer = 200;
    expect((await staff.post(WEBHOOK_API.enable)).status).toBe(200);
    await receiver.waitFor((received) => received.length === 4);
    const sent = receiver.received.slice(1);
    // The event that got the 410 again under its id, then each request's in order.
    expect(sent.find((event) => event.data.id === first)?.webhookId).toBe(
      receiver.received[0]!.webhookId,
    );
    const ofFirst = sent.filter((event) => event.data.id === first).map((event) => event.type);
    expect(ofFirst).toEqual(['lead.created', 'lead.status_changed']);
    expect(sent.filter((event) => event.data.id === second).map((event) => event.type)).toEqual([
      'lead.created',
    ]);
    expect(sent.every((event) => event.verified && event.answered === 200)).toBe(true);
    expect(goneAlerts()).toHaveLength(1);
  }, 90_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { WEBHOOK_API, type IntegrationsPage } from '#contracts/staff/webhooks-contract.ts';
import { postJson, startTestServer, type TestServer } from '#test-support/harness.ts';
import { startSmtpPeer, type SmtpPeer } from '#test-support/smtp-peer.ts';
import { signInByMail } from '#test-support/staff-sign-in.ts';
import {
  startWebhookReceiver,
  TEST_WEBHOOK_SECRET,
  type WebhookReceiver,
} from '#test-support/webhook-receiver.ts';
import { WEBHOOK_STAFF_ERRORS } from './staff-routes.ts';

/**
 * The webhook's staff routes are behind the staff API's doors: no session, 401; another site's
 * page, 403 before anything happens; each action audited. Without a webhook, the pages say so.
 */
const STAFF = 'integrations@calora-energies.example';
const WEBHOOK_ID = `msg_${'a'.repeat(32)}`;

describe('the webhook’s staff routes', () => {
  let peer: SmtpPeer;
  let receiver: WebhookReceiver;
  let server: TestServer;
  let bare: TestServer;
  let cookie = '';

  /** Signs STAFF in on `target` through the e-mailed link; the session cookie. */
  const signIn = (target: TestServer) => signInByMail(target, peer, STAFF);

  beforeAll(async () => {
    peer = await startSmtpPeer();
    receiver = await startWebhookReceiver();
    server = await startTestServer({
      smtpUrl: peer.url,
      staffEmails: [STAFF],
      siteUrl: 'http://127.0.0.1:1',
      webhook: {
        url: `${receiver.url}?token=secret-token`,
        secret: TEST_WEBHOOK_SECRET,
        retryDelaysMs: [1_000],
        timeoutMs: 1_000,
      },
      webhookPollIntervalMs: 200,
    });
    bare = await startTestServer({ smtpUrl: peer.url, staffEmails: [STAFF] });
    cookie = await signIn(server);
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await bare?.close();
    await receiver?.stop();
    await peer?.stop();
  });

  it('answers 401 without a session, on every route', async () => {
    const routes: Array<[string, string]> = [
      ['GET', WEBHOOK_API.overview],
      ['GET', WEBHOOK_API.lead('abc')],
      ['POST', WEBHOOK_API.resend(WEBHOOK_ID)],
      ['POST', WEBHOOK_API.resendAll],
      ['POST', WEBHOOK_API.enable],
      ['POST', WEBHOOK_API.test],
    ];
    for (const [method, path] of routes) {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: { Origin: server.origin, 'Content-Type': 'application/json' },
        body: method === 'POST' ? '{}' : undefined,
      });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
    expect(receiver.received).toEqual([]);
  });

  it('refuses an action from another site’s page with 403, and sends nothing', async () => {
    const response = await postJson(
      `${server.url}${WEBHOOK_API.test}`,
      {},
      {
        Origin: 'https://evil.example',
        Cookie: cookie,
      },
    );
    expect(response.status).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.received).toEqual([]);
  });

  it('shows the endpoint without its query string, sends a test, and audits it', async () => {
    const page = (await (
      await fetch(`${server.url}${WEBHOOK_API.overview}`, { headers: { Cookie: cookie } })
    ).json()) as IntegrationsPage;
    expect(page).toMatchObject({
      configured: true,
      endpoint: { url: receiver.url, state: 'active', disabledAt: null },
    });
    expect(JSON.stringify(page)).not.toContain('secret-token');
    const sent = await postJson(
      `${server.url}${WEBHOOK_API.test}`,
      {},
      {
        Origin: server.origin,
        Cookie: cookie,
      },
    );
    expect(sent.status).toBe(200);
    await receiver.waitFor((received) => received.length === 1);
    expect(receiver.received[0]).toMatchObject({ type: 'webhook.test', verified: true });
    const audit = await server.pipeline.stores.sessions.auditLog(5);
    expect(audit[0]).toMatchObject({ actor: STAFF, action: 'webhook_test' });
  });

  it('answers 409 to « Renvoyer » on an event that is not failed, 404 to an unknown id form', async () => {
    const notFailed = await postJson(
      `${server.url}${WEBHOOK_API.resend(receiver.received[0]?.webhookId ?? WEBHOOK_ID)}`,
      {},
      { Origin: server.origin, Cookie: cookie },
    );
    expect(notFailed.status).toBe(409);
    expect(((await notFailed.json()) as { error: string }).error).toBe(
      WEBHOOK_STAFF_ERRORS.notFailed,
    );
    const malformed = await postJson(
      `${server.url}${WEBHOOK_API.resend('msg_nope')}`,
      {},
      {
        Origin: server.origin,
        Cookie: cookie,
      },
    );
    expect(malformed.status).toBe(404);
  });

  it('says that no webhook is configured on a server without one', async () => {
    const bareCookie = await signIn(bare);
    const page = await fetch(`${bare.url}${WEBHOOK_API.overview}`, {
      headers: { Cookie: bareCookie },
    });
    expect(await page.json()).toEqual({ configured: false });
    const lead = await fetch(`${bare.url}${WEBHOOK_API.lead('abc')}`, {
      headers: { Cookie: bareCookie },
    });
    expect(await lead.json()).toEqual({ configured: false, events: [] });
    const test = await postJson(
      `${bare.url}${WEBHOOK_API.test}`,
      {},
      { Origin: bare.origin, Cookie: bareCookie },
    );
    expect(test.status).toBe(404);
    expect(((await test.json()) as { error: string }).error).toBe(
      WEBHOOK_STAFF_ERRORS.notConfigured,
    );
  });
});

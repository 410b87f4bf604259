import { afterEach, describe, expect, it } from 'vitest';

import { postJson, startTestServer, validRequest, type TestServer } from '#test-support/harness.ts';
import { startSmtpPeer, type SmtpPeer } from '#test-support/smtp-peer.ts';

/**
 * Where a request came from: the source page is stored and shown in the notification; campaign
 * tags only with RECORD_CAMPAIGNS; a malformed or oversized value is dropped, never a refusal.
 */
let server: TestServer | undefined;
let peer: SmtpPeer | undefined;

afterEach(async () => {
  await server?.close();
  await peer?.stop();
  server = undefined;
  peer = undefined;
});

const CAMPAIGN = { utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'hiver-2026' };

async function submit(body: Record<string, unknown>): Promise<string> {
  const response = await postJson(server!.endpoint, validRequest(body));
  expect(response.status).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

describe('the origin of a request', () => {
  it('stores the source page, shows it in the notification, and leaves out campaign tags by default', async () => {
    peer = await startSmtpPeer();
    server = await startTestServer({ smtpUrl: peer.url });
    const id = await submit({ pageOrigine: '/professionnels/hp-flottante', ...CAMPAIGN });
    const detail = await server.pipeline.stores.inbox.leadDetail(id);
    expect(detail?.sourcePage).toBe('/professionnels/hp-flottante');
    expect(detail?.campaign).toEqual({ source: null, medium: null, campaign: null });
    await peer.waitFor((messages) =>
      messages.some(
        (mail) => mail.headers.get('message-id') === `<${id}.notification@calora-energies.example>`,
      ),
    );
    const notification = peer.messages.find(
      (mail) => mail.headers.get('message-id') === `<${id}.notification@calora-energies.example>`,
    );
    expect(notification?.text).toContain('Page d’origine\u00a0: /professionnels/hp-flottante');
  });

  it('stores campaign tags when RECORD_CAMPAIGNS is on', async () => {
    server = await startTestServer({ recordCampaigns: true });
    const id = await submit({ pageOrigine: '/', ...CAMPAIGN });
    const detail = await server.pipeline.stores.inbox.leadDetail(id);
    expect(detail?.campaign).toEqual({
      source: 'newsletter',
      medium: 'email',
      campaign: 'hiver-2026',
    });
    expect(detail?.sourcePage).toBe('/');
  });

  it('drops malformed or oversized values and still stores the request', async () => {
    server = await startTestServer({ recordCampaigns: true });
    for (const pageOrigine of [
      'https://evil.example/x',
      '//evil.example',
      '/contact?email=a@b.fr',
      '/../etc',
      `/${'a'.repeat(300)}`,
      42,
    ]) {
      const id = await submit({ pageOrigine, utmSource: '<script>', utmCampaign: 'x'.repeat(101) });
      const detail = await server.pipeline.stores.inbox.leadDetail(id);
      expect(detail?.sourcePage, String(pageOrigine)).toBeNull();
      expect(detail?.campaign).toEqual({ source: null, medium: null, campaign: null });
    }
  });
});

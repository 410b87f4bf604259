import { afterEach, describe, expect, it } from 'vitest';

import { messageIdFor } from './templates.ts';
import { backoffDelay } from './worker.ts';
import { ENGINES, engineFixture, type EngineName } from '#test-support/engines.ts';
import { postJson, startTestServer, validRequest, type TestServer } from '#test-support/harness.ts';
import { parseMail } from '#test-support/mail.ts';
import { startSmtpPeer, type SmtpPeer } from '#test-support/smtp-peer.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

async function peerFor(options?: Parameters<typeof startSmtpPeer>[0]): Promise<SmtpPeer> {
  const peer = await startSmtpPeer(options);
  cleanups.push(() => peer.stop());
  return peer;
}

/** The database of one test: SQLite in a temporary folder, or a fresh PostgreSQL database. */
async function databaseFor(engine: EngineName) {
  const fixture = await engineFixture(engine);
  cleanups.push(() => fixture.cleanup());
  return fixture.config;
}

async function serverFor(options: Parameters<typeof startTestServer>[0]): Promise<TestServer> {
  const server = await startTestServer(options);
  cleanups.push(() => server.close());
  return server;
}

async function submit(server: TestServer, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const response = await postJson(
      server.endpoint,
      validRequest({ email: `client${i}@entreprise.example` }),
    );
    expect(response.status).toBe(200);
    ids.push(((await response.json()) as { id: string }).id);
  }
  return ids;
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function messageIds(peer: SmtpPeer): string[] {
  return peer.messages.map((mail) => mail.headers.get('message-id') ?? '');
}

describe('backoffDelay', () => {
  it('doubles from the base delay and stops at the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 20, 1_000].map((n) => backoffDelay(n, 5_000, 300_000))).toEqual([
      5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000,
    ]);
  });
});

describe.each(ENGINES)('delivery on %s', (engine) => {
  it('acknowledges requests while SMTP is down, then delivers every message exactly once', async () => {
    const peer = await peerFor();
    await peer.stop();
    const server = await serverFor({ smtpUrl: peer.url, ...(await databaseFor(engine)) });

    const ids = await submit(server, 6);
    await until(async () =>
      (await server.pipeline.stores.leads.listLeads()).every((lead) =>
        lead.delivery.every((mail) => mail.attempts >= 1),
      ),
    );
    const health = (await (await fetch(`${server.url}/healthz`)).json()) as {
      outbox: { pending: number };
    };
    expect(health.outbox.pending).toBe(12);
    expect(server.logs.find((log) => log.event === 'mail_retry')?.fields).toMatchObject({
      status: 'pending',
      code: expect.stringMatching(/^E[A-Z]+$/),
    });

    await peer.start();
    await peer.waitFor((messages) => messages.length >= 12);
    await until(
      async () => (await server.pipeline.stores.outbox.backlog(Date.now())).pending === 0,
    );
    // Let the worker run several more polls: nothing may be sent again.
    const pollsBefore = server.logs.length;
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(server.logs.length).toBe(pollsBefore);

    const expected = ids.flatMap((id) => [
      `<${id}.notification@calora-energies.example>`,
      `<${id}.confirmation@calora-energies.example>`,
    ]);
    expect(messageIds(peer).sort()).toEqual(expected.sort());
    for (const lead of await server.pipeline.stores.leads.listLeads()) {
      expect(lead.delivery.map((mail) => mail.status)).toEqual(['sent', 'sent']);
      expect(lead.delivery.every((mail) => mail.attempts > 1)).toBe(true);
    }
  });

  it('sends a message once when asked to run while its own loop is sending', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const peer = await peerFor({ answerWhen: () => held });
    const server = await serverFor({ smtpUrl: peer.url, ...(await databaseFor(engine)) });
    const [id] = await submit(server, 1);
    // The started worker's loop is sending: the peer has the message and holds its answer.
    await peer.waitFor((messages) => messages.length >= 1);
    const ran = server.pipeline.worker.runOnce();
    // Time for a pass that would take the loop's claims back (the same worker's token).
    await new Promise((resolve) => setTimeout(resolve, 500));
    release();
    await ran;
    await until(
      async () => (await server.pipeline.stores.outbox.backlog(Date.now())).pending === 0,
    );
    expect(messageIds(peer).sort()).toEqual(
      [
        `<${id}.notification@calora-energies.example>`,
        `<${id}.confirmation@calora-energies.example>`,
      ].sort(),
    );
  });

  it('sends the mail still pending after a restart', async () => {
    const peer = await peerFor();
    await peer.stop();
    const database = await databaseFor(engine);
    const first = await startTestServer({ smtpUrl: peer.url, ...database });
    const ids = await submit(first, 3);
    await first.close();

    await peer.start();
    const second = await serverFor({ smtpUrl: peer.url, ...database });
    await peer.waitFor((messages) => messages.length >= 6);
    await until(
      async () => (await second.pipeline.stores.outbox.backlog(Date.now())).pending === 0,
    );
    expect(new Set(messageIds(peer)).size).toBe(6);
    expect(
      ids.every((id) => messageIds(peer).includes(`<${id}.notification@calora-energies.example>`)),
    ).toBe(true);
  });

  it('gives up on a confirmation the visitor’s server refuses, never on the notification', async () => {
    const peer = await peerFor({ rejectRecipients: /@refuse\.invalid$/ });
    const server = await serverFor({ smtpUrl: peer.url, ...(await databaseFor(engine)) });
    const { id } = (await (
      await postJson(server.endpoint, validRequest({ email: 'inconnu@refuse.invalid' }))
    ).json()) as { id: string };
    await peer.waitFor((messages) => messages.some((mail) => mail.headers.get('x-lead-id') === id));
    await until(async () =>
      (await server.pipeline.stores.leads.listLeads()).some(
        (lead) => lead.id === id && lead.delivery.every((mail) => mail.status !== 'pending'),
      ),
    );
    const lead = (await server.pipeline.stores.leads.listLeads()).find((item) => item.id === id);
    expect(lead?.delivery.map((mail) => [mail.kind, mail.status])).toEqual([
      ['notification', 'sent'],
      ['confirmation', 'failed'],
    ]);
    // The same for the visitor's change e-mails (ADR 0029); the staff notice is sent.
    const { outbox } = server.pipeline.stores;
    const domain = 'calora-energies.example';
    for (const kind of ['schedule_update', 'visitor_notice'] as const) {
      await outbox.queueLeadMail(id, kind, messageIdFor(id, kind, domain, 1), Date.now());
    }
    server.pipeline.worker.kick();
    await until(async () => (await outbox.mailFor(id)).every((mail) => mail.status !== 'pending'));
    expect((await outbox.mailFor(id)).map((mail) => [mail.kind, mail.status])).toEqual([
      ['notification', 'sent'],
      ['confirmation', 'failed'],
      ['schedule_update', 'failed'],
      ['visitor_notice', 'sent'],
    ]);
  });
});

describe('the .eml transport', () => {
  it('writes each message as a file under DATA_DIR/outbox-mail when no SMTP_URL is set', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const server = await serverFor({});
    const [id] = await submit(server, 1);
    await until(
      async () => (await server.pipeline.stores.outbox.backlog(Date.now())).pending === 0,
    );
    const files = readdirSync(join(server.dataDir, 'outbox-mail')).sort();
    expect(files).toEqual([`${id}-confirmation.eml`, `${id}-notification.eml`]);
    const raw = readFileSync(join(server.dataDir, 'outbox-mail', `${id}-notification.eml`), 'utf8');
    expect((await parseMail(raw)).headers.get('message-id')).toBe(
      `<${id}.notification@calora-energies.example>`,
    );
    expect(server.logs).toContainEqual(
      expect.objectContaining({
        event: 'mail_written',
        fields: { file: `${id}-notification.eml` },
      }),
    );
  });
});

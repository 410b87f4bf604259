import { simpleParser, type ParsedMail } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';

import { CHOICE_VERSION } from '#contracts/contact/contact-choice.ts';
import { ENGINES, engineFixture, type EngineName } from '#test-support/engines.ts';
import { postJson, startTestServer, validRequest, type TestServer } from '#test-support/harness.ts';
import { startSmtpPeer, type SmtpPeer } from '#test-support/smtp-peer.ts';
import { messageIdFor } from './templates.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

const DOMAIN = 'calora-energies.example';

async function setUp(engine: EngineName): Promise<{ peer: SmtpPeer; server: TestServer }> {
  const peer = await startSmtpPeer();
  cleanups.push(() => peer.stop());
  const fixture = await engineFixture(engine);
  cleanups.push(() => fixture.cleanup());
  const server = await startTestServer({ smtpUrl: peer.url, ...fixture.config });
  cleanups.push(() => server.close());
  return { peer, server };
}

/** The received message with this Message-ID, parsed with its attachments. */
async function received(peer: SmtpPeer, messageId: string): Promise<ParsedMail> {
  await peer.waitFor((messages) =>
    messages.some((mail) => mail.headers.get('message-id') === messageId),
  );
  const mail = peer.messages.find((each) => each.headers.get('message-id') === messageId);
  return simpleParser(mail?.raw ?? '');
}

function invitation(mail: ParsedMail): { type: string; text: string } {
  const [file] = mail.attachments;
  if (!file) throw new Error('no attachment');
  return { type: file.contentType, text: file.content.toString('utf8').replace(/\r\n /g, '') };
}

/** The token of the visitor page link in a message's text. */
function tokenOf(mail: ParsedMail): string {
  const match = /\/ma-demande#jeton=([A-Za-z0-9_-]+)/.exec(mail.text ?? '');
  if (!match?.[1]) throw new Error('no link');
  return match[1];
}

describe.each(ENGINES)('the visitor’s e-mails on %s', (engine) => {
  it('sends the confirmation, the update, the cancellation and the notices with their invitations and links', async () => {
    const { peer, server } = await setUp(engine);
    const { stores, worker } = server.pipeline;
    const response = await postJson(
      server.endpoint,
      validRequest({
        recontact: 'telephone',
        jours: ['mardi'],
        creneaux: ['14:00-17:00'],
        recontactVersion: CHOICE_VERSION,
      }),
    );
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };

    const confirmation = await received(peer, messageIdFor(id, 'confirmation', DOMAIN));
    expect(confirmation.text).toMatch(
      /Nous vous appellerons mardi \d+(er)?\u00a0\S+ entre 14\u00a0h et 17\u00a0h\./,
    );
    const published = invitation(confirmation);
    expect(published.type).toBe('text/calendar');
    expect(published.text).toContain('METHOD:PUBLISH');
    expect(published.text).toContain(`UID:${id}@${DOMAIN}`);
    expect(published.text).toContain('SEQUENCE:0');
    const firstToken = tokenOf(confirmation);
    expect(await stores.visitorLinks.leadOf(firstToken, Date.now())).toBe(id);

    // The visitor moves the slot to Thursday (the visitor page's store does this).
    const db = stores.database.db;
    const now = Date.now();
    await db
      .updateTable('leads')
      .set({
        contact_days: '4',
        contact_sequence: 1,
        contact_changed_at: now,
        contact_given_at: now,
      })
      .where('id', '=', id)
      .execute();
    expect(
      await stores.outbox.queueLeadMail(
        id,
        'schedule_update',
        messageIdFor(id, 'schedule_update', DOMAIN, 1),
        now,
      ),
    ).toBe(true);
    expect(
      await stores.outbox.queueLeadMail(
        id,
        'visitor_notice',
        messageIdFor(id, 'visitor_notice', DOMAIN, 1),
        now,
      ),
    ).toBe(true);
    worker.kick();
    const update = await received(peer, messageIdFor(id, 'schedule_update', DOMAIN, 1));
    expect(update.subject).toBe('Votre créneau a bien été modifié – Calora Énergies');
    expect(update.text).toMatch(/Nous vous appellerons jeudi .* entre 14\u00a0h et 17\u00a0h\./);
    const moved = invitation(update);
    expect(moved.text).toContain('METHOD:PUBLISH');
    expect(moved.text).toContain(`UID:${id}@${DOMAIN}`);
    expect(moved.text).toContain('SEQUENCE:1');
    const secondToken = tokenOf(update);
    expect(secondToken).not.toBe(firstToken);
    expect(await stores.visitorLinks.leadOf(secondToken, Date.now())).toBe(id);
    const notice = await received(peer, messageIdFor(id, 'visitor_notice', DOMAIN, 1));
    expect(notice.subject).toBe('Créneau modifié par le demandeur');
    expect(notice.text).toContain('Créneaux\u00a0: jeudi\u00a0; de 14\u00a0h à 17\u00a0h');
    expect(notice.text).toContain(`/equipe/demandes/${id}`);
    expect(notice.attachments).toHaveLength(0);

    // The visitor stops the calls: the notice waits for its hour, a second one is not queued.
    const later = Date.now();
    await db
      .updateTable('leads')
      .set({
        contact_channel: 'email',
        contact_days: '',
        contact_slots: '',
        contact_sequence: 2,
        phone_withdrawn_at: later,
        contact_changed_at: later,
      })
      .where('id', '=', id)
      .execute();
    const hourLater = later + 3_600_000;
    expect(
      await stores.outbox.queueLeadMail(
        id,
        'schedule_cancel',
        messageIdFor(id, 'schedule_cancel', DOMAIN, 2),
        later,
      ),
    ).toBe(true);
    expect(
      await stores.outbox.queueLeadMail(
        id,
        'visitor_notice',
        messageIdFor(id, 'visitor_notice', DOMAIN, 2),
        later,
        hourLater,
      ),
    ).toBe(true);
    expect(
      await stores.outbox.queueLeadMail(
        id,
        'visitor_notice',
        messageIdFor(id, 'visitor_notice', DOMAIN, 3),
        later,
        hourLater,
      ),
    ).toBe(false);
    worker.kick();
    const cancel = await received(peer, messageIdFor(id, 'schedule_cancel', DOMAIN, 2));
    expect(cancel.subject).toBe('Nous ne vous appellerons plus – Calora Énergies');
    expect(cancel.text).toContain('nous vous répondrons par e-mail');
    const withdrawn = invitation(cancel);
    expect(withdrawn.text).toContain('METHOD:CANCEL');
    expect(withdrawn.text).toContain('STATUS:CANCELLED');
    expect(withdrawn.text).toContain(`UID:${id}@${DOMAIN}`);
    expect(withdrawn.text).toContain('SEQUENCE:2');
    expect(await stores.visitorLinks.leadOf(tokenOf(cancel), Date.now())).toBe(id);
    const rows = await stores.outbox.mailFor(id);
    expect(
      rows
        .filter((row) => row.kind === 'visitor_notice')
        .map((row) => [row.status, row.nextAttemptAt]),
    ).toEqual([
      ['sent', now],
      ['pending', hourLater],
    ]);
    expect(peer.messages).toHaveLength(5);
  });
});

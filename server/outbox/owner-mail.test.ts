import { afterEach, describe, expect, it } from 'vitest';

import { ENGINES, engineFixture } from '#test-support/engines.ts';
import { startTestServer, type TestServer } from '#test-support/harness.ts';
import { sampleConsent, sampleLead } from '#test-support/lead-input.ts';
import { startMailApiPeer } from '#test-support/mail-api-peer.ts';
import { startSmtpPeer } from '#test-support/smtp-peer.ts';
import { inTransaction } from '#server/db/connection.ts';
import { scopeOf } from '#server/db/scope.ts';
import { OutboxQueue } from './queue.ts';

/**
 * Mail follows the owner (ADR 0048): a request's notification goes to MAIL_TO and to its owner,
 * by SMTP and by the HTTP API; « Confier à … » sends the new owner the request's link, and
 * nothing to a person deactivated meanwhile. On both engines.
 */
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

const CHEF = 'chef@calora-energies.example';
const MARIE = 'marie@calora-energies.example';
const TEAM_BOX = 'equipe@calora-energies.example';
const NOW = Date.parse('2026-11-30T09:00:00+01:00');

/** A request owned by Marie (a commercial), its notification queued once the owner is set. */
async function ownedRequest(server: TestServer, id: string): Promise<string> {
  const { team, stores } = server.pipeline;
  const added = await team.add(
    { firstName: 'Marie', lastName: 'Dupont', email: MARIE, role: 'commercial' },
    CHEF,
    NOW,
  );
  if (!added.ok) throw new Error(added.reason);
  await stores.leads.insertLead(id, sampleLead({ prenom: 'Paul' }), sampleConsent(NOW), [], NOW);
  const db = stores.database.db;
  await db.updateTable('leads').set({ owner_id: added.person.id }).where('id', '=', id).execute();
  await new OutboxQueue(stores.database).queueMail({
    leadId: id,
    kind: 'notification',
    messageId: `<${id}.notification@calora-energies.example>`,
    now: Date.now(),
  });
  return added.person.id;
}

describe.each(ENGINES)('mail follows the owner on %s', (engine) => {
  async function server(
    transport: { smtpUrl: string } | { mailApiUrl: string; mailApiKey: string },
  ) {
    const fixture = await engineFixture(engine);
    cleanups.push(() => fixture.cleanup());
    const instance = await startTestServer({
      ...fixture.config,
      ...transport,
      staffEmails: [CHEF],
    });
    cleanups.push(() => instance.close());
    return instance;
  }

  it('sends the notification to MAIL_TO and the owner, then the hand-over to the new owner only', async () => {
    const peer = await startSmtpPeer();
    cleanups.push(() => peer.stop());
    const instance = await server({ smtpUrl: peer.url });
    const marie = await ownedRequest(instance, 'owned-1');
    await instance.pipeline.worker.runOnce();
    await peer.waitFor((messages) => messages.some((mail) => mail.subject.startsWith('Nouvelle')));
    const notification = peer.messages.find((mail) => mail.subject.startsWith('Nouvelle'));
    expect(notification?.envelopeTo.sort()).toEqual([MARIE, TEAM_BOX].sort());

    const { database } = instance.pipeline.stores;
    await inTransaction(database, (trx) =>
      new OutboxQueue(scopeOf(database, trx)).handOverMail({
        leadId: 'owned-1',
        personId: marie,
        now: Date.now(),
      }),
    );
    await instance.pipeline.worker.runOnce();
    await peer.waitFor((messages) => messages.some((mail) => mail.subject.includes('confiée')));
    const handover = peer.messages.find((mail) => mail.subject.includes('confiée'));
    expect(handover?.envelopeTo).toEqual([MARIE]);
    expect(handover?.text).toContain('Bonjour Marie,');
    expect(handover?.text).toContain('https://www.calora-energies.example/equipe/demandes/owned-1');
    // Nothing of the person who asked: no name, e-mail address, phone.
    const sample = sampleLead({ prenom: 'Paul' });
    for (const personal of [sample.prenom, sample.email, sample.telephone]) {
      expect(`${handover?.subject}${handover?.text}${handover?.html}`).not.toContain(personal);
    }
  });

  it('does not send a hand-over to a person deactivated before it left', async () => {
    const peer = await startSmtpPeer();
    cleanups.push(() => peer.stop());
    const instance = await server({ smtpUrl: peer.url });
    const marie = await ownedRequest(instance, 'owned-2');
    const { database, outbox } = instance.pipeline.stores;
    await inTransaction(database, (trx) =>
      new OutboxQueue(scopeOf(database, trx)).handOverMail({
        leadId: 'owned-2',
        personId: marie,
        now: Date.now(),
      }),
    );
    await database.db
      .updateTable('staff_people')
      .set({ active: 0 })
      .where('id', '=', marie)
      .execute();
    await instance.pipeline.worker.runOnce();
    const rows = await outbox.mailFor('owned-2');
    expect(rows.find((row) => row.kind === 'handover')).toMatchObject({
      status: 'failed',
      lastError: 'handover_unavailable',
    });
    // The notification, written after the deactivation, goes to MAIL_TO only.
    expect(peer.messages.filter((mail) => mail.envelopeTo.includes(MARIE))).toHaveLength(0);
    expect(rows.find((row) => row.kind === 'notification')?.status).toBe('sent');
  });

  it('sends the notification to both through the HTTP mail API', async () => {
    const api = await startMailApiPeer();
    cleanups.push(() => api.stop());
    const instance = await server({ mailApiUrl: api.url, mailApiKey: api.apiKey });
    await ownedRequest(instance, 'owned-3');
    await instance.pipeline.worker.runOnce();
    await api.waitFor((requests) => requests.some((request) => request.status === 201));
    const sent = api.requests.find((request) => request.status === 201);
    expect(sent?.body.to?.map((box) => box.email).sort()).toEqual([MARIE, TEAM_BOX].sort());
  });
});

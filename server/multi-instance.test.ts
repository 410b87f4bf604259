import { rmSync } from 'node:fs';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { createTempDir, validRequest, writeMinimalSite } from '#test-support/harness.ts';
import { createTestDatabase } from '#test-support/postgres.ts';
import { postgresAdminUrl } from '#test-support/postgres-run.ts';
import { exited, startServerProcess, type ServerProcess } from '#test-support/process.ts';
import { startSmtpPeer } from '#test-support/smtp-peer.ts';
import { openStores } from './compose/stores.ts';

/**
 * Two server processes on one PostgreSQL database and one SMTP peer. A few hundred requests
 * spread over both; one instance is killed with SIGKILL in the middle. Then every acknowledged
 * request is stored once and notified; the rate limit held across both; and no e-mail was sent
 * twice, except the one a crash may cut between the SMTP acceptance and the database update,
 * resent once with the same Message-ID.
 */
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

const TOTAL = 300;
const KILL_AFTER = 140;
const RATE_LIMIT = 5;
const INSTANCE_NAMES = ['instance-a', 'instance-b'] as const;

async function post(server: ServerProcess, body: unknown, forwardedFor: string) {
  const response = await fetch(server.endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': forwardedFor },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { id?: string } };
}

describe('two instances on one PostgreSQL database', () => {
  it('store and notify every acknowledged request once, share the rate limit, survive a kill -9', async () => {
    const database = await createTestDatabase(await postgresAdminUrl());
    cleanups.push(() => database.drop());
    const root = createTempDir('multi-instance');
    cleanups.push(() => rmSync(root, { recursive: true, force: true }));
    const staticDir = writeMinimalSite(join(root, 'site'));
    const peer = await startSmtpPeer();
    cleanups.push(() => peer.stop());

    const servers = await Promise.all(
      INSTANCE_NAMES.map((name) =>
        startServerProcess({
          DATABASE_URL: database.url,
          DATA_DIR: join(root, name),
          STATIC_DIR: staticDir,
          // The EHLO name tells the SMTP peer which instance sent a message.
          SMTP_URL: `${peer.url}?name=${name}`,
          RATE_LIMIT_PER_HOUR: String(RATE_LIMIT),
          TRUST_PROXY: 'x-forwarded-for',
          OUTBOX_LEASE_SECONDS: '3',
          // This test counts every notification and every acceptance: the flood budgets raised.
          SITE_RATE_LIMIT_PER_MINUTE: '100000',
          NOTIFICATIONS_PER_10_MINUTES: '100000',
          SMTP_TIMEOUT_MS: '1500',
        }),
      ),
    );
    for (const server of servers) {
      cleanups.push(() => {
        if (server.child.exitCode === null) server.child.kill('SIGKILL');
      });
    }
    const [survivor, victim] = servers as [ServerProcess, ServerProcess];

    // One client, twelve requests at once, alternating between the instances.
    const sameClient = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        post(
          servers[i % 2]!,
          validRequest({ email: `meme.client.${i}@entreprise.example` }),
          '203.0.113.9',
        ),
      ),
    );
    const statuses = sameClient.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(RATE_LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(12 - RATE_LIMIT);
    const acknowledged = sameClient.flatMap((answer) => (answer.body.id ? [answer.body.id] : []));

    // The load: each request from its own address, spread over both until the kill.
    let next = 0;
    let killedAt: number | undefined;
    let messagesAtKill = 0;
    const refused: number[] = [];
    const sender = async () => {
      for (let i = next++; i < TOTAL; i = next++) {
        const target = killedAt === undefined ? servers[i % 2]! : survivor;
        let answer;
        try {
          answer = await post(
            target,
            validRequest({ email: `charge.${i}@entreprise.example` }),
            `198.18.${Math.floor(i / 250)}.${i % 250}`,
          );
        } catch {
          // The connection died with the killed instance: not acknowledged.
        }
        if (answer?.status === 200 && answer.body.id) acknowledged.push(answer.body.id);
        else if (answer) refused.push(answer.status);
        if (acknowledged.length >= KILL_AFTER && killedAt === undefined) {
          messagesAtKill = peer.messages.length;
          killedAt = Date.now();
          victim.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, () => sender()));
    await exited(victim.child);
    expect(victim.child.signalCode).toBe('SIGKILL');
    expect(refused).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(TOTAL / 2);
    // Both instances were sending when one was killed.
    const namesBeforeKill = new Set(
      peer.messages.slice(0, messagesAtKill).map((mail) => mail.clientName),
    );
    expect([...namesBeforeKill].sort()).toEqual([...INSTANCE_NAMES]);

    // Every acknowledged request is notified and confirmed (the victim's claims come back).
    const messageIds = () => new Set(peer.messages.map((mail) => mail.headers.get('message-id')));
    await peer.waitFor(() => {
      const ids = messageIds();
      return acknowledged.every(
        (id) =>
          ids.has(`<${id}.notification@calora-energies.example>`) &&
          ids.has(`<${id}.confirmation@calora-energies.example>`),
      );
    }, 60_000);

    const store = await openStores({ dataDir: root, databaseUrl: database.url });
    cleanups.push(() => store.close());
    const deadline = Date.now() + 30_000;
    while ((await store.outbox.backlog(Date.now())).pending > 0) {
      if (Date.now() > deadline) throw new Error('mail still pending');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const leads = await store.leads.listLeads();
    const stored = new Map(leads.map((lead) => [lead.id, lead]));
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    // Stored once: each request had its own address.
    const perEmail = new Map<string, number>();
    for (const lead of leads) perEmail.set(lead.email, (perEmail.get(lead.email) ?? 0) + 1);
    expect([...perEmail.values()].every((count) => count === 1)).toBe(true);
    expect(leads.filter((lead) => lead.email.startsWith('meme.client.'))).toHaveLength(RATE_LIMIT);
    for (const lead of leads) {
      expect(lead.delivery.map((mail) => [mail.kind, mail.status])).toEqual([
        ['notification', 'sent'],
        ['confirmation', 'sent'],
      ]);
    }

    // Every stored request's two e-mails arrived; a repeat only where the crash cut a send.
    const copies = new Map<string, typeof peer.messages>();
    for (const mail of peer.messages) {
      const id = mail.headers.get('message-id') ?? '';
      copies.set(id, [...(copies.get(id) ?? []), mail]);
    }
    expect(copies.size).toBe(leads.length * 2);
    const repeated = [...copies.values()].filter((list) => list.length > 1);
    expect(repeated.length).toBeLessThanOrEqual(1);
    for (const [first, second, ...more] of repeated) {
      expect(more).toEqual([]);
      // Sent by the killed instance (so before it died), then again by the survivor.
      expect(first!.clientName).toBe('instance-b');
      expect(second!.clientName).toBe('instance-a');
      expect(second!.receivedAt).toBeGreaterThanOrEqual(first!.receivedAt);
    }

    survivor.child.kill('SIGTERM');
    await exited(survivor.child);
  }, 150_000);
});

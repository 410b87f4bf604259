import { rmSync } from 'node:fs';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { ERRORS } from './leads/routes.ts';
import { createTempDir, validRequest, writeMinimalSite } from '#test-support/harness.ts';
import { createTestDatabase } from '#test-support/postgres.ts';
import { postgresAdminUrl } from '#test-support/postgres-run.ts';
import { exited, startServerProcess, type ServerProcess } from '#test-support/process.ts';
import { startSmtpPeer, type ReceivedMail } from '#test-support/smtp-peer.ts';
import { type Stores, openStores } from './compose/stores.ts';
import { type LeadWithDelivery } from './leads/index.ts';
import { type StoreConfig } from './db/connection.ts';

/**
 * A spread flood (ADR 0008): bots behind a trusted proxy, each request from its own forwarded
 * address, all typing the same victim's e-mail, against the real server (one process on SQLite,
 * two on one PostgreSQL database) with the real SMTP peer. Every acknowledged request is stored;
 * every refusal is a 429 or 503 with Retry-After and a French message; the victim gets one
 * confirmation; the company a bounded number of e-mails, the alert among them; a real request
 * from a new address is accepted after the flood; a request repeated at once is stored once.
 * Latency is the bench's business, not this test's.
 */
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

const SITE_BUDGET = 40;
const NOTIFICATIONS = 5;
const FLOOD = 400;
const SENDERS = 24;
const VICTIM = 'Victime@Exemple.example';
const COMPANY = 'equipe@calora-energies.example';

interface Answer {
  status: number;
  retryAfter: string | null;
  body: { ok?: boolean; id?: string; error?: string };
}

async function post(server: ServerProcess, body: unknown, forwardedFor: string): Promise<Answer> {
  const response = await fetch(server.endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': forwardedFor },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as Answer['body'],
  };
}

async function settled(store: Stores): Promise<LeadWithDelivery[]> {
  const deadline = Date.now() + 30_000;
  while ((await store.outbox.backlog(Date.now())).pending > 0) {
    if (Date.now() > deadline) throw new Error('mail still pending');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return store.leads.listLeads();
}

const kindOf = (mail: ReceivedMail) =>
  /\.(notification|confirmation|alert)@/.exec(mail.headers.get('message-id') ?? '')?.[1];

describe.each([
  ['sqlite', 1],
  ['postgres', 2],
] as const)('a spread flood on %s (%i instance(s))', (engine, instances) => {
  it('stores what it acknowledges, refuses cleanly, and never turns our mail into a weapon', async () => {
    const root = createTempDir(`flood-${engine}`);
    cleanups.push(() => rmSync(root, { recursive: true, force: true }));
    const staticDir = writeMinimalSite(join(root, 'site'));
    const peer = await startSmtpPeer();
    cleanups.push(() => peer.stop());
    let config: StoreConfig = { dataDir: join(root, 'data') };
    if (engine === 'postgres') {
      const database = await createTestDatabase(await postgresAdminUrl());
      cleanups.push(() => database.drop());
      config = { dataDir: root, databaseUrl: database.url };
    }
    const servers = await Promise.all(
      Array.from({ length: instances }, (_, index) =>
        startServerProcess({
          DATA_DIR: config.databaseUrl ? join(root, `instance-${index}`) : config.dataDir,
          DATABASE_URL: config.databaseUrl ?? '',
          STATIC_DIR: staticDir,
          SMTP_URL: peer.url,
          MAIL_TO: COMPANY,
          TRUST_PROXY: 'x-forwarded-for',
          SITE_RATE_LIMIT_PER_MINUTE: String(SITE_BUDGET),
          NOTIFICATIONS_PER_10_MINUTES: String(NOTIFICATIONS),
          MAX_LEAD_REQUESTS_IN_PROGRESS: '8',
        }),
      ),
    );
    for (const server of servers) {
      cleanups.push(async () => {
        server.child.kill('SIGTERM');
        await exited(server.child);
      });
    }
    const store = await openStores(config);
    cleanups.push(() => store.close());

    // A double click, a Back-and-resend, a retrying client: the same request five times at
    // once (over both instances on PostgreSQL). Acknowledged alike, stored once.
    const repeated = validRequest({ email: VICTIM, message: 'Demande envoyée plusieurs fois.' });
    const repeats = await Promise.all(
      Array.from({ length: 5 }, (_, i) => post(servers[i % instances]!, repeated, '192.0.2.10')),
    );
    expect(repeats.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    const repeatIds = new Set(repeats.map((answer) => answer.body.id ?? ''));
    expect(repeatIds.size).toBe(1);

    // The flood: every request from its own address, all with the victim's e-mail (any case,
    // any spaces), each with its own message so that none is a duplicate.
    const answers: Answer[] = [];
    let next = 0;
    const sender = async () => {
      for (let i = next++; i < FLOOD; i = next++) {
        const email = i % 2 === 0 ? ` ${VICTIM.toLowerCase()} ` : VICTIM.toUpperCase();
        answers.push(
          await post(
            servers[i % instances]!,
            validRequest({ email, message: `Message automatique numéro ${i}.` }),
            `198.18.${Math.floor(i / 250)}.${i % 250}`,
          ),
        );
      }
    };
    await Promise.all(Array.from({ length: SENDERS }, () => sender()));

    const accepted = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(accepted.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect([429, 503]).toContain(answer.status);
      expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(answer.body.error).toBe(
        answer.status === 429 ? ERRORS.rateLimited : ERRORS.overloaded,
      );
    }
    // The site's budget held across instances: at most two minute windows' worth (the flood
    // may straddle a minute boundary), the five repeats' one request included.
    expect(accepted.length + 1).toBeLessThanOrEqual(2 * SITE_BUDGET);

    // A real request from a new address, once the Retry-After it is given has passed.
    const real = validRequest({ email: 'vrai.client@entreprise.example', nom: 'Réel' });
    let answer = await post(servers[0]!, real, '203.0.113.77');
    if (answer.status === 503) {
      const wait = Number(answer.retryAfter) * 1000 + 200;
      await new Promise((resolve) => setTimeout(resolve, wait));
      answer = await post(servers[0]!, real, '203.0.113.77');
    }
    expect(answer.status).toBe(200);
    const realId = answer.body.id!;

    const leads = await settled(store);
    const byId = new Map(leads.map((lead) => [lead.id, lead]));
    // Every acknowledged request is stored; nothing else is.
    const acknowledged = new Set([...repeatIds, ...accepted.map((item) => item.body.id!), realId]);
    expect([...acknowledged].filter((id) => !byId.has(id))).toEqual([]);
    expect(leads).toHaveLength(acknowledged.size);
    expect(leads.filter((lead) => lead.message === repeated.message)).toHaveLength(1);

    // The victim got one confirmation, whatever the number of requests and addresses.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const toVictim = peer.messages.filter((mail) =>
      mail.envelopeTo.some((to) => to.toLowerCase() === VICTIM.toLowerCase()),
    );
    expect(toVictim).toHaveLength(1);
    const victimLeads = leads.filter((lead) => lead.id !== realId);
    const confirmations = victimLeads.flatMap((lead) =>
      lead.delivery.filter((mail) => mail.kind === 'confirmation'),
    );
    expect(confirmations.filter((mail) => mail.status === 'sent')).toHaveLength(1);
    expect(
      confirmations.filter((mail) => mail.status === 'withheld').map((mail) => mail.withheldReason),
    ).toEqual(Array(confirmations.length - 1).fill('confirmation-recent'));

    // The company: at most NOTIFICATIONS individual notifications and one alert per 10-minute
    // window (two windows at most here), every other notification withheld with its reason.
    const company = peer.messages.filter((mail) => mail.envelopeTo.includes(COMPANY));
    const notifications = company.filter((mail) => kindOf(mail) === 'notification');
    const alerts = company.filter((mail) => kindOf(mail) === 'alert');
    expect(notifications.length).toBeLessThanOrEqual(2 * NOTIFICATIONS);
    expect(alerts.length).toBeGreaterThanOrEqual(1);
    expect(alerts.length).toBeLessThanOrEqual(2);
    expect(company.length).toBe(notifications.length + alerts.length);
    const alert = alerts[0]!;
    expect(alert.subject).toMatch(/^Afflux de demandes sur le site/);
    expect(alert.text).toContain('npm run leads -- list');
    expect(alert.text).toContain('aucune n’est perdue');
    expect(alert.text).toMatch(/a reçu \d+ demandes/);
    const withheld = leads.flatMap((lead) =>
      lead.delivery.filter((mail) => mail.kind === 'notification' && mail.status === 'withheld'),
    );
    expect(withheld.length).toBe(leads.length - notifications.length);
    expect(withheld.every((mail) => mail.withheldReason === 'notification-flood')).toBe(true);
  }, 150_000);
});

import { FunctionsHttpError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';

import { siteConfig } from '#config/site.ts';
import { CHOICE_VERSION } from '#contracts/contact/contact-choice.ts';
import { CONSENT_VERSION, SEED_CONSENT_VERSION } from '#contracts/contact/consent.ts';
import { startEdgeFunction } from '#test-support/edge-functions.ts';
import { validRequest } from '#test-support/harness.ts';
import { startWebhookReceiver, TEST_WEBHOOK_SECRET } from '#test-support/webhook-receiver.ts';
import {
  api,
  FUNCTION_NAME,
  gateway,
  invokeValid,
  outboxOf,
  query,
  replay,
  runFunctionsForThisFile,
  runScheduledJob,
  SITE_ORIGIN,
  supabase,
  WORKER_SECRET,
  workerEnv,
} from './functions.fixture.ts';

/**
 * The contact Edge Functions as a Supabase project runs them: send-contact-email through
 * supabase-js, the outbox-worker called by pg_cron through pg_net, and the CRM webhook.
 */
runFunctionsForThisFile();

describe('send-contact-email through supabase-js', () => {
  it('stores a valid request with its consent and two pending e-mails', async () => {
    const id = await invokeValid('invoke@entreprise.example');
    const [lead] = await query<{ email: string; consent_version: string }>(
      'SELECT email, consent_version FROM leads WHERE id = $1',
      [id],
    );
    // The seed's payload (no choice): recorded with the seed's wording, as the reference site's.
    expect(lead).toEqual({
      email: 'invoke@entreprise.example',
      consent_version: SEED_CONSENT_VERSION,
    });
    expect((await outboxOf(id)).map((row) => [row.kind, row.status])).toEqual([
      ['confirmation', 'pending'],
      ['notification', 'pending'],
    ]);
  });

  it('stores the visitor’s choice of contact with its wording and its due time (ADR 0029)', async () => {
    const id = await invokeValid('choix@entreprise.example', {
      recontact: 'telephone',
      jours: ['jeudi'],
      creneaux: ['14:00-17:00'],
      recontactVersion: CHOICE_VERSION,
    });
    const [lead] = await query<Record<string, string | null>>(
      `SELECT consent_version, contact_channel, contact_days, contact_slots, contact_version,
              contact_text, due_at::text AS due_at, created_at::text AS created_at
         FROM leads WHERE id = $1`,
      [id],
    );
    expect(lead).toMatchObject({
      consent_version: CONSENT_VERSION,
      contact_channel: 'telephone',
      contact_days: '4',
      contact_slots: '14:00-17:00',
      contact_version: CHOICE_VERSION,
      contact_text: expect.stringContaining('Par téléphone'),
    });
    // The end of the first Thursday 14-17 h slot after reception, in Paris.
    const due = new Date(Number(lead!.due_at));
    expect(due.getTime()).toBeGreaterThan(Number(lead!.created_at));
    expect(
      new Intl.DateTimeFormat('fr-FR', {
        timeZone: 'Europe/Paris',
        weekday: 'long',
        hour: '2-digit',
        minute: '2-digit',
      }).format(due),
    ).toBe('jeudi 17:00');
  });

  it('normalises the days and slots with the shared pipeline: a slot sent twice is one (ADR 0030)', async () => {
    const id = await invokeValid('normalise@entreprise.example', {
      recontact: 'telephone',
      jours: ['jeudi', ' mardi', 'jeudi'],
      creneaux: ['14:00-17:00', ' 14:00-17:00'],
      recontactVersion: CHOICE_VERSION,
    });
    const [lead] = await query<Record<string, string>>(
      'SELECT contact_days, contact_slots FROM leads WHERE id = $1',
      [id],
    );
    expect(lead).toEqual({ contact_days: '2,4', contact_slots: '14:00-17:00' });
  });

  it('refuses an invalid one with a FunctionsHttpError 400 in French, and stores nothing', async () => {
    const [before] = await query<{ count: string }>('SELECT count(*) FROM leads');
    const { data, error } = await supabase().functions.invoke(FUNCTION_NAME, {
      body: validRequest({ email: 'a@b.com,c@d.com' }),
    });
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const context = (error as FunctionsHttpError).context as Response;
    expect(context.status).toBe(400);
    expect(((await context.json()) as { error: string }).error).toBe(
      'Saisissez une seule adresse e-mail, sans espace ni séparateur.',
    );
    const [after] = await query<{ count: string }>('SELECT count(*) FROM leads');
    expect(after!.count).toBe(before!.count);
  });
});

describe('outbox-worker, called by pg_cron through pg_net', () => {
  it('refuses a call without the Vault secret or with a wrong one, and a GET', async () => {
    const url = `${gateway.url}/functions/v1/outbox-worker`;
    const attempts: Array<Record<string, string>> = [{}, { 'x-outbox-worker-secret': 'wrong' }];
    for (const headers of attempts) {
      const response = await fetch(url, { method: 'POST', headers, body: '{}' });
      expect(response.status).toBe(401);
      expect(((await response.json()) as { error: string }).error).toBe(
        'Accès refusé : secret du planificateur absent ou incorrect.',
      );
    }
    expect((await fetch(url)).status).toBe(405);
  });

  it('keeps a refused e-mail pending with its error, then delivers it on a later run', async () => {
    await replay(await runScheduledJob()); // drain what earlier tests stored
    const id = await invokeValid('retry@entreprise.example');
    api.failNext(503, 503);
    const call = await runScheduledJob();
    expect(call.url).toBe(`${gateway.url}/functions/v1/outbox-worker`);
    expect(call.headers['x-outbox-worker-secret']).toBe(WORKER_SECRET);
    expect(await replay(call)).toEqual({ status: 200, body: { ok: true, handled: 2 } });
    const pending = await outboxOf(id);
    expect(pending.map((row) => [row.status, row.attempts, row.last_error])).toEqual([
      ['pending', 1, 'http_503'],
      ['pending', 1, 'http_503'],
    ]);
    for (const row of pending) expect(row.next_attempt_at).toBeGreaterThan(Date.now());

    // A minute later the retry is due (moved here instead of waiting for it).
    await query('UPDATE outbox SET next_attempt_at = 0 WHERE lead_id = $1', [id]);
    expect(await replay(await runScheduledJob())).toEqual({
      status: 200,
      body: { ok: true, handled: 2 },
    });
    expect((await outboxOf(id)).map((row) => row.status)).toEqual(['sent', 'sent']);
    const accepted = api
      .accepted()
      .map((request) => request.body.headers?.['Message-Id'])
      .filter((messageId) => messageId?.startsWith(`<${id}.`));
    expect(accepted.sort()).toEqual([
      `<${id}.confirmation@calora-energies.example>`,
      `<${id}.notification@calora-energies.example>`,
    ]);
    // The confirmation tells the visitor when; the notification tells staff the same due time.
    const sent = (kind: string) =>
      api
        .accepted()
        .find(
          (request) =>
            request.body.headers?.['Message-Id'] === `<${id}.${kind}@calora-energies.example>`,
        )?.body.textContent ?? '';
    expect(sent('confirmation')).toMatch(
      /Nous vous rappellerons au plus tard \S+ \d+(er)?\s\S+( à \d+\sh|, fin de journée)/,
    );
    expect(sent('notification')).toMatch(
      /À rappeler avant\s: \S+ \d+(er)?\s\S+( à \d+\sh|, fin de journée)/,
    );
    // The choice in the notification; no visitor page link here (its API is on the Node server).
    expect(sent('notification')).toMatch(/Recontact\s: Non précisé/);
    expect(sent('confirmation')).not.toContain('/ma-demande');
  });

  it('sends an e-mail-only confirmation that can be answered, and tells staff to answer (ADR 0036)', async () => {
    await replay(await runScheduledJob()); // drain what earlier tests stored
    const id = await invokeValid('ecrit@entreprise.example', {
      recontact: 'email',
      recontactVersion: CHOICE_VERSION,
    });
    expect(await replay(await runScheduledJob())).toEqual({
      status: 200,
      body: { ok: true, handled: 2 },
    });
    const sent = (kind: string) =>
      api
        .accepted()
        .find(
          (request) =>
            request.body.headers?.['Message-Id'] === `<${id}.${kind}@calora-energies.example>`,
        )?.body;
    const confirmation = sent('confirmation');
    expect(confirmation?.replyTo).toEqual({ email: siteConfig.email });
    expect(confirmation?.textContent).not.toContain('ne pas y répondre');
    expect(confirmation?.textContent).toContain('Vous pouvez répondre à ce message');
    const notification = sent('notification');
    expect(notification?.textContent).toMatch(/À répondre avant\s: /);
    expect(notification?.textContent).not.toMatch(/rappel/i);
  });

  it('never sends one e-mail twice when runs overlap, in one isolate or in two', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 8; i += 1) ids.push(await invokeValid(`overlap${i}@entreprise.example`));
    const call = await runScheduledJob();
    // A second isolate of the worker, called directly (its own claims, its own connection).
    const second = await startEdgeFunction('outbox-worker', workerEnv);
    try {
      const direct = {
        ...call,
        url: `http://127.0.0.1:${second.port}/outbox-worker`,
      };
      const results = await Promise.all([
        replay(call),
        replay(call),
        replay(direct),
        replay(direct),
      ]);
      expect(results.every((result) => result.status === 200)).toBe(true);
      const handled = results.reduce((sum, result) => sum + Number(result.body.handled), 0);
      expect(handled).toBe(16);
    } finally {
      await second.stop();
    }
    for (const id of ids) {
      expect((await outboxOf(id)).map((row) => row.status)).toEqual(['sent', 'sent']);
    }
    const sent = api
      .accepted()
      .map((request) => request.body.headers?.['Message-Id'] ?? '')
      .filter((messageId) => ids.some((id) => messageId.startsWith(`<${id}.`)));
    expect(sent).toHaveLength(16);
    expect(new Set(sent).size).toBe(16);
  });
});

describe('the CRM webhook on Supabase (ADR 0024)', () => {
  it('writes lead.created with the request; the outbox-worker delivers it, signed', async () => {
    const receiver = await startWebhookReceiver();
    const env = {
      ...workerEnv,
      WEBHOOK_URL: receiver.url,
      WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      WEBHOOK_RETRY_DELAYS: '1s',
    };
    const [submit, deliver] = await Promise.all([
      startEdgeFunction('send-contact-email', env),
      startEdgeFunction('outbox-worker', env),
    ]);
    try {
      const response = await fetch(`http://127.0.0.1:${submit.port}/${FUNCTION_NAME}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: SITE_ORIGIN,
          'x-forwarded-for': '203.0.113.77',
        },
        body: JSON.stringify(validRequest({ email: 'crm.supabase@entreprise.example' })),
      });
      expect(response.status).toBe(200);
      const { id } = (await response.json()) as { id: string };
      // What pg_cron's call does each minute, here on the isolate with the webhook's settings.
      const run = await replay({
        url: `http://127.0.0.1:${deliver.port}/outbox-worker`,
        headers: { 'x-outbox-worker-secret': WORKER_SECRET },
        body: {},
      });
      expect(run.status).toBe(200);
      expect(run.body.webhooks).toBeGreaterThanOrEqual(1);
      await receiver.waitFor((received) => received.some((event) => event.data.id === id));
      const event = receiver.received.find((candidate) => candidate.data.id === id);
      expect(event).toMatchObject({ type: 'lead.created', verified: true, answered: 200 });
      expect(event?.data.email).toBe('crm.supabase@entreprise.example');
      const [stored] = await query<{ status: string }>(
        `SELECT status FROM webhook_events WHERE lead_id = $1`,
        [id],
      );
      expect(stored?.status).toBe('delivered');
    } finally {
      await Promise.all([submit.stop(), deliver.stop(), receiver.stop()]);
    }
  }, 60_000);
});

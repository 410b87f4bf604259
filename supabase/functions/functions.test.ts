import { readFileSync } from 'node:fs';

import { createClient, FunctionsHttpError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import { CONSENT_VERSION } from '../../contracts/contact/consent';
import { AUDIENCE_BEACON_PATH } from '../../contracts/audience/contract';
import { CONTACT_ENDPOINT_PATH } from '../../contracts/contact/lead-contract';
import { edgeFunctions } from '../../scripts/lib/deno';
import {
  startEdgeFunction,
  startFunctionsGateway,
  type FunctionsGateway,
  type RunningFunction,
} from '../../test-support/edge-functions';
import {
  startTestServer,
  TEST_SITE_URL,
  validRequest,
  type TestServer,
} from '../../test-support/harness';
import { startMailApiPeer, type MailApiPeer } from '../../test-support/mail-api-peer';
import { startSupabaseDatabase, type SupabaseDatabase } from '../../test-support/supabase-db';
import { startWebhookReceiver, TEST_WEBHOOK_SECRET } from '../../test-support/webhook-receiver';

/**
 * The two Edge Functions on Deno, behind a local gateway, on a database dressed as Supabase and
 * migrated by the Supabase CLI, with the mail API stand-in. What a Supabase project runs.
 */
const ANON_KEY = 'public-anon-key';
const WORKER_SECRET = 'outbox-worker-secret-for-tests';
const SITE_ORIGIN = new URL(TEST_SITE_URL).origin;
const FUNCTION_NAME = CONTACT_ENDPOINT_PATH.split('/').at(-1)!;

let db: SupabaseDatabase;
let api: MailApiPeer;
let functions: RunningFunction[] = [];
let gateway: FunctionsGateway;
/** The functions' settings (their secrets on Supabase). */
let workerEnv: Record<string, string> = {};

function query<Row>(statement: string, values: unknown[] = []): Promise<Row[]> {
  return db.query<Row>(statement, values);
}

beforeAll(async () => {
  db = await startSupabaseDatabase();
  await db.pushMigrations();
  api = await startMailApiPeer();
  workerEnv = {
    SUPABASE_DB_URL: db.url,
    SITE_URL: TEST_SITE_URL,
    SITE_ORIGINS: SITE_ORIGIN,
    MAIL_API_URL: api.url,
    MAIL_API_KEY: api.apiKey,
    MAIL_FROM: '"Calora Énergies" <no-reply@calora-energies.example>',
    MAIL_TO: 'equipe@calora-energies.example',
    RATE_LIMIT_PER_HOUR: '1000',
    LOG_LEVEL: 'info',
  };
  functions = await Promise.all([
    startEdgeFunction('send-contact-email', workerEnv),
    // The worker reads its secret from Vault (no OUTBOX_WORKER_SECRET setting).
    startEdgeFunction('outbox-worker', workerEnv),
    startEdgeFunction('audience-beacon', workerEnv),
  ]);
  gateway = await startFunctionsGateway(functions);
  await query(`SELECT vault.create_secret($1, 'project_url')`, [gateway.url]);
  await query(`SELECT vault.create_secret($1, 'outbox_worker_secret')`, [WORKER_SECRET]);
}, 120_000);

afterAll(async () => {
  await gateway?.stop();
  await Promise.all(functions.map((fn) => fn.stop()));
  await api?.stop();
  db?.close();
});

const supabase = () =>
  createClient(gateway.url, ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });

async function invokeValid(email: string): Promise<string> {
  const { data, error } = await supabase().functions.invoke(FUNCTION_NAME, {
    body: validRequest({ email }),
  });
  expect(error).toBeNull();
  // The call-back clock runs here too: the answer says when the call comes.
  expect((data as { callbackBy?: string }).callbackBy).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
  return (data as { id: string }).id;
}

/** What pg_cron does each minute: run the job's command; returns the call pg_net recorded. */
async function runScheduledJob() {
  const [job] = await query<{ command: string }>(
    `SELECT command FROM cron.job WHERE jobname = 'outbox-worker'`,
  );
  await query(job!.command);
  const [call] = await query<{ url: string; headers: Record<string, string>; body: unknown }>(
    'SELECT url, headers, body FROM net.recorded_requests ORDER BY id DESC LIMIT 1',
  );
  return call!;
}

/** What pg_net then does: the recorded HTTP call, for real. */
async function replay(call: { url: string; headers: Record<string, string>; body: unknown }) {
  const response = await fetch(call.url, {
    method: 'POST',
    headers: call.headers,
    body: JSON.stringify(call.body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function outboxOf(leadId: string) {
  return query<{
    kind: string;
    status: string;
    attempts: number;
    last_error: string | null;
    next_attempt_at: number;
  }>(
    `SELECT kind, status, attempts, last_error, next_attempt_at::float8 AS next_attempt_at
       FROM outbox WHERE lead_id = $1 ORDER BY kind`,
    [leadId],
  );
}

describe('the functions’ configuration', () => {
  it('imports in each deno.json the versions package.json pins', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    const pinned = { ...pkg.dependencies, ...pkg.devDependencies };
    for (const fn of edgeFunctions(process.cwd())) {
      const { imports } = JSON.parse(readFileSync(fn.config, 'utf8')) as {
        imports: Record<string, string>;
      };
      for (const target of Object.values(imports)) {
        const match = /^npm:\/?((?:@[^/@]+\/)?[^/@]+)@([^/]+)/.exec(target);
        expect(match, `${fn.name}: ${target}`).not.toBeNull();
        expect(`${match![1]}@${match![2]}`).toBe(`${match![1]}@${pinned[match![1]!]}`);
      }
    }
  });
});

describe('send-contact-email through supabase-js', () => {
  it('stores a valid request with its consent and two pending e-mails', async () => {
    const id = await invokeValid('invoke@entreprise.example');
    const [lead] = await query<{ email: string; consent_version: string }>(
      'SELECT email, consent_version FROM leads WHERE id = $1',
      [id],
    );
    expect(lead).toEqual({ email: 'invoke@entreprise.example', consent_version: CONSENT_VERSION });
    expect((await outboxOf(id)).map((row) => [row.kind, row.status])).toEqual([
      ['confirmation', 'pending'],
      ['notification', 'pending'],
    ]);
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
      /Nous vous rappellerons au plus tard \S+ \d+(er)?\s\S+ à \d+\sh/,
    );
    expect(sent('notification')).toMatch(/À rappeler avant\s: \S+ \d+ \S+ à \d\d:\d\d/);
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

describe('parity: the Node server and the function answer alike', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ origins: [SITE_ORIGIN] });
  });
  afterAll(async () => server?.close());

  const FORM = 'application/x-www-form-urlencoded';
  const form = (fields: Record<string, unknown>) =>
    new URLSearchParams(
      Object.entries(fields).map(([key, value]) => [key, String(value)]),
    ).toString();
  const json = { 'content-type': 'application/json' };
  const fixtures: Array<[string, RequestInit]> = [
    [
      'a valid JSON request',
      { method: 'POST', headers: json, body: JSON.stringify(validRequest()) },
    ],
    [
      'an invalid e-mail',
      { method: 'POST', headers: json, body: JSON.stringify(validRequest({ email: 'x' })) },
    ],
    ['missing fields', { method: 'POST', headers: json, body: JSON.stringify({ nom: '' }) }],
    ['broken JSON', { method: 'POST', headers: json, body: '{"nom":' }],
    ['a prototype key', { method: 'POST', headers: json, body: '{"__proto__":{"x":1}}' }],
    ['a text/plain body', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' }],
    [
      'a body over 16 KiB',
      {
        method: 'POST',
        headers: json,
        body: JSON.stringify(validRequest({ message: 'é'.repeat(9_000) })),
      },
    ],
    [
      'a filled honeypot',
      {
        method: 'POST',
        headers: json,
        body: JSON.stringify(validRequest({ website: 'http://spam.example' })),
      },
    ],
    [
      'a native post',
      {
        method: 'POST',
        headers: { 'content-type': FORM, origin: SITE_ORIGIN },
        body: form({ ...validRequest(), rgpdConsent: 'true' }),
      },
    ],
    [
      'an invalid native post',
      {
        method: 'POST',
        headers: { 'content-type': FORM, origin: SITE_ORIGIN },
        body: form({ nom: 'x' }),
      },
    ],
    [
      'a native post from another site',
      {
        method: 'POST',
        headers: { 'content-type': FORM, origin: 'https://evil.example' },
        body: form(validRequest()),
      },
    ],
    ['a GET', { method: 'GET' }],
    [
      'a preflight from the site',
      {
        method: 'OPTIONS',
        headers: {
          origin: SITE_ORIGIN,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'apikey, authorization, content-type, x-client-info',
        },
      },
    ],
    [
      'a JSON request from the site',
      {
        method: 'POST',
        headers: { ...json, origin: SITE_ORIGIN },
        body: JSON.stringify(validRequest()),
      },
    ],
  ];

  const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
  const HEADERS = [
    'content-type',
    'location',
    'cache-control',
    'retry-after',
    'allow',
    'vary',
    'access-control-allow-origin',
    'access-control-allow-headers',
    'access-control-allow-methods',
  ];

  async function answer(url: string, init: RequestInit) {
    const response = await fetch(url, { ...init, redirect: 'manual' });
    const headers = Object.fromEntries(
      HEADERS.flatMap((name) => {
        const value = response.headers.get(name);
        return value === null ? [] : [[name, value]];
      }),
    );
    return {
      status: response.status,
      headers,
      body: (await response.text()).replace(UUID, '<uuid>'),
    };
  }

  it.each(fixtures)('%s', async (_name, init) => {
    const onNode = await answer(server.endpoint, init);
    const onFunction = await answer(`${gateway.url}${CONTACT_ENDPOINT_PATH}`, init);
    expect(onFunction).toEqual(onNode);
  });
});

describe('issue 17’s caps hold in the database, across isolates', () => {
  /** Two more isolates of send-contact-email with low caps, on the same database. */
  let isolates: RunningFunction[] = [];
  beforeAll(async () => {
    const capped = {
      ...workerEnv,
      SITE_RATE_LIMIT_PER_MINUTE: '4',
      NOTIFICATIONS_PER_10_MINUTES: '2',
    };
    isolates = await Promise.all([
      startEdgeFunction('send-contact-email', capped),
      startEdgeFunction('send-contact-email', capped),
    ]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(isolates.map((fn) => fn.stop()));
  });

  let sent = 0;
  /** A spread flood: each request from its own forwarded address, isolates taken in turn. */
  async function post(fields: Record<string, unknown>) {
    sent += 1;
    const fn = isolates[sent % isolates.length]!;
    const response = await fetch(`http://127.0.0.1:${fn.port}/${FUNCTION_NAME}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: SITE_ORIGIN,
        'x-forwarded-for': `203.0.113.${sent}`,
      },
      body: JSON.stringify(validRequest(fields)),
    });
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: (await response.json()) as { id?: string; error?: string },
    };
  }

  /** Fresh windows for the counters, well inside one minute (windows start on the minute). */
  async function startInFreshWindows() {
    await query('DELETE FROM counters');
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 15_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
  }

  it('folds duplicates, sends one confirmation per address, withholds notifications past the cap with one alert, and answers 503 past the site budget', async () => {
    await startInFreshWindows();
    const [before] = await query<{ count: string }>('SELECT count(*) FROM leads');
    // The same request twice (a double click): one lead, the same id.
    const first = await post({ email: 'Flood@Victime.example ', message: 'Demande 1' });
    const again = await post({ email: 'Flood@Victime.example ', message: 'Demande 1' });
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body.id).toBe(first.body.id);
    // Other requests to the same address (case and spaces aside), until the budget of 4 is spent.
    const answers = [];
    for (let i = 2; i <= 6; i += 1) {
      answers.push(await post({ email: 'flood@victime.example', message: `Demande ${i}` }));
    }
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 503, 503]);
    for (const refused of answers.slice(3)) {
      expect(refused.retryAfter).toMatch(/^[1-9]\d*$/);
      expect(refused.body.error).toMatch(/^Nous recevons beaucoup de demandes en ce moment\./);
    }

    // Every acknowledged request is stored once.
    const ids = [first.body.id, ...answers.slice(0, 3).map((answer) => answer.body.id)];
    const [after] = await query<{ count: string }>('SELECT count(*) FROM leads');
    expect(Number(after!.count) - Number(before!.count)).toBe(4);
    const rows = await query<{ lead_id: string; kind: string; status: string; reason: string }>(
      `SELECT lead_id, kind, status, coalesce(withheld_reason, '') AS reason FROM outbox
        WHERE lead_id = ANY($1) ORDER BY id`,
      [ids],
    );
    const of = (kind: string) =>
      rows.filter((row) => row.kind === kind).map((row) => [row.status, row.reason]);
    expect(of('confirmation')).toEqual([
      ['pending', ''],
      ['withheld', 'confirmation-recent'],
      ['withheld', 'confirmation-recent'],
      ['withheld', 'confirmation-recent'],
    ]);
    expect(of('notification')).toEqual([
      ['pending', ''],
      ['pending', ''],
      ['withheld', 'notification-flood'],
      ['withheld', 'notification-flood'],
    ]);
    expect(of('alert')).toEqual([['pending', '']]);
  }, 60_000);
});

describe('audience-beacon, the audience count on the same modules', () => {
  const beacon = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${gateway.url}${AUDIENCE_BEACON_PATH}`, {
      method: 'POST',
      // What navigator.sendBeacon sends: text/plain, no apikey, no Authorization.
      headers: {
        'Content-Type': 'text/plain;charset=UTF-8',
        'User-Agent':
          'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
        ...headers,
      },
      body,
    });

  it('counts views and entries in batches, drops GPC, DNT and robots, refuses 1 KB and more, stores no address', async () => {
    const entry = JSON.stringify({ p: '/contact', e: 1, d: 'mobile', r: 'www.qwant.com' });
    const view = JSON.stringify({ p: '/contact', e: 0, d: 'mobile' });
    expect((await beacon(entry)).status).toBe(204);
    expect((await beacon(view)).status).toBe(204);
    expect((await beacon(view, { 'Sec-GPC': '1' })).status).toBe(204);
    expect((await beacon(view, { DNT: '1' })).status).toBe(204);
    expect((await beacon(view, { 'User-Agent': 'Googlebot/2.1' })).status).toBe(204);
    expect((await beacon('x'.repeat(1025))).status).toBe(413);
    expect((await beacon('{"p":')).status).toBe(400);

    // The isolate writes its aggregate every 5 s.
    let rows: Array<{ page: string; referrer: string; views: number; entries: number }> = [];
    for (let attempt = 0; attempt < 40 && rows.length < 2; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      rows = await query(
        'SELECT page, referrer, views, entries FROM audience_daily ORDER BY referrer',
      );
    }
    expect(rows).toEqual([
      { page: '/contact', referrer: '', views: 1, entries: 0 },
      { page: '/contact', referrer: 'www.qwant.com', views: 1, entries: 1 },
    ]);
    const dump = JSON.stringify(
      await query(
        "SELECT * FROM audience_daily UNION ALL SELECT day, campaign, '', '', entries, entries FROM audience_campaigns",
      ),
    );
    expect(dump).not.toContain('127.0.0.1');
    expect(dump).not.toContain('Mozilla');
  }, 60_000);
});

describe('the CRM webhook on Supabase (issue 26)', () => {
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

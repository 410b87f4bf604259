import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { ENGINES, engineFixture, type EngineFixture } from '#test-support/engines.ts';
import { postJson, startTestServer, validRequest, type TestServer } from '#test-support/harness.ts';
import { startSmtpPeer, type SmtpPeer } from '#test-support/smtp-peer.ts';
import { SIGN_IN_FRAGMENT_KEY, STAFF_API, STAFF_API_PREFIX } from '#contracts/staff/contract.ts';
import { hashSecret, SIGN_IN_TOKEN_TTL_MS } from './auth.ts';

/**
 * The staff API against the real server, on both engines: sign-in by e-mail link through a real
 * SMTP peer, the session cookie, 401/403, no-store, and what the store keeps (hashes only).
 */
const STAFF = 'anne.commerciale@calora-energies.example';
/** A second staff member (each address may ask for 5 links an hour). */
const MARC = 'marc@calora-energies.example';

function expectFrench(body: unknown) {
  const error = (body as { error?: unknown }).error;
  expect(typeof error).toBe('string');
  expect(error as string).not.toMatch(/\b(invalid|unauthorized|forbidden|error|token)\b/i);
}

describe.each(ENGINES)('the staff API on %s', (engine) => {
  let fixture: EngineFixture;
  let peer: SmtpPeer;
  let server: TestServer;
  let api: (path: string) => string;

  beforeAll(async () => {
    fixture = await engineFixture(engine);
    peer = await startSmtpPeer();
    server = await startTestServer({
      ...fixture.config,
      smtpUrl: peer.url,
      staffEmails: [STAFF, MARC],
      siteUrl: 'http://127.0.0.1:1',
      // Each test is its own client (the sign-in rate limit counts per client address).
      trustProxy: 'x-forwarded-for',
    });
    api = (path) => `${server.url}${path}`;
  });
  afterAll(async () => {
    await server.close();
    await peer.stop();
    await fixture.cleanup();
  });

  let client = 0;
  beforeEach(() => {
    client += 1;
  });
  const send = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    postJson(api(path), body, {
      Origin: server.origin,
      'X-Forwarded-For': `10.0.0.${client}`,
      ...headers,
    });

  /** Requests a link for `email` and returns the token of the e-mail it receives. */
  async function linkToken(email: string): Promise<string> {
    const before = peer.messages.length;
    const response = await send(STAFF_API.requestLink, { email });
    expect(response.status).toBe(200);
    await peer.waitFor((messages) =>
      messages.slice(before).some((mail) => mail.envelopeTo.includes(email)),
    );
    const mail = peer.messages.slice(before).find((m) => m.envelopeTo.includes(email))!;
    const match = new RegExp(`/equipe/connexion#${SIGN_IN_FRAGMENT_KEY}=([A-Za-z0-9_-]{43})`).exec(
      mail.text ?? '',
    );
    expect(match).not.toBeNull();
    return match![1]!;
  }

  async function signIn(
    email = STAFF,
  ): Promise<{ cookie: string; setCookie: string; token: string }> {
    const token = await linkToken(email);
    const response = await send(STAFF_API.session, { token });
    expect(response.status).toBe(200);
    const setCookie = response.headers.getSetCookie()[0] ?? '';
    return { cookie: setCookie.split(';')[0]!, setCookie, token };
  }

  it('answers every staff route with 401 and no-store without a session', async () => {
    const routes: Array<[string, string]> = [
      ['GET', STAFF_API.session],
      ['POST', STAFF_API.signOut],
      ['POST', STAFF_API.search],
      ['POST', STAFF_API.exportCsv],
      ['GET', STAFF_API.counters],
      ['GET', STAFF_API.lead('abc')],
      ['POST', STAFF_API.status('abc')],
      ['POST', STAFF_API.erase('abc')],
      ['POST', STAFF_API.retry('abc')],
      ['GET', `${STAFF_API_PREFIX}/inconnu`],
    ];
    for (const [method, path] of routes) {
      const response = await fetch(api(path), {
        method,
        headers: { Origin: server.origin, 'Content-Type': 'application/json', Cookie: 'equipe=x' },
        body: method === 'POST' ? '{}' : undefined,
      });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expectFrench(await response.json());
    }
  });

  it('refuses a cross-site state-changing request with 403, even with a valid session', async () => {
    const { cookie } = await signIn();
    const attempts: Array<Record<string, string>> = [
      { Origin: 'https://evil.example' },
      { Origin: 'null' },
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
    ];
    for (const headers of attempts) {
      const response = await fetch(api(STAFF_API.search), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: cookie, ...headers },
        body: '{}',
      });
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expectFrench(await response.json());
    }
  });

  it('sends a link to a listed address only, with the same answer for everyone', async () => {
    const before = peer.messages.length;
    const unlisted = await send(STAFF_API.requestLink, { email: 'intrus@example.fr' });
    const listed = await send(STAFF_API.requestLink, { email: 'MARC@calora-energies.example' });
    expect(unlisted.status).toBe(200);
    expect(await unlisted.json()).toEqual(await listed.json());
    await peer.waitFor((messages) => messages.length > before);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const sent = peer.messages.slice(before);
    expect(sent.map((mail) => mail.envelopeTo)).toEqual([['MARC@calora-energies.example']]);
  });

  it('signs in by the link once; the cookie is HttpOnly, SameSite=Strict and path-limited', async () => {
    const { cookie, setCookie, token } = await signIn();
    expect(setCookie).toMatch(/^equipe=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toMatch(/; HttpOnly/i);
    expect(setCookie).toMatch(/; SameSite=Strict/i);
    expect(setCookie).toMatch(new RegExp(`; Path=${STAFF_API_PREFIX}(;|$)`));
    const me = await fetch(api(STAFF_API.session), { headers: { Cookie: cookie } });
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({ email: STAFF });

    // The same link again (e.g. stolen from the mailbox after the staff member used it).
    const again = await send(STAFF_API.session, { token });
    expect(again.status).toBe(400);
    expect(again.headers.getSetCookie()).toEqual([]);
    expectFrench(await again.json());
  });

  it('refuses an expired link', async () => {
    const token = 'E'.repeat(43);
    await server.pipeline.stores.sessions.insertSignInToken(
      hashSecret(token),
      STAFF,
      Date.now() - SIGN_IN_TOKEN_TTL_MS - 1,
      SIGN_IN_TOKEN_TTL_MS,
    );
    const response = await send(STAFF_API.session, { token });
    expect(response.status).toBe(400);
  });

  it('stores tokens and session ids only as hashes', async () => {
    const { cookie, token } = await signIn();
    const sessionId = cookie.split('=')[1]!;
    const stored = await storedSecrets();
    expect(stored).toContain(hashSecret(token));
    expect(stored).toContain(hashSecret(sessionId));
    expect(stored).not.toContain(token);
    expect(stored).not.toContain(sessionId);
  });

  /** Every byte the database holds about sign-ins and sessions. */
  async function storedSecrets(): Promise<string> {
    if (engine === 'postgres') {
      const client = new pg.Client({ connectionString: fixture.config.databaseUrl });
      await client.connect();
      try {
        const tokens = await client.query('SELECT * FROM staff_sign_in_tokens');
        const sessions = await client.query('SELECT * FROM staff_sessions');
        return JSON.stringify([tokens.rows, sessions.rows]);
      } finally {
        await client.end();
      }
    }
    // The SQLite file and its write-ahead log, read as bytes.
    return readdirSync(server.dataDir)
      .filter((name) => name.startsWith('leads.sqlite'))
      .map((name) => readFileSync(join(server.dataDir, name)).toString('latin1'))
      .join('');
  }

  it('keeps the audit trail append-only: the database refuses UPDATE and DELETE', async () => {
    await signIn(MARC);
    for (const statement of ['UPDATE staff_audit SET actor = $1', 'DELETE FROM staff_audit']) {
      await expect(rawExecute(statement)).rejects.toThrow(/append-only/);
    }
  });

  async function rawExecute(statement: string): Promise<void> {
    if (engine === 'postgres') {
      const client = new pg.Client({ connectionString: fixture.config.databaseUrl });
      await client.connect();
      try {
        await client.query(statement, statement.includes('$1') ? ['x'] : []);
      } finally {
        await client.end();
      }
      return;
    }
    const database = new Database(join(server.dataDir, 'leads.sqlite'));
    try {
      database
        .prepare(statement.replace('$1', '?'))
        .run(...(statement.includes('$1') ? ['x'] : []));
    } finally {
      database.close();
    }
  }

  it('ends the session on the server at sign-out', async () => {
    const { cookie } = await signIn();
    const out = await fetch(api(STAFF_API.signOut), {
      method: 'POST',
      headers: { Origin: server.origin, Cookie: cookie },
    });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie()[0]).toMatch(/Max-Age=0/);
    const me = await fetch(api(STAFF_API.session), { headers: { Cookie: cookie } });
    expect(me.status).toBe(401);
  });

  it('rate-limits link requests per address', async () => {
    const email = 'flood@example.fr';
    const statuses: number[] = [];
    for (let index = 0; index < 6; index += 1) {
      statuses.push((await send(STAFF_API.requestLink, { email })).status);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses[5]).toBe(429);
  });

  it('makes a failed e-mail due again with "retry now", which the worker then sends', async () => {
    const { cookie } = await signIn(MARC);
    const store = server.pipeline.stores;
    const id = 'retry-lead';
    // A lead whose notification failed for good (as after a permanent SMTP refusal).
    await store.leads.insertLead(
      id,
      {
        clientType: 'professionnel',
        nom: 'Retry',
        prenom: 'Léo',
        adresse: '1 rue A, 75001 Paris',
        telephone: '0612345678',
        email: 'leo@example.fr',
        produit: '',
        message: '',
      },
      { text: 'J’accepte', version: 'v1', givenAt: Date.now() },
      [{ kind: 'notification', messageId: '<retry-lead.notification@calora-energies.example>' }],
      Date.now() + 60 * 60 * 1000,
    );
    // Claimed as a worker would (its first attempt is an hour away, so no real worker takes it).
    const claimed = await store.outbox.claimDue(
      Date.now() + 2 * 60 * 60 * 1000,
      50,
      'test',
      60_000,
    );
    const mine = claimed.find((mail) => mail.leadId === id)!;
    await store.outbox.releaseClaims(
      claimed.filter((mail) => mail !== mine).map((mail) => mail.id),
      'test',
    );
    await store.outbox.markFailed(mine.id, 'test', Date.now(), 'smtp_550');
    expect((await store.outbox.mailFor(id))[0]!.status).toBe('failed');

    const response = await fetch(api(STAFF_API.retry(id)), {
      method: 'POST',
      headers: { Origin: server.origin, Cookie: cookie },
    });
    expect(response.status).toBe(200);
    const detail = (await response.json()) as { audit: Array<{ action: string; detail: string }> };
    expect(detail.audit).toEqual([expect.objectContaining({ action: 'retry', detail: '1' })]);
    await peer.waitFor((messages) => messages.some((mail) => mail.headers.get('x-lead-id') === id));
    // The worker marks the row once the peer has answered: shortly after the peer has the mail.
    await expect
      .poll(async () => (await store.outbox.mailFor(id))[0]!.status, { timeout: 10_000 })
      .toBe('sent');
  });

  it('lists, filters, changes a status with a note, exports, erases, and audits it all', async () => {
    const { cookie } = await signIn(MARC);
    const authed = (path: string, body?: unknown) =>
      fetch(api(path), {
        method: body === undefined ? 'GET' : 'POST',
        headers: { Origin: server.origin, Cookie: cookie, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const submitted: string[] = [];
    for (const overrides of [
      { nom: 'Martin', email: 'paul.martin@example.fr', telephone: '06 11 22 33 44' },
      { nom: 'Durand', email: 'lea.durand@example.fr', produit: 'Climatisation' },
      { nom: 'Martin', email: 'PAUL.martin@example.fr', produit: 'Éclairage LED' },
    ]) {
      const response = await postJson(server.endpoint, validRequest(overrides));
      submitted.push(((await response.json()) as { id: string }).id);
    }
    const search = async (filter: object) =>
      (await (await authed(STAFF_API.search, filter)).json()) as {
        total: number;
        rows: Array<{ id: string; nom: string }>;
      };
    expect((await search({ q: 'martin' })).total).toBe(2);
    expect((await search({ q: '0611' })).rows.map((row) => row.id)).toEqual([submitted[0]]);
    expect((await search({ produit: 'Climatisation' })).rows.map((row) => row.nom)).toEqual([
      'Durand',
    ]);
    expect((await authed(STAFF_API.search, { q: 'x', bogus: 1 })).status).toBe(400);

    const changed = await authed(STAFF_API.status(submitted[0]!), {
      status: 'en_cours',
      note: 'Rappel prévu jeudi',
    });
    expect(changed.status).toBe(200);
    const detail = (await changed.json()) as {
      status: string;
      notes: Array<{ text: string; author: string }>;
      audit: Array<{ action: string; actor: string; detail: string }>;
      related: Array<{ id: string }>;
    };
    expect(detail.status).toBe('en_cours');
    expect(detail.notes).toEqual([
      expect.objectContaining({ text: 'Rappel prévu jeudi', author: MARC }),
    ]);
    expect(detail.audit.map((entry) => [entry.action, entry.actor, entry.detail])).toEqual([
      ['status', MARC, 'nouveau → en_cours'],
      ['note', MARC, ''],
    ]);
    expect(detail.related.map((lead) => lead.id)).toEqual([submitted[2]]);
    expect((await search({ status: 'en_cours' })).rows.map((row) => row.id)).toEqual([
      submitted[0],
    ]);

    // The export is a form posted without script: the search travels in the body.
    const exportForm = (fields: string) =>
      fetch(api(STAFF_API.exportCsv), {
        method: 'POST',
        headers: {
          Origin: server.origin,
          Cookie: cookie,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: fields,
      });
    const csv = await exportForm('q=martin&status=&portee=vue');
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(
      /^attachment; filename="demandes-toutes-filtrees-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = Buffer.from(await csv.arrayBuffer());
    // The BOM as bytes (text() would strip it while decoding).
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.startsWith('"Reçue le";"Statut";')).toBe(true);
    expect(text.trimEnd().split('\r\n')).toHaveLength(3);
    expect(text).toContain('"En cours"');
    expect(text).not.toContain('en_cours');
    // « Toutes les demandes »: the search is left aside.
    const all = await exportForm('q=martin&vue=a-rappeler&portee=tout');
    expect(all.headers.get('content-disposition')).toMatch(/filename="demandes-toutes-\d{4}-/);
    const everything = await all.text();
    expect(everything).toContain('"Durand"');
    expect(everything.trimEnd().split('\r\n')).toHaveLength(5);
    // Not the form: refused, nothing exported.
    expect((await authed(STAFF_API.exportCsv, { q: 'martin' })).status).toBe(415);
    expect((await exportForm('q=martin')).status).toBe(400);
    expect((await exportForm('portee=vue&bogus=1')).status).toBe(400);
    expect((await exportForm('portee=vue&q=a&q=b')).status).toBe(400);

    const counters = (await (await authed(STAFF_API.counters)).json()) as {
      windows: Array<{ days: number; byStatus: Record<string, number> }>;
    };
    expect(counters.windows.map((window) => window.days)).toEqual([30, 90]);
    expect(counters.windows[0]!.byStatus.en_cours).toBeGreaterThanOrEqual(1);

    const erased = await authed(STAFF_API.erase(submitted[0]!), {});
    expect(await erased.json()).toEqual({ erased: 2 });
    expect((await search({ q: 'martin' })).total).toBe(0);
    expect((await authed(STAFF_API.lead(submitted[0]!))).status).toBe(404);
    const log = await server.pipeline.stores.sessions.auditLog();
    // Newest first: every request (4), then the search's 2.
    expect(log.filter((entry) => entry.action === 'export')).toEqual([
      expect.objectContaining({ actor: MARC, detail: '4' }),
      expect.objectContaining({ actor: MARC, detail: '2' }),
    ]);
    const erasure = log.find((entry) => entry.action === 'erase');
    expect(erasure).toMatchObject({ actor: MARC, lead_id: null, detail: '2' });
    expect(JSON.stringify(log)).not.toMatch(/martin|0611223344|06 11/i);
  });
});

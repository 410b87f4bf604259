import { readdirSync } from 'node:fs';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { CHOICE_VERSION } from '#contracts/contact/contact-choice.ts';
import { VISITOR_API, type VisitorPersonView } from '#contracts/contact/visitor-api.ts';
import { EML_DIRECTORY } from '#server/outbox/index.ts';
import { ENGINES, engineFixture, type EngineFixture } from '#test-support/engines.ts';
import { postJson, startTestServer, type TestServer, validRequest } from '#test-support/harness.ts';
import { VISITOR_REQUESTS_PER_WINDOW } from './route-kit.ts';
import { VISITOR_MESSAGES } from './messages.ts';

describe.each(ENGINES)('the visitor page’s API on %s', (engine) => {
  let fixture: EngineFixture;
  let server: TestServer;
  let client = 0;
  let closed = false;

  beforeEach(async () => {
    fixture = await engineFixture(engine);
    server = await startTestServer({ ...fixture.config, trustProxy: 'x-forwarded-for' });
    client += 1;
    closed = false;
  });
  afterEach(async () => {
    if (!closed) await server.close();
    await fixture.cleanup();
  });

  const send = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    postJson(`${server.url}${path}`, body, {
      Origin: server.origin,
      'X-Forwarded-For': `10.1.0.${client}`,
      ...headers,
    });

  /** A request stored by the endpoint with the visitor's choice; its id. */
  async function store(overrides: Record<string, unknown> = {}): Promise<string> {
    const response = await postJson(
      server.endpoint,
      validRequest({
        recontact: 'telephone',
        jours: ['mardi'],
        creneaux: ['14:00-17:00'],
        recontactVersion: CHOICE_VERSION,
        ...overrides,
      }),
      { Origin: server.origin, 'X-Forwarded-For': `10.2.0.${client}` },
    );
    return ((await response.json()) as { id: string }).id;
  }
  const linkTo = (id: string) => server.pipeline.stores.visitorLinks.mint(id, Date.now());
  /** A request stored by the endpoint with the visitor's choice, and a link to it. */
  async function storedRequest(): Promise<string> {
    return linkTo(await store());
  }

  it('answers every wrong, malformed or erased token alike: 404, one French message', async () => {
    const token = await storedRequest();
    const answers = [];
    for (const jeton of ['A'.repeat(43), 'court', 12, null, `${token}=`]) {
      answers.push(await send(VISITOR_API.read, { jeton }));
    }
    const demande = await server.pipeline.stores.visitorLinks.leadOf(token, Date.now());
    answers.push(await send(VISITOR_API.stopCalls, { jeton: 'B'.repeat(43), demande }));
    answers.push(await send(VISITOR_API.erase, { jeton: 'B'.repeat(43), confirmer: true }));
    answers.push(
      await send(VISITOR_API.slots, { jeton: 'B'.repeat(43), demande, jours: [], creneaux: [] }),
    );
    for (const response of answers) {
      expect(response.status).toBe(404);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      expect(await response.json()).toEqual({ error: VISITOR_MESSAGES.unknownLink });
    }
    expect(VISITOR_MESSAGES.unknownLink).toContain('01 99 00 12 34');
  });

  it('reads, changes the slots, stops the calls, erases; then opens nothing', async () => {
    const demande = await store();
    const token = await linkTo(demande);
    const read = await send(VISITOR_API.read, { jeton: token });
    expect(read.status).toBe(200);
    const person = (await read.json()) as VisitorPersonView;
    expect(person.requestCount).toBe(1);
    expect(person.requests.map((request) => [request.id, request.slots])).toEqual([
      [demande, ['14:00-17:00']],
    ]);

    const changed = await send(VISITOR_API.slots, {
      jeton: token,
      demande,
      jours: ['lundi', 'vendredi'],
      creneaux: ['10:00-13:00'],
    });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({
      id: demande,
      days: ['lundi', 'vendredi'],
      slots: ['10:00-13:00'],
    });
    const refused = await send(VISITOR_API.slots, {
      jeton: token,
      demande,
      jours: ['dimanche'],
      creneaux: [],
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ fields: { jours: expect.any(String) } });

    // An act that names no request is not the act's body.
    expect((await send(VISITOR_API.stopCalls, { jeton: token })).status).toBe(400);
    const stopped = await send(VISITOR_API.stopCalls, { jeton: token, demande });
    expect(await stopped.json()).toMatchObject({ channel: 'email', canChangeSlots: false });
    const closed = await send(VISITOR_API.slots, {
      jeton: token,
      demande,
      jours: [],
      creneaux: [],
    });
    expect(closed.status).toBe(409);

    const unconfirmed = await send(VISITOR_API.erase, { jeton: token });
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.json()).toEqual({ error: VISITOR_MESSAGES.confirmErase });
    const erased = await send(VISITOR_API.erase, { jeton: token, confirmer: true });
    expect(await erased.json()).toEqual({ erased: 1 });
    expect((await send(VISITOR_API.read, { jeton: token })).status).toBe(404);

    const events = server.logs.filter((log) => log.event === 'visitor_changed');
    expect(events.map((log) => log.fields)).toEqual([
      { action: 'slots' },
      { action: 'stop_calls' },
      { action: 'erase', count: 1 },
    ]);
  });

  it('opens the person: an act on another address’s request is a bad token’s 404', async () => {
    const first = await store();
    // The same person, another request (another message: not a repeat of the first).
    const second = await store({ email: 'Anne@Entreprise.example', message: 'Et un devis.' });
    const theirs = await store({ email: 'paul@ailleurs.example' });
    const token = await linkTo(first);
    const person = (await (
      await send(VISITOR_API.read, { jeton: token })
    ).json()) as VisitorPersonView;
    expect(person.requests.map((request) => request.id)).toEqual([first, second]);
    expect(person.requestCount).toBe(2);

    const onSecond = await send(VISITOR_API.stopCalls, { jeton: token, demande: second });
    expect(await onSecond.json()).toMatchObject({ id: second, channel: 'email' });
    const attacks = [
      await send(VISITOR_API.stopCalls, { jeton: token, demande: theirs }),
      await send(VISITOR_API.slots, { jeton: token, demande: theirs, jours: [], creneaux: [] }),
    ];
    for (const response of attacks) {
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: VISITOR_MESSAGES.unknownLink });
    }
    const untouched = await server.pipeline.stores.leads.getLead(theirs);
    expect(untouched?.contact.choice.channel).toBe('telephone');
    expect(untouched?.contact.sequence).toBe(0);
  });

  it('erases the person: every request of the address and their mail files', async () => {
    const first = await store();
    const second = await store({ message: 'Et un devis.' });
    const theirs = await store({ email: 'paul@ailleurs.example' });
    const token = await linkTo(first);
    const directory = join(server.dataDir, EML_DIRECTORY);
    const files = () => {
      try {
        return readdirSync(directory);
      } catch {
        return [];
      }
    };
    const of = (id: string) => files().filter((name) => name.startsWith(id));
    const written = (id: string) => of(id).filter((name) => name.endsWith('.eml'));
    // Both notifications and the first's confirmation written whole (the second's confirmation
    // was withheld): no write of theirs is still under way.
    await expect.poll(() => written(first).length + written(second).length).toBe(3);
    const erased = await send(VISITOR_API.erase, { jeton: token, confirmer: true });
    expect(await erased.json()).toEqual({ erased: 2 });
    expect(of(first)).toEqual([]);
    expect(of(second)).toEqual([]);
    expect(of(theirs).length).toBeGreaterThan(0);
    const { leads } = server.pipeline.stores;
    expect(await leads.getLead(first)).toBeUndefined();
    expect(await leads.getLead(second)).toBeUndefined();
    expect(await leads.getLead(theirs)).toBeDefined();
  });

  it('guards like the staff API: POST only, same origin, JSON, small bodies', async () => {
    const get = await fetch(`${server.url}${VISITOR_API.read}`);
    expect(get.status).toBe(405);
    expect(get.headers.get('cache-control')).toBe('no-store');
    const body = { jeton: 'A'.repeat(43) };
    expect(
      (await send(VISITOR_API.read, body, { Origin: 'https://ailleurs.example' })).status,
    ).toBe(403);
    const sameSite = await postJson(`${server.url}${VISITOR_API.read}`, body, {
      'Sec-Fetch-Site': 'same-site',
    });
    expect(sameSite.status).toBe(403);
    const text = await fetch(`${server.url}${VISITOR_API.read}`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', Origin: server.origin },
      body: JSON.stringify(body),
    });
    expect(text.status).toBe(415);
    expect((await send(VISITOR_API.read, { jeton: 'x'.repeat(5000) })).status).toBe(413);
    expect((await send(VISITOR_API.read, '{"jeton":')).status).toBe(400);
    expect((await send(VISITOR_API.read, '{"__proto__":{}}')).status).toBe(400);
  });

  it('limits each client, and logs a flood of made-up tokens in aggregate only', async () => {
    const token = await storedRequest();
    const statuses: Record<number, number> = {};
    const made = Array.from(
      { length: 120 },
      (_, n) => `${String(n).padStart(3, '0')}${'Z'.repeat(40)}`,
    );
    // Many addresses, each under its budget, then one address past it.
    for (const [n, jeton] of made.entries()) {
      const response = await send(
        VISITOR_API.read,
        { jeton },
        { 'X-Forwarded-For': `10.9.${n}.7` },
      );
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    }
    for (let n = 0; n < VISITOR_REQUESTS_PER_WINDOW + 5; n += 1) {
      const response = await send(VISITOR_API.read, { jeton: made[n] });
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      if (response.status === 429) {
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(await response.json()).toEqual({ error: VISITOR_MESSAGES.rateLimited });
      }
    }
    expect(statuses).toEqual({ 404: 120 + VISITOR_REQUESTS_PER_WINDOW, 429: 5 });
    // The real visitor, from another address, is not affected.
    const own = await send(VISITOR_API.read, { jeton: token }, { 'X-Forwarded-For': '10.3.3.3' });
    expect(own.status).toBe(200);

    await server.close();
    closed = true;
    const lines = server.logs.filter((log) => log.event === 'visitor_refused');
    const count = (reason: string) =>
      lines
        .filter((log) => log.fields.reason === reason)
        .reduce((sum, log) => sum + Number(log.fields.count), 0);
    expect(count('visitor-unknown-link')).toBe(120 + VISITOR_REQUESTS_PER_WINDOW);
    expect(count('visitor-rate-limit')).toBe(5);
    // The first of a reason at once, the rest in one line when the minute ends (or at shutdown).
    expect(lines.length).toBeLessThanOrEqual(4);
    const written = JSON.stringify(server.logs);
    expect(written).not.toContain(token);
    for (const jeton of made) expect(written).not.toContain(jeton);
    expect(written).not.toMatch(/10\.[1-9]\.\d+\.\d+|14:00|10:00-13:00/);
  });

  it('purges the expired links at start (the daily purge)', async () => {
    const token = await storedRequest();
    const { stores } = server.pipeline;
    const leadId = await stores.visitorLinks.leadOf(token, Date.now());
    await stores.database.db
      .insertInto('visitor_links')
      .values({ token_hash: 'f'.repeat(64), lead_id: leadId ?? '', created_at: 0, expires_at: 1 })
      .execute();
    await server.close();
    server = await startTestServer({ ...fixture.config });
    const expired = () =>
      server.pipeline.stores.database.db
        .selectFrom('visitor_links')
        .select('token_hash')
        .where('expires_at', '<=', Date.now())
        .execute();
    // The expired link is gone; the request's own link still opens it (the confirmation sent
    // meanwhile mints one more, each e-mail its own).
    await expect.poll(async () => (await expired()).length).toBe(0);
    expect(await server.pipeline.stores.visitorLinks.leadOf(token, Date.now())).toBe(leadId);
    // The purge logs its counts after its transaction commits: wait for the line too.
    await expect
      .poll(() => server.logs.find((log) => log.event === 'retention_purge')?.fields)
      .toMatchObject({ visitorLinks: 1 });
  });
});

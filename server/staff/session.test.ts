import { rmSync } from 'node:fs';
import { join } from 'node:path';

import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createMemoryLogger, createTempDir, type LogRecord } from '#test-support/harness.ts';
import { STAFF_API } from '#contracts/staff/contract.ts';
import { startMailApiPeer } from '#test-support/mail-api-peer.ts';
import { createHttpApiTransport } from '#server/outbox/http-api-transport.ts';
import { createEmlTransport } from '#server/outbox/transport.ts';
import { registerStaffApi, type StaffApiDeps } from './routes.ts';
import { issueSignInLink, SESSION_ABSOLUTE_MS } from './auth.ts';
import { type Stores, openStores } from '#server/compose/stores.ts';
import { STAFF_IDLE_MS } from './index.ts';
import { TeamService } from '#server/team/index.ts';

/**
 * Session lifetimes and cookie attributes, with the API's clock in the test's hands: idle expiry
 * (8 h), absolute expiry (7 days), rotation at sign-in, deactivation in the team, and the
 * `__Host-` cookie over HTTPS.
 */
const STAFF = 'anne@calora-energies.example';
/** A second responsable, so that Anne may be deactivated. */
const MARC = 'marc@calora-energies.example';
const ORIGIN = 'https://www.calora-energies.example';
const HOUR = 60 * 60 * 1000;

let dir: string;
let store: Stores;
let team: TeamService;
let clock: number;
const logs: LogRecord[] = [];

beforeEach(async () => {
  dir = createTempDir('staff-session');
  store = await openStores({ dataDir: dir });
  clock = Date.UTC(2026, 10, 23, 9, 0);
  team = new TeamService(store.database);
  await team.ensureResponsables([STAFF, MARC], clock);
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

function app(overrides: Partial<StaffApiDeps> = {}) {
  const hono = new Hono();
  registerStaffApi(hono, {
    sessions: store.sessions,
    rateLimits: store.rates,
    transport: createEmlTransport(join(dir, 'mail'), createMemoryLogger(logs)),
    logger: createMemoryLogger(logs),
    people: team,
    siteUrl: () => ORIGIN,
    origins: () => [ORIGIN],
    mailFrom: 'no-reply@calora-energies.example',
    messageDomain: 'calora-energies.example',
    now: () => clock,
    ...overrides,
  });
  return hono;
}

async function signIn(hono: Hono, cookie?: string): Promise<{ setCookie: string; cookie: string }> {
  const link = await issueSignInLink(store.sessions, ORIGIN, STAFF, clock);
  const token = link.split('#jeton=')[1]!;
  const response = await hono.request(STAFF_API.session, {
    method: 'POST',
    headers: {
      Origin: ORIGIN,
      'Content-Type': 'application/json',
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: JSON.stringify({ token }),
  });
  expect(response.status).toBe(200);
  const setCookie = response.headers.getSetCookie()[0]!;
  return { setCookie, cookie: setCookie.split(';')[0]! };
}

async function me(hono: Hono, cookie: string): Promise<number> {
  return (await hono.request(STAFF_API.session, { headers: { Cookie: cookie } })).status;
}

describe('staff sessions', () => {
  it('over HTTPS, the cookie is __Host- prefixed, Secure, Path=/, HttpOnly, SameSite=Strict', async () => {
    const { setCookie } = await signIn(app());
    expect(setCookie).toMatch(/^__Host-equipe=[\w-]{43}; /);
    for (const attribute of ['Secure', 'HttpOnly', 'SameSite=Strict', 'Path=/']) {
      expect(setCookie.split('; ')).toContain(attribute);
    }
    expect(setCookie).not.toMatch(/Domain=/i);
    expect(setCookie).toContain(`Max-Age=${SESSION_ABSOLUTE_MS / 1000}`);
  });

  it('ends after 8 hours without a request', async () => {
    const hono = app();
    const { cookie } = await signIn(hono);
    clock += STAFF_IDLE_MS - 60_000;
    expect(await me(hono, cookie)).toBe(200);
    // Activity keeps it alive...
    clock += STAFF_IDLE_MS - 60_000;
    expect(await me(hono, cookie)).toBe(200);
    // ...silence ends it.
    clock += STAFF_IDLE_MS;
    expect(await me(hono, cookie)).toBe(401);
  });

  it('ends 7 days after sign-in however active', async () => {
    const hono = app();
    const { cookie } = await signIn(hono);
    while (clock < Date.UTC(2026, 10, 23, 9, 0) + SESSION_ABSOLUTE_MS - 2 * HOUR) {
      clock += 2 * HOUR;
      expect(await me(hono, cookie)).toBe(200);
    }
    clock += 2 * HOUR;
    expect(await me(hono, cookie)).toBe(401);
  });

  it('gives a new session id at each sign-in and revokes the one it replaces', async () => {
    const hono = app();
    const first = await signIn(hono);
    const second = await signIn(hono, first.cookie);
    expect(second.cookie).not.toBe(first.cookie);
    expect(await me(hono, second.cookie)).toBe(200);
    expect(await me(hono, first.cookie)).toBe(401);
  });

  it('ends every session of someone deactivated in the team', async () => {
    const hono = app();
    const first = await signIn(hono);
    const second = await signIn(hono);
    const anne = (await team.list()).find((person) => person.email === STAFF)!;
    expect(await team.deactivate(anne.id, MARC, clock)).toMatchObject({ ok: true });
    expect(await me(hono, first.cookie)).toBe(401);
    expect(await me(hono, second.cookie)).toBe(401);
  });

  it('refuses a session whose person is inactive, revoked or not', async () => {
    const hono = app();
    const { cookie } = await signIn(hono);
    await store.database.db.updateTable('staff_people').set({ active: 0 }).execute();
    expect(await me(hono, cookie)).toBe(401);
  });

  it('without SMTP, writes no sign-in link to disk and says so in the log', async () => {
    const hono = app();
    const response = await hono.request(STAFF_API.requestLink, {
      method: 'POST',
      headers: { Origin: ORIGIN, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: STAFF }),
    });
    expect(response.status).toBe(200);
    // Said to the person on the sign-in page, with the command that makes a link.
    const answer = (await response.json()) as { message: string };
    expect(answer.message).toContain('Ce serveur ne peut pas envoyer d’e-mail');
    expect(answer.message).toContain('npm run leads -- sign-in-link');
    expect(answer.message).not.toContain('vient de lui être envoyé');
    // The same answer for an address that is not staff: it reveals nothing.
    const stranger = await hono.request(STAFF_API.requestLink, {
      method: 'POST',
      headers: { Origin: ORIGIN, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'intrus@example.fr' }),
    });
    expect(await stranger.json()).toEqual(answer);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(logs.map((log) => log.event)).toContain('staff_sign_in_link_not_sent');
  });

  it('with the mail API instead of SMTP (MAIL_API_URL), e-mails the sign-in link', async () => {
    logs.length = 0;
    const api = await startMailApiPeer();
    try {
      const hono = app({ transport: createHttpApiTransport({ url: api.url, apiKey: api.apiKey }) });
      const response = await hono.request(STAFF_API.requestLink, {
        method: 'POST',
        headers: { Origin: ORIGIN, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: STAFF }),
      });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { message: string }).message).toContain(
        'un lien de connexion vient de lui être envoyé',
      );
      await expect.poll(() => api.accepted().length).toBe(1);
      const [mail] = api.accepted();
      expect(mail!.body.to).toEqual([{ email: STAFF }]);
      expect(mail!.body.textContent).toContain(`${ORIGIN}/equipe`);
      expect(logs.map((log) => log.event)).not.toContain('staff_sign_in_link_not_sent');
    } finally {
      await api.stop();
    }
  });
});

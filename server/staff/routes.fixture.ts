import { afterAll, beforeAll, beforeEach, expect } from 'vitest';

import { engineFixture, type EngineFixture, type EngineName } from '#test-support/engines.ts';
import { postJson, startTestServer, type TestServer } from '#test-support/harness.ts';
import { startSmtpPeer, type SmtpPeer } from '#test-support/smtp-peer.ts';
import { SIGN_IN_FRAGMENT_KEY, STAFF_API } from '#contracts/staff/contract.ts';

/**
 * What the staff API's tests (routes.*.test.ts) share: the real server on one engine with a real
 * SMTP peer, one client address per test, and sign-in by the e-mailed link. `fixture`, `peer`
 * and `server` are live bindings: read them inside a test, once `serveStaffApi(engine)` has run
 * its `beforeAll` for the engine's `describe`.
 */
export const STAFF = 'anne.commerciale@calora-energies.example';
/** A second staff member (each address may ask for 5 links an hour). */
export const MARC = 'marc@calora-energies.example';

export function expectFrench(body: unknown) {
  const error = (body as { error?: unknown }).error;
  expect(typeof error).toBe('string');
  expect(error as string).not.toMatch(/\b(invalid|unauthorized|forbidden|error|token)\b/i);
}

export let fixture: EngineFixture;
export let peer: SmtpPeer;
export let server: TestServer;
let client = 0;

/** Called once at the top of each engine's `describe`. */
export function serveStaffApi(engine: EngineName): void {
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
  });
  afterAll(async () => {
    await server.close();
    await peer.stop();
    await fixture.cleanup();
  });
  beforeEach(() => {
    client += 1;
  });
}

export const api = (path: string): string => `${server.url}${path}`;

export const send = (path: string, body: unknown, headers: Record<string, string> = {}) =>
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
  // The link's e-mail, not another one to that person (their morning digest may come first).
  const link = new RegExp(`/equipe/connexion#${SIGN_IN_FRAGMENT_KEY}=([A-Za-z0-9_-]{43})`);
  const isLink = (mail: (typeof peer.messages)[number]) =>
    mail.envelopeTo.includes(email) && link.test(mail.text ?? '');
  await peer.waitFor((messages) => messages.slice(before).some(isLink));
  const mail = peer.messages.slice(before).find(isLink)!;
  const match = link.exec(mail.text ?? '');
  expect(match).not.toBeNull();
  return match![1]!;
}

export async function signIn(
  email = STAFF,
): Promise<{ cookie: string; setCookie: string; token: string }> {
  const token = await linkToken(email);
  const response = await send(STAFF_API.session, { token });
  expect(response.status).toBe(200);
  const setCookie = response.headers.getSetCookie()[0] ?? '';
  return { cookie: setCookie.split(';')[0]!, setCookie, token };
}

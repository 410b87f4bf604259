import { describe, expect, it } from 'vitest';

import { ENGINES } from '#test-support/engines.ts';
import { SIGN_IN_TOKEN_TTL_MS, hashSecret } from './auth.ts';
import { STAFF_API, STAFF_API_PREFIX } from '#contracts/staff/contract.ts';
import {
  api,
  expectFrench,
  peer,
  send,
  server,
  serveStaffApi,
  signIn,
  STAFF,
} from './routes.fixture.ts';

/**
 * The staff API against the real server, on both engines: sign-in by e-mail link through a real
 * SMTP peer, the session cookie, sign-out, and the rate limit on links.
 */
describe.each(ENGINES)('the staff API on %s', (engine) => {
  serveStaffApi(engine);

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
    // A person seeded from STAFF_EMAILS has no name yet: the address names them.
    expect(await me.json()).toEqual({
      id: expect.any(String),
      email: STAFF,
      name: STAFF,
      role: 'responsable',
    });

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
});

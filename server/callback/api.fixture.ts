import { engineFixture, type EngineFixture, type EngineName } from '#test-support/engines.ts';
import { postJson, startTestServer, type TestServer } from '#test-support/harness.ts';
import { seedLeadsAt } from '#test-support/lead-input.ts';
import { startSmtpPeer, type SmtpPeer } from '#test-support/smtp-peer.ts';
import { SIGN_IN_FRAGMENT_KEY, STAFF_API } from '#contracts/staff/contract.ts';

/** A server on `engine` with `leads` stored, its clock given by the test, and a staff session. */
export interface ClockApi {
  fixture: EngineFixture;
  peer: SmtpPeer;
  server: TestServer;
  /** A JSON POST with the session's cookie. */
  send(path: string, body: unknown): Promise<Response>;
  /** A GET with the session's cookie. */
  get(path: string): Promise<Response>;
  /** A form POST (`application/x-www-form-urlencoded`) with the session's cookie. */
  sendForm(path: string, fields: string): Promise<Response>;
  close(): Promise<void>;
}

/** Starts the server, signs `staff` in by the e-mailed link. */
export async function startClockApi(
  engine: EngineName,
  leads: Parameters<typeof seedLeadsAt>[1],
  staff: string,
  clock: () => number,
): Promise<ClockApi> {
  const fixture = await engineFixture(engine);
  await seedLeadsAt(fixture.config, leads);
  const peer = await startSmtpPeer();
  const server = await startTestServer({
    ...fixture.config,
    smtpUrl: peer.url,
    staffEmails: [staff],
    siteUrl: 'http://127.0.0.1:1',
    clock,
    digestLookEveryMs: 3_600_000,
  });
  const asked = await postJson(
    `${server.url}${STAFF_API.requestLink}`,
    { email: staff },
    { Origin: server.origin },
  );
  if (asked.status !== 200) throw new Error(`sign-in link refused: ${asked.status}`);
  await peer.waitFor((messages) => messages.some((mail) => mail.envelopeTo.includes(staff)));
  const mail = peer.messages.find((message) => message.envelopeTo.includes(staff));
  const token = new RegExp(`#${SIGN_IN_FRAGMENT_KEY}=([\\w-]{43})`).exec(mail?.text ?? '')?.[1];
  const session = await postJson(
    `${server.url}${STAFF_API.session}`,
    { token },
    { Origin: server.origin },
  );
  const cookie = (session.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
  return {
    fixture,
    peer,
    server,
    send: (path, body) =>
      postJson(`${server.url}${path}`, body, { Origin: server.origin, Cookie: cookie }),
    get: (path) => fetch(`${server.url}${path}`, { headers: { Cookie: cookie } }),
    sendForm: (path, fields) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: {
          Origin: server.origin,
          Cookie: cookie,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: fields,
      }),
    close: async () => {
      await server.close();
      await peer.stop();
      await fixture.cleanup();
    },
  };
}

import { engineFixture, type EngineFixture, type EngineName } from '#test-support/engines.ts';
import { postJson, startTestServer, type TestServer } from '#test-support/harness.ts';
import { seedLeadsAt } from '#test-support/lead-input.ts';
import { startSmtpPeer, type SmtpPeer } from '#test-support/smtp-peer.ts';
import { signInByMail } from '#test-support/staff-sign-in.ts';

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
  const cookie = await signInByMail(server, peer, staff);
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

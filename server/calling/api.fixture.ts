import { engineFixture, type EngineFixture, type EngineName } from '#test-support/engines.ts';
import { postJson, startTestServer, type TestServer } from '#test-support/harness.ts';
import { seedLeadsAt } from '#test-support/lead-input.ts';
import { startSmtpPeer, type SmtpPeer } from '#test-support/smtp-peer.ts';
import { signInByMail } from '#test-support/staff-sign-in.ts';
import { openStores, type Stores } from '#server/compose/stores.ts';

/** Marie and Paul, both in the team (STAFF_EMAILS), each with a name and a session. */
const MARIE = 'marie.dupont@calora-energies.example';
const PAUL = 'paul.martin@calora-energies.example';

export interface Caller {
  id: string;
  send(path: string, body?: unknown): Promise<Response>;
  get(path: string): Promise<Response>;
}

export interface CallingApi {
  fixture: EngineFixture;
  server: TestServer;
  /** The same database, for the test's own looks (the marks' rows) and settings. */
  stores: Stores;
  marie: Caller;
  paul: Caller;
  close(): Promise<void>;
}

/**
 * A server on `engine` with `leads` stored and its clock given by the test; Marie Dupont and Paul
 * Martin named (Marie a responsable, Paul a commercial), both signed in.
 */
export async function startCallingApi(
  engine: EngineName,
  leads: Parameters<typeof seedLeadsAt>[1],
  clock: () => number,
): Promise<CallingApi> {
  const fixture = await engineFixture(engine);
  await seedLeadsAt(fixture.config, leads);
  const peer: SmtpPeer = await startSmtpPeer();
  const server = await startTestServer({
    ...fixture.config,
    smtpUrl: peer.url,
    staffEmails: [MARIE, PAUL],
    siteUrl: 'http://127.0.0.1:1',
    clock,
    digest: false,
  });
  const stores = await openStores(fixture.config);
  const db = stores.database.db;
  await db
    .updateTable('staff_people')
    .set({ first_name: 'Marie', last_name: 'Dupont' })
    .where('email', '=', MARIE)
    .execute();
  await db
    .updateTable('staff_people')
    .set({ first_name: 'Paul', last_name: 'Martin', role: 'commercial' })
    .where('email', '=', PAUL)
    .execute();
  const caller = async (email: string): Promise<Caller> => {
    const cookie = await signInByMail(server, peer, email);
    const person = await db
      .selectFrom('staff_people')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    return {
      id: person.id,
      send: (path, body = {}) =>
        postJson(`${server.url}${path}`, body, { Origin: server.origin, Cookie: cookie }),
      get: (path) => fetch(`${server.url}${path}`, { headers: { Cookie: cookie } }),
    };
  };
  const marie = await caller(MARIE);
  const paul = await caller(PAUL);
  return {
    fixture,
    server,
    stores,
    marie,
    paul,
    close: async () => {
      await stores.close();
      await server.close();
      await peer.stop();
      await fixture.cleanup();
    },
  };
}

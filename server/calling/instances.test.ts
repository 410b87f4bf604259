import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { engineFixture, type EngineFixture } from '#test-support/engines.ts';
import { postJson, startTestServer, type TestServer } from '#test-support/harness.ts';
import { seedLeadsAt } from '#test-support/lead-input.ts';
import { startSmtpPeer, type SmtpPeer } from '#test-support/smtp-peer.ts';
import { signInByMail } from '#test-support/staff-sign-in.ts';
import { CALLING_API, type LiveCallMarks } from '#contracts/staff/calling.ts';
import { STAFF_API } from '#contracts/staff/contract.ts';

/**
 * Two server instances on one PostgreSQL database (ADR 0047): Marie marks a request on one, Paul
 * sees the mark and is asked to confirm on the other; her log on the first ends the mark for both.
 */
const MARIE = 'marie@calora-energies.example';
const PAUL = 'paul@calora-energies.example';
const NOW = Date.parse('2026-11-30T14:02:00+01:00');

describe('the calling mark across two instances on postgres', () => {
  let fixture: EngineFixture;
  let peer: SmtpPeer;
  let servers: TestServer[];
  const as = async (server: TestServer, email: string) => {
    const cookie = await signInByMail(server, peer, email);
    return {
      send: (path: string, body: unknown = {}) =>
        postJson(`${server.url}${path}`, body, { Origin: server.origin, Cookie: cookie }),
      get: (path: string) => fetch(`${server.url}${path}`, { headers: { Cookie: cookie } }),
    };
  };

  beforeAll(async () => {
    fixture = await engineFixture('postgres');
    await seedLeadsAt(fixture.config, [['two-instances', 'Léa', '2026-11-30T09:00:00+01:00']]);
    peer = await startSmtpPeer();
    const start = () =>
      startTestServer({
        ...fixture.config,
        smtpUrl: peer.url,
        staffEmails: [MARIE, PAUL],
        siteUrl: 'http://127.0.0.1:1',
        clock: () => NOW,
        digest: false,
      });
    servers = [await start(), await start()];
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await peer.stop();
    await fixture.cleanup();
  });

  it('asks Paul on one instance while Marie calls from the other', async () => {
    const marie = await as(servers[0]!, MARIE);
    const paul = await as(servers[1]!, PAUL);
    expect((await marie.send(CALLING_API.start('two-instances'))).status).toBe(200);
    const live = async () =>
      ((await (await paul.get(CALLING_API.live)).json()) as LiveCallMarks).appels.map(
        (mark) => mark.personne.name,
      );
    expect(await live()).toEqual([MARIE]);
    const refused = await paul.send(STAFF_API.call('two-instances'), { outcome: 'joint' });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toBe(
      `${MARIE} appelle cette personne depuis 14\u00a0h\u00a002. Enregistrer quand même\u00a0?`,
    );
    expect((await marie.send(STAFF_API.call('two-instances'), { outcome: 'joint' })).status).toBe(
      200,
    );
    expect(await live()).toEqual([]);
    expect((await paul.send(STAFF_API.call('two-instances'), { outcome: 'joint' })).status).toBe(
      200,
    );
  });
});

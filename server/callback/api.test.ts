import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ENGINES, engineFixture, type EngineFixture } from '../../test-support/engines';
import {
  postJson,
  startTestServer,
  validRequest,
  type TestServer,
} from '../../test-support/harness';
import { seedLeadsAt } from '../../test-support/lead-input';
import { startSmtpPeer, type SmtpPeer } from '../../test-support/smtp-peer';
import {
  SIGN_IN_FRAGMENT_KEY,
  STAFF_API,
  type Counters,
  type InboxPage,
  type LeadPage,
} from '../../contracts/staff/contract';

/**
 * The call-back clock through the staff API, on both engines, with the server's clock set by the
 * test: the views of the inbox, the call log (audit, status), the call window, the counters, the
 * CSV columns, the notification's due time.
 */
const STAFF = 'camille@calora-energies.example';
const paris = (iso: string) => Date.parse(iso);
// Monday 30 November 2026, 11:00 in Paris: inside the call hours.
const NOW = paris('2026-11-30T11:00:00+01:00');

describe.each(ENGINES)('the call-back clock API on %s', (engine) => {
  let fixture: EngineFixture;
  let peer: SmtpPeer;
  let server: TestServer;
  let cookie = '';
  let now = NOW;

  const send = (path: string, body: unknown) =>
    postJson(`${server.url}${path}`, body, { Origin: server.origin, Cookie: cookie });
  const get = (path: string) => fetch(`${server.url}${path}`, { headers: { Cookie: cookie } });

  beforeAll(async () => {
    fixture = await engineFixture(engine);
    await seedLeadsAt(fixture.config, [
      // Thursday 09:00 → due Friday 09:00: overdue.
      ['clock-late', 'Paul', '2026-11-26T09:00:00+01:00'],
      // Saturday → due at the end of Monday.
      ['clock-weekend', 'Léa', '2026-11-28T15:00:00+01:00'],
      // Friday 17:00 → due Monday 17:00.
      ['clock-friday', 'Hugo', '2026-11-27T17:00:00+01:00'],
    ]);
    peer = await startSmtpPeer();
    server = await startTestServer({
      ...fixture.config,
      smtpUrl: peer.url,
      staffEmails: [STAFF],
      siteUrl: 'http://127.0.0.1:1',
      clock: () => now,
      digestLookEveryMs: 3_600_000,
    });
    const response = await postJson(
      `${server.url}${STAFF_API.requestLink}`,
      { email: STAFF },
      { Origin: server.origin },
    );
    expect(response.status).toBe(200);
    await peer.waitFor((messages) => messages.some((mail) => mail.envelopeTo.includes(STAFF)));
    const mail = peer.messages.find((message) => message.envelopeTo.includes(STAFF));
    const token = new RegExp(`#${SIGN_IN_FRAGMENT_KEY}=([\\w-]{43})`).exec(mail?.text ?? '')?.[1];
    const session = await postJson(
      `${server.url}${STAFF_API.session}`,
      { token },
      { Origin: server.origin },
    );
    cookie = (session.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
  });
  afterAll(async () => {
    await server.close();
    await peer.stop();
    await fixture.cleanup();
  });

  it('lists the requests to call back soonest due first, and the overdue ones', async () => {
    const page = (await (await send(STAFF_API.search, { vue: 'a-rappeler' })).json()) as InboxPage;
    expect(page.rows.map((row) => row.id)).toEqual(['clock-late', 'clock-friday', 'clock-weekend']);
    expect(page.now).toBe(NOW);
    expect(page.timeZone).toBe('Europe/Paris');
    expect(page.overdue).toBe(1);
    expect(page.rows.map((row) => row.clock.dueAt)).toEqual([
      paris('2026-11-27T09:00:00+01:00'),
      paris('2026-11-30T17:00:00+01:00'),
      paris('2026-12-01T00:00:00+01:00'),
    ]);
    const late = (await (await send(STAFF_API.search, { vue: 'en-retard' })).json()) as InboxPage;
    expect(late.rows.map((row) => row.id)).toEqual(['clock-late']);
    // Without a view: every request, newest first, as before.
    const all = (await (await send(STAFF_API.search, {})).json()) as InboxPage;
    expect(all.rows.map((row) => row.id)).toEqual(['clock-weekend', 'clock-friday', 'clock-late']);
    expect((await send(STAFF_API.search, { vue: 'bientot' })).status).toBe(400);
  });

  it('records a call: the clock stops, the status moves, the audit trail says who and when', async () => {
    now = paris('2026-11-30T11:14:00+01:00');
    const response = await send(STAFF_API.call('clock-friday'), {
      outcome: 'messagerie',
      note: 'Message laissé',
    });
    expect(response.status).toBe(200);
    const lead = (await response.json()) as LeadPage;
    expect(lead.status).toBe('en_cours');
    expect(lead.clock.firstCallAt).toBe(now);
    // Friday 17:00 to Monday 11:14 in working time: 7 h + 11 h 14.
    expect(lead.clock.firstCallAfterMs).toBe((18 * 60 + 14) * 60_000);
    expect(lead.calls).toEqual([
      { at: now, outcome: 'messagerie', note: 'Message laissé', staff: STAFF },
    ]);
    expect(lead.audit.map((entry) => [entry.action, entry.actor, entry.at, entry.detail])).toEqual([
      ['call', STAFF, now, 'messagerie'],
      ['status', STAFF, now, 'nouveau → en_cours'],
    ]);
    expect(lead.window).toEqual({ open: true, closesAt: paris('2026-11-30T13:00:00+01:00') });

    // A second call: no further status change; four calls in 30 days are counted.
    for (const outcome of ['pas_de_reponse', 'joint', 'numero_errone']) {
      expect((await send(STAFF_API.call('clock-friday'), { outcome })).status).toBe(200);
    }
    const after = (await (await get(STAFF_API.lead('clock-friday'))).json()) as LeadPage;
    expect(after.callsLast30Days).toBe(4);
    expect(after.audit.filter((entry) => entry.action === 'status')).toHaveLength(1);

    const page = (await (await send(STAFF_API.search, { vue: 'a-rappeler' })).json()) as InboxPage;
    expect(page.rows.map((row) => row.id)).toEqual(['clock-late', 'clock-weekend']);

    expect((await send(STAFF_API.call('clock-friday'), { outcome: 'rappel' })).status).toBe(400);
    expect((await send(STAFF_API.call('nobody'), { outcome: 'joint' })).status).toBe(404);
  });

  it('shows the next call window outside the call hours', async () => {
    now = paris('2026-11-30T13:30:00+01:00');
    const lead = (await (await get(STAFF_API.lead('clock-late'))).json()) as LeadPage;
    expect(lead.window).toEqual({ open: false, nextOpensAt: paris('2026-11-30T14:00:00+01:00') });
  });

  it('counts the time to the first call and the share within the promise', async () => {
    now = paris('2026-11-30T17:30:00+01:00');
    const counters = (await (await get(STAFF_API.counters)).json()) as Counters;
    expect(counters.promiseHours).toBe(24);
    // Called: Friday's (18 h 14, within). Past due without a call: Thursday's. Not yet due
    // without a call (Saturday's, due at the end of Monday): not counted.
    expect(counters.firstCall).toEqual([
      { days: 30, medianMs: (18 * 60 + 14) * 60_000, withinPromiseShare: 0.5, considered: 2 },
      { days: 90, medianMs: (18 * 60 + 14) * 60_000, withinPromiseShare: 0.5, considered: 2 },
    ]);
    expect(counters.windows).toHaveLength(2);
  });

  it('exports the due time and the calls on the company’s clock, named after the view', async () => {
    // Monday 30 November, 17:30 in Paris (set by the test above).
    const exportForm = (fields: string) =>
      fetch(`${server.url}${STAFF_API.exportCsv}`, {
        method: 'POST',
        headers: {
          Origin: server.origin,
          Cookie: cookie,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: fields,
      });
    const table = async (response: Response) => {
      const [header, ...lines] = (await response.text())
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      const cells = (line: string) =>
        [...line.matchAll(/"((?:[^"]|"")*)"(?:;|$)/g)].map((match) => match[1]!);
      const names = cells(header!);
      return lines.map((line) =>
        Object.fromEntries(cells(line).map((cell, index) => [names[index], cell])),
      );
    };
    const all = await exportForm('vue=toutes&portee=vue');
    expect(all.headers.get('content-disposition')).toBe(
      'attachment; filename="demandes-toutes-2026-11-30.csv"',
    );
    const rows = await table(all);
    expect(rows.map((row) => row['Référence'])).toEqual([
      'clock-weekend',
      'clock-friday',
      'clock-late',
    ]);
    const by = (id: string) => rows.find((row) => row['Référence'] === id);
    expect(by('clock-friday')).toMatchObject({
      'Reçue le': '27/11/2026 17:00',
      'À rappeler avant': '30/11/2026 17:00',
      'Nombre d’appels': '4',
      'Premier appel': '30/11/2026 11:14',
      'Dernier appel': '30/11/2026 11:14',
      'Résultat du dernier appel': 'Numéro erroné',
      'Dernier appel par': STAFF,
      'Tous les appels': [
        `30/11/2026 11:14 Messagerie (${STAFF})`,
        `30/11/2026 11:14 Pas de réponse (${STAFF})`,
        `30/11/2026 11:14 Joint (${STAFF})`,
        `30/11/2026 11:14 Numéro erroné (${STAFF})`,
      ].join(' | '),
    });
    expect(by('clock-late')).toMatchObject({
      'À rappeler avant': '27/11/2026 09:00',
      'Nombre d’appels': '0',
      'Premier appel': '',
      'Résultat du dernier appel': '',
    });

    const view = await exportForm('vue=a-rappeler&portee=vue');
    expect(view.headers.get('content-disposition')).toBe(
      'attachment; filename="demandes-a-rappeler-2026-11-30.csv"',
    );
    expect((await table(view)).map((row) => row['Référence'])).toEqual([
      'clock-late',
      'clock-weekend',
    ]);
  });

  it('states the due time in the notification e-mail', async () => {
    now = paris('2026-11-30T16:00:00+01:00');
    const response = await postJson(
      server.endpoint,
      validRequest({ email: 'notification@example.fr' }),
      { Origin: server.origin },
    );
    expect(response.status).toBe(200);
    await peer.waitFor((messages) =>
      messages.some((mail) => mail.subject.startsWith('Nouvelle demande')),
    );
    const mail = peer.messages.find((message) => message.subject.startsWith('Nouvelle demande'));
    expect(mail?.text).toContain('À rappeler avant\u00a0: mardi 1 décembre à 16:00');
  });
});

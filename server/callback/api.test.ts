import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ENGINES } from '#test-support/engines.ts';
import { postJson, validRequest } from '#test-support/harness.ts';
import {
  STAFF_API,
  type Counters,
  type InboxPage,
  type LeadPage,
} from '#contracts/staff/contract.ts';
import { startClockApi, type ClockApi } from './api.fixture.ts';

/**
 * The call-back clock through the staff API, on both engines, with the server's clock set by the
 * test: the views of the inbox, the call log (audit, status), the rule that only reaching the
 * person stops the clock (ADR 0028), the call window, the counters, the notification's due time (the
 * CSV: export.test.ts).
 */
const STAFF = 'camille@calora-energies.example';
const paris = (iso: string) => Date.parse(iso);
// Monday 30 November 2026, 11:00 in Paris: inside the call hours.
const NOW = paris('2026-11-30T11:00:00+01:00');
/** The five requests, soonest due (oldest) first. */
const BY_DUE_TIME = ['clock-late', 'clock-email', 'clock-lost', 'clock-friday', 'clock-weekend'];

describe.each(ENGINES)('the call-back clock API on %s', (engine) => {
  let api: ClockApi;
  let now = NOW;

  const send = (path: string, body: unknown) => api.send(path, body);
  const get = (path: string) => api.get(path);
  const view = async (filter: object) =>
    (await (await send(STAFF_API.search, filter)).json()) as InboxPage;
  const ids = (page: InboxPage) => page.rows.map((row) => row.id);

  beforeAll(async () => {
    api = await startClockApi(
      engine,
      [
        // Thursday 09:00 → due Friday 09:00: overdue.
        ['clock-late', 'Paul', '2026-11-26T09:00:00+01:00'],
        // Thursday 10:00 → due Friday 10:00: overdue, answered by e-mail on Monday.
        ['clock-email', 'Inès', '2026-11-26T10:00:00+01:00'],
        // Thursday 11:00 → due Friday 11:00: closed as lost without a call.
        ['clock-lost', 'Marc', '2026-11-26T11:00:00+01:00'],
        // Saturday → due at the end of Monday.
        ['clock-weekend', 'Léa', '2026-11-28T15:00:00+01:00'],
        // Friday 17:00 → due Monday 17:00.
        ['clock-friday', 'Hugo', '2026-11-27T17:00:00+01:00'],
      ],
      STAFF,
      () => now,
    );
  });
  afterAll(() => api.close());

  it('lists the requests to call back soonest due first, and the overdue ones', async () => {
    const page = await view({ vue: 'a-rappeler' });
    expect(ids(page)).toEqual(BY_DUE_TIME);
    expect(page.now).toBe(NOW);
    expect(page.timeZone).toBe('Europe/Paris');
    expect(page.overdue).toBe(3);
    expect(page.rows.map((row) => row.clock.dueAt)).toEqual([
      paris('2026-11-27T09:00:00+01:00'),
      paris('2026-11-27T10:00:00+01:00'),
      paris('2026-11-27T11:00:00+01:00'),
      paris('2026-11-30T17:00:00+01:00'),
      paris('2026-12-01T00:00:00+01:00'),
    ]);
    const [first] = page.rows;
    expect(first?.clock).toMatchObject({ reachedAt: null, attempts: 0, wrongNumber: false });
    const late = await view({ vue: 'en-retard' });
    expect(ids(late)).toEqual(['clock-late', 'clock-email', 'clock-lost']);
    // Without a view: every request, newest first, as before.
    const all = await view({});
    expect(ids(all)).toEqual([...BY_DUE_TIME].reverse());
    expect((await send(STAFF_API.search, { vue: 'bientot' })).status).toBe(400);
  });

  it('refuses a call without an outcome, in French; nothing is recorded', async () => {
    const response = await send(STAFF_API.call('clock-friday'), { note: 'Sans résultat' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(
      /^Choisissez le résultat de l’appel/,
    );
    const lead = (await (await get(STAFF_API.lead('clock-friday'))).json()) as LeadPage;
    expect(lead.calls).toEqual([]);
    expect((await send(STAFF_API.call('clock-friday'), { outcome: 'rappel' })).status).toBe(400);
    expect((await send(STAFF_API.call('nobody'), { outcome: 'joint' })).status).toBe(404);
  });

  it('keeps a request to call back after unanswered attempts, flags a wrong number', async () => {
    now = paris('2026-11-30T11:05:00+01:00');
    expect((await send(STAFF_API.call('clock-late'), { outcome: 'pas_de_reponse' })).status).toBe(
      200,
    );
    now = paris('2026-11-30T11:14:00+01:00');
    const response = await send(STAFF_API.call('clock-friday'), {
      outcome: 'messagerie',
      note: 'Message laissé',
    });
    expect(response.status).toBe(200);
    const lead = (await response.json()) as LeadPage;
    // The clock runs on and the status stays: nobody was reached.
    expect(lead.status).toBe('nouveau');
    expect(lead.clock).toMatchObject({
      dueAt: paris('2026-11-30T17:00:00+01:00'),
      firstCallAt: now,
      reachedAt: null,
      reachedBy: null,
      reachedAfterMs: null,
      attempts: 1,
      lastAttemptAt: now,
      wrongNumber: false,
    });
    expect(lead.calls).toEqual([
      { at: now, outcome: 'messagerie', note: 'Message laissé', staff: STAFF },
    ]);
    expect(lead.audit.map((entry) => [entry.action, entry.actor, entry.at, entry.detail])).toEqual([
      ['call', STAFF, now, 'messagerie'],
    ]);
    expect(lead.window).toEqual({ open: true, closesAt: paris('2026-11-30T13:00:00+01:00') });

    now = paris('2026-11-30T11:20:00+01:00');
    await send(STAFF_API.call('clock-friday'), { outcome: 'pas_de_reponse' });
    now = paris('2026-11-30T11:30:00+01:00');
    await send(STAFF_API.call('clock-friday'), { outcome: 'numero_errone' });
    const page = await view({ vue: 'a-rappeler' });
    // Still listed, in due-time order as before, with the attempts and the flag.
    expect(ids(page)).toEqual(BY_DUE_TIME);
    expect(page.overdue).toBe(3);
    const friday = page.rows.find((row) => row.id === 'clock-friday');
    expect(friday?.status).toBe('nouveau');
    expect(friday?.clock).toMatchObject({
      reachedAt: null,
      attempts: 3,
      lastAttemptAt: now,
      wrongNumber: true,
    });
    expect(page.rows[0]?.clock).toMatchObject({
      attempts: 1,
      lastAttemptAt: paris('2026-11-30T11:05:00+01:00'),
      wrongNumber: false,
    });
  });

  it('stops the clock when the person is reached: « Joint » or a written answer', async () => {
    now = paris('2026-11-30T11:40:00+01:00');
    const joint = (await (
      await send(STAFF_API.call('clock-friday'), { outcome: 'joint' })
    ).json()) as LeadPage;
    expect(joint.status).toBe('en_cours');
    expect(joint.clock).toMatchObject({
      firstCallAt: paris('2026-11-30T11:14:00+01:00'),
      reachedAt: now,
      reachedBy: 'joint',
      // Friday 17:00 to Monday 11:40 in working time: 7 h + 11 h 40.
      reachedAfterMs: (18 * 60 + 40) * 60_000,
      attempts: 4,
      wrongNumber: false,
    });
    expect(joint.audit.filter((entry) => entry.action === 'status')).toHaveLength(1);
    // Every attempt counts toward the four calls in 30 days.
    expect(joint.callsLast30Days).toBe(4);

    now = paris('2026-11-30T11:50:00+01:00');
    await send(STAFF_API.call('clock-email'), { outcome: 'numero_errone' });
    now = paris('2026-11-30T12:00:00+01:00');
    const email = (await (
      await send(STAFF_API.call('clock-email'), { outcome: 'repondu_email', note: 'Devis envoyé' })
    ).json()) as LeadPage;
    expect(email.status).toBe('en_cours');
    expect(email.clock).toMatchObject({
      reachedAt: now,
      reachedBy: 'repondu_email',
      // Thursday 10:00 to Monday 12:00: 14 h + 24 h + 12 h.
      reachedAfterMs: 50 * 3_600_000,
      attempts: 1,
      wrongNumber: false,
    });
    // A written answer is no call.
    expect(email.callsLast30Days).toBe(1);
    // A later « Joint » changes nothing: the clock stopped at the first reach.
    now = paris('2026-11-30T12:10:00+01:00');
    const again = (await (
      await send(STAFF_API.call('clock-email'), { outcome: 'joint' })
    ).json()) as LeadPage;
    expect(again.clock.reachedAt).toBe(paris('2026-11-30T12:00:00+01:00'));
    expect(again.clock.reachedBy).toBe('repondu_email');
    expect(again.audit.filter((entry) => entry.action === 'status')).toHaveLength(1);

    const page = await view({ vue: 'a-rappeler' });
    expect(ids(page)).toEqual(['clock-late', 'clock-lost', 'clock-weekend']);
    expect(page.overdue).toBe(2);
  });

  it('shows no countdown for a request closed without a call', async () => {
    const response = await send(STAFF_API.status('clock-lost'), { status: 'perdu' });
    expect(response.status).toBe(200);
    const lead = (await (await get(STAFF_API.lead('clock-lost'))).json()) as LeadPage;
    expect(lead.clock).toMatchObject({ closed: true, reachedAt: null, attempts: 0 });
    const page = await view({ vue: 'a-rappeler' });
    expect(ids(page)).toEqual(['clock-late', 'clock-weekend']);
    expect(page.overdue).toBe(1);
    const all = await view({});
    expect(all.rows.find((row) => row.id === 'clock-lost')?.clock.closed).toBe(true);
    expect(all.rows.find((row) => row.id === 'clock-late')?.clock.closed).toBe(false);
  });

  it('shows the next call window outside the call hours', async () => {
    now = paris('2026-11-30T13:30:00+01:00');
    const lead = (await (await get(STAFF_API.lead('clock-late'))).json()) as LeadPage;
    expect(lead.window).toEqual({ open: false, nextOpensAt: paris('2026-11-30T14:00:00+01:00') });
  });

  it('counts the time to reach the person and the share reached within the promise', async () => {
    now = paris('2026-11-30T17:30:00+01:00');
    const counters = (await (await get(STAFF_API.counters)).json()) as Counters;
    expect(counters.promiseHours).toBe(24);
    // Reached: Friday's (18 h 40, within), Thursday 10:00's by e-mail (50 h, late). Past due and
    // not reached: Thursday 09:00's, whose unanswered attempt does not count. Lost without a
    // call, and not yet due (Saturday's, due at the end of Monday): not counted.
    const medianMs = ((18 * 60 + 40) * 60_000 + 50 * 3_600_000) / 2;
    expect(counters.firstCall).toEqual([
      { days: 30, medianMs, withinPromiseShare: 1 / 3, considered: 3 },
      { days: 90, medianMs, withinPromiseShare: 1 / 3, considered: 3 },
    ]);
    expect(counters.windows).toHaveLength(2);
  });

  it('states the due time in the notification e-mail', async () => {
    now = paris('2026-11-30T16:00:00+01:00');
    const { server, peer } = api;
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
    expect(mail?.text).toContain('À rappeler avant\u00a0: mardi 1er\u00a0décembre à 16\u00a0h');
    // And links to the request's staff page on the site's URL (SITE_URL), by its id.
    const id = String(mail?.headers.get('x-lead-id'));
    expect(id).toMatch(/^[\w-]+$/);
    expect(mail?.text).toContain(`http://127.0.0.1:1/equipe/demandes/${id}\n`);
  });
});

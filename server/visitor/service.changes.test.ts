import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { PHONE_CONSENT_RECORD, PHONE_CONSENT_VERSION } from '#contracts/contact/phone-consent.ts';
import { DEFAULT_CALENDAR, dueAtFor } from '#server/callback/index.ts';
import { ENGINES } from '#test-support/engines.ts';
import { CHANGE_WINDOW_MS, MAX_CHANGES_PER_DAY } from './change-bound.ts';
import { DOMAIN, visitorInstances, type VisitorInstances } from './visitor.fixture.ts';

/**
 * What one request's changes cost (ADR 0030): a change that changes nothing writes and sends
 * nothing; at most 10 changes a day, counted in the database; one e-mail to the visitor per
 * change; and « Être rappelé(e) par téléphone », the only way back to the phone after « Ne plus
 * m’appeler », a new consent stored with its wording, version and time.
 */
// Thursday 26 November 2026, 10:00 in Paris.
const T0 = Date.UTC(2026, 10, 26, 9);
const MINUTE = 60_000;
const DAYS = ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi'];

describe.each(ENGINES)('a request’s changes on %s', (engine) => {
  let visitor: VisitorInstances;
  let now = T0;

  beforeEach(async () => {
    now = T0;
    visitor = await visitorInstances(engine, 1, () => now);
  });
  afterEach(() => visitor.close());

  const service = () => visitor.services[0]!;
  const db = () => visitor.stores[0]!.database.db;
  /** Every row the request's changes write or send, counted per table. */
  async function footprint(id: string) {
    const count = async (table: 'staff_audit' | 'outbox' | 'webhook_events' | 'visitor_links') =>
      Number(
        (
          await db()
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .where('lead_id', '=', id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      audit: await count('staff_audit'),
      outbox: await count('outbox'),
      events: await count('webhook_events'),
      links: await count('visitor_links'),
      row: await visitor.row(id),
    };
  }
  const visitorMails = async (id: string) =>
    (
      await db()
        .selectFrom('outbox')
        .select('kind')
        .where('lead_id', '=', id)
        .where('kind', 'in', ['schedule_update', 'schedule_cancel'])
        .execute()
    ).length;

  it('writes and sends nothing for a change that changes nothing, and answers with the view', async () => {
    const token = await visitor.seed('same', T0);
    expect(await service().changeSlots(token, 'same', ['mardi'], ['14:00-17:00'])).toMatchObject({
      status: 'ok',
    });
    const before = await footprint('same');
    now = T0 + MINUTE;
    // The same choice, sent differently: normalised first, then compared.
    const again = await service().changeSlots(token, 'same', [' mardi', 'mardi'], ['14:00-17:00 ']);
    expect(again).toMatchObject({
      status: 'ok',
      unchanged: true,
      view: { days: ['mardi'], slots: ['14:00-17:00'] },
    });
    expect(await footprint('same')).toEqual(before);

    await service().stopCalls(token, 'same');
    const stopped = await footprint('same');
    expect(await service().stopCalls(token, 'same')).toMatchObject({
      status: 'ok',
      unchanged: true,
    });
    expect(await footprint('same')).toEqual(stopped);
  });

  it('applies at most 10 changes a day, then 429 until the oldest is a day old; a withdrawal always applies', async () => {
    const token = await visitor.seed('busy', T0);
    for (let i = 0; i < MAX_CHANGES_PER_DAY; i += 1) {
      now = T0 + i * MINUTE;
      const outcome = await service().changeSlots(
        token,
        'busy',
        [DAYS[i % 5]!],
        i < 5 ? [] : ['10:00-13:00'],
      );
      expect(outcome.status).toBe('ok');
    }
    // One e-mail to the visitor per change, no more.
    expect(await visitorMails('busy')).toBe(MAX_CHANGES_PER_DAY);
    const before = await footprint('busy');
    now = T0 + 30 * MINUTE;
    expect(await service().changeSlots(token, 'busy', ['jeudi'], ['17:00-20:00'])).toEqual({
      status: 'limited',
      retryAfterSeconds: (CHANGE_WINDOW_MS - 30 * MINUTE) / 1000,
    });
    expect(await footprint('busy')).toEqual(before);
    // The same choice as now is no change: answered, not refused.
    expect(await service().changeSlots(token, 'busy', ['vendredi'], ['10:00-13:00'])).toMatchObject(
      {
        status: 'ok',
        unchanged: true,
      },
    );
    // « Ne plus m’appeler » is never refused; calling again is, until the day has passed.
    expect(await service().stopCalls(token, 'busy')).toMatchObject({
      status: 'ok',
      view: { channel: 'email' },
    });
    expect(await service().allowCalls(token, 'busy', PHONE_CONSENT_VERSION)).toMatchObject({
      status: 'limited',
    });
    now = T0 + CHANGE_WINDOW_MS + 2 * MINUTE;
    expect(await service().allowCalls(token, 'busy', PHONE_CONSENT_VERSION)).toMatchObject({
      status: 'ok',
    });
  });

  it('« Être rappelé(e) par téléphone »: a new consent with its wording, version and time, kept in the audit trail', async () => {
    const token = await visitor.seed('again', T0);
    await service().changeSlots(token, 'again', ['mardi'], ['14:00-17:00']);
    now = T0 + MINUTE;
    await service().stopCalls(token, 'again');
    expect(await service().read(token)).toMatchObject({
      person: { requests: [{ id: 'again', canChangeSlots: false, canAllowCalls: true }] },
    });
    expect(await service().changeSlots(token, 'again', ['jeudi'], [])).toEqual({
      status: 'withdrawn',
    });
    // A page that showed another wording must be reloaded first.
    expect(await service().allowCalls(token, 'again', '2020-01-01')).toEqual({ status: 'stale' });
    expect((await visitor.row('again')).phone_withdrawn_at).toBe(T0 + MINUTE);

    now = T0 + 2 * MINUTE;
    const outcome = await service().allowCalls(token, 'again', PHONE_CONSENT_VERSION);
    expect(outcome).toMatchObject({
      status: 'ok',
      view: { channel: 'telephone', days: [], slots: [], phoneWithdrawnAt: null },
    });
    expect(outcome).toMatchObject({ view: { canChangeSlots: true, canAllowCalls: false } });
    expect(await visitor.row('again')).toEqual({
      contact_channel: 'telephone',
      contact_days: '',
      contact_slots: '',
      contact_text: PHONE_CONSENT_RECORD,
      contact_version: PHONE_CONSENT_VERSION,
      contact_given_at: now,
      phone_withdrawn_at: null,
    });
    expect((await visitor.audit('again')).map((entry) => [entry.action, entry.detail])).toEqual([
      ['visitor_slots', '1'],
      ['visitor_stop_calls', '2'],
      ['visitor_allow_calls', `3 ${PHONE_CONSENT_VERSION}`],
    ]);
    const [event] = await db()
      .selectFrom('webhook_events')
      .select('payload')
      .where('lead_id', '=', 'again')
      .orderBy('id', 'desc')
      .limit(1)
      .execute();
    expect(JSON.parse(event?.payload ?? '{}')).toMatchObject({
      channel: 'telephone',
      phoneWithdrawnAt: null,
      dueAt: new Date(
        dueAtFor(now, { channel: 'telephone', days: [], slots: [] }, DEFAULT_CALENDAR),
      ).toISOString(),
    });
    expect(
      (
        await db()
          .selectFrom('outbox')
          .select('message_id')
          .where('lead_id', '=', 'again')
          .execute()
      )
        .map((row) => row.message_id)
        .filter((id) => id.includes('.schedule_')),
    ).toEqual([
      `<again.schedule_update.1@${DOMAIN}>`,
      `<again.schedule_cancel.2@${DOMAIN}>`,
      `<again.schedule_update.3@${DOMAIN}>`,
    ]);
    // Given again: nothing more to give.
    expect(await service().allowCalls(token, 'again', PHONE_CONSENT_VERSION)).toMatchObject({
      unchanged: true,
    });
    // Staff take calls again.
    expect(
      await visitor.stores[0]!.callback.recordCall({
        leadId: 'again',
        outcome: 'joint',
        note: '',
        staff: 'camille@calora-energies.example',
        now,
      }),
    ).toBe('recorded');
  });

  it('takes a withdrawal on a closed request, but neither slots nor a new consent', async () => {
    const token = await visitor.seed('closed', T0);
    await visitor.stores[0]!.inbox.changeStatus({
      leadId: 'closed',
      status: 'converti',
      actor: 'camille@calora-energies.example',
      now: T0,
    });
    expect(await service().changeSlots(token, 'closed', ['lundi'], [])).toEqual({
      status: 'closed',
    });
    expect(await service().stopCalls(token, 'closed')).toMatchObject({ status: 'ok' });
    expect(await service().allowCalls(token, 'closed', PHONE_CONSENT_VERSION)).toEqual({
      status: 'closed',
    });
    expect((await visitor.row('closed')).phone_withdrawn_at).toBe(T0);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ENGINES } from '#test-support/engines.ts';
import { visitorInstances, type VisitorInstances } from './visitor.fixture.ts';

/**
 * A visitor's acts sent together (two tabs, a double tap, a script), through three instances
 * with their own connections (ADR 0030): « Ne plus m’appeler » wins over every slot change racing
 * it, a slot change never lands after staff closed the request, and the day's bound holds. On
 * PostgreSQL the transactions really run at once; SQLite's single writer takes them in turns, but
 * the reads that decided a change used to happen before its transaction.
 */
// Thursday 26 November 2026, 10:00 in Paris.
const T0 = Date.UTC(2026, 10, 26, 9);
const REQUESTS = 12;
const STAFF = 'camille@calora-energies.example';

/** Five different choices, none the request's own (it was stored without a choice). */
const CHANGES: Array<[string[], string[]]> = [
  [['lundi'], ['10:00-13:00']],
  [['mardi'], ['14:00-17:00']],
  [['mercredi', 'jeudi'], []],
  [[], ['17:00-20:00']],
  [['vendredi'], ['10:00-13:00', '14:00-17:00']],
];

describe.each(ENGINES)('a visitor’s changes racing on %s', (engine) => {
  let visitor: VisitorInstances;

  beforeEach(async () => {
    visitor = await visitorInstances(engine, 3, () => T0);
  });
  afterEach(() => visitor.close());

  const service = (n: number) => visitor.services[n % visitor.services.length]!;
  const seedAll = (prefix: string) =>
    Promise.all(
      Array.from({ length: REQUESTS }, async (_, i) => {
        const id = `${prefix}-${i}`;
        return { id, token: await visitor.seed(id, T0) };
      }),
    );

  /**
   * `act` after `rounds` reads of the database: the requests' acts start at staggered points of
   * each other's reads and writes (on SQLite's one connection per process, each read is one turn
   * of its queue), so that every request races differently.
   */
  async function later<T>(rounds: number, act: () => Promise<T>): Promise<T> {
    const db = visitor.stores[0]!.database.db;
    for (let round = 0; round < rounds; round += 1) {
      await db.selectFrom('leads').select('id').limit(1).execute();
    }
    return act();
  }

  it('« Ne plus m’appeler » wins over five slot changes sent with it, on each of 12 requests', async () => {
    const requests = await seedAll('stop');
    await Promise.all(
      requests.flatMap(({ id, token }, i) => {
        const change = (j: number) => service(i + j + 1).changeSlots(token, id, ...CHANGES[j]!);
        // The withdrawal sent among the changes, at a different point for each request.
        return [
          change(0),
          change(1),
          later(i % 4, () => service(i).stopCalls(token, id)),
          change(2),
          change(3),
          change(4),
        ];
      }),
    );
    const problems: string[] = [];
    for (const { id } of requests) {
      const row = await visitor.row(id);
      if (row.phone_withdrawn_at !== T0) problems.push(`${id}: no withdrawal`);
      if (row.contact_channel !== 'email' || row.contact_days !== '' || row.contact_slots !== '') {
        problems.push(`${id}: withdrawal undone (${row.contact_channel})`);
      }
      // Nothing written after the withdrawal: its audit entry is the last.
      const last = (await visitor.audit(id)).at(-1)?.action;
      if (last !== 'visitor_stop_calls') problems.push(`${id}: ${last} after the withdrawal`);
      // The CRM's last word is the e-mail only.
      const events = await visitor.stores[0]!.database.db.selectFrom('webhook_events')
        .select('payload')
        .where('lead_id', '=', id)
        .where('type', '=', 'lead.contact_changed')
        .orderBy('id')
        .execute();
      const channel = (JSON.parse(events.at(-1)?.payload ?? '{}') as { channel?: string }).channel;
      if (channel !== 'email') problems.push(`${id}: the CRM was told ${channel} last`);
      // Staff may not record a call on it.
      const call = await visitor.stores[1]!.callback.recordCall({
        leadId: id,
        outcome: 'joint',
        note: '',
        staff: STAFF,
        now: T0,
      });
      if (call !== 'email-only') problems.push(`${id}: a call was recorded`);
    }
    expect(problems).toEqual([]);
  });

  it('never lands a slot change after staff closed the request, on each of 12 requests', async () => {
    const requests = await seedAll('close');
    const outcomes = await Promise.all(
      requests.flatMap(({ id, token }, i) => [
        service(i).changeSlots(token, id, ...CHANGES[0]!),
        // The close sent among the changes, at a different point for each request.
        later(i % 4, () =>
          visitor.stores[(i + 1) % 3]!.inbox.changeStatus({
            leadId: id,
            status: 'perdu',
            actor: STAFF,
            now: T0,
          }),
        ),
        service(i + 2).changeSlots(token, id, ...CHANGES[1]!),
        service(i + 1).changeSlots(token, id, ...CHANGES[2]!),
      ]),
    );
    const late: string[] = [];
    for (const { id } of requests) {
      const audit = await visitor.audit(id);
      const closedAt = audit.findIndex((entry) => entry.action === 'status');
      expect(closedAt).toBeGreaterThanOrEqual(0);
      if (audit.slice(closedAt).some((entry) => entry.action === 'visitor_slots')) late.push(id);
    }
    expect(late).toEqual([]);
    // Each change either landed before the close or was told the request is closed.
    for (const outcome of outcomes) {
      if (typeof outcome === 'object') expect(['ok', 'closed']).toContain(outcome.status);
    }
  });

  it('applies at most 10 of 15 different changes of one request sent together', async () => {
    const token = await visitor.seed('bounded', T0);
    const days = ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi'];
    const slots = ['10:00-13:00', '14:00-17:00', '17:00-20:00'];
    const outcomes = await Promise.all(
      days.flatMap((day, i) =>
        slots.map((slot, j) => service(i + j).changeSlots(token, 'bounded', [day], [slot])),
      ),
    );
    const statuses = outcomes.map((outcome) => outcome.status).sort();
    expect(statuses).toEqual([
      ...Array<string>(5).fill('limited'),
      ...Array<string>(10).fill('ok'),
    ]);
    expect(
      (await visitor.audit('bounded')).filter((entry) => entry.action === 'visitor_slots'),
    ).toHaveLength(10);
  });
});

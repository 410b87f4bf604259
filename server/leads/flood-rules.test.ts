import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ENGINES, engineFixture, type EngineFixture } from '../../test-support/engines';
import { openStores, type Stores } from '../compose/stores.ts';
import type { LeadInput } from '../db/records/lead.ts';
import type { FloodPolicy, SubmissionInput } from './submission.ts';
import { sampleLead as lead } from '../../test-support/lead-input';

/**
 * The flood rules of the store (issue 17) and its group commit, on both engines, with two
 * stores on one database standing for two instances: the site's budget, one confirmation per
 * address per 24 h, notifications per window with one alert, duplicates folded; and a batch
 * that fails stores none of its requests.
 */
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
// The middle of a minute (and of a 10-minute window): no test straddles a window boundary.
const T0 = Date.UTC(2026, 10, 23, 12, 5, 30);

function policy(id: string, overrides: Partial<FloodPolicy> = {}): FloodPolicy {
  return {
    siteBudget: { limit: 1_000, windowMs: MINUTE },
    notifications: {
      limit: 1_000,
      windowMs: 10 * MINUTE,
      alertMessageId: `<${id}.alert@x.example>`,
    },
    duplicateWindowMs: 10 * MINUTE,
    confirmationIntervalMs: DAY,
    ...overrides,
  };
}

function submission(
  id: string,
  now: number,
  input: Partial<LeadInput> = {},
  flood: Partial<FloodPolicy> = {},
): SubmissionInput {
  return {
    id,
    lead: lead({ message: `Message ${id}`, ...input }),
    consent: { text: 'J’accepte…', version: '2026-11-01', givenAt: now },
    mails: [
      { kind: 'notification', messageId: `<${id}.notification@x.example>` },
      { kind: 'confirmation', messageId: `<${id}.confirmation@x.example>` },
    ],
    now,
    rate: { key: `client-${id}`, limit: 10, windowMs: 60 * MINUTE },
    flood: policy(id, flood),
  };
}

describe.each(ENGINES)('flood rules and group commit on %s', (engine) => {
  let fixture: EngineFixture;
  const opened: Stores[] = [];
  const open = async () => {
    const store = await openStores(fixture.config);
    opened.push(store);
    return store;
  };
  const delivery = async (store: Stores) =>
    new Map((await store.leads.listLeads()).map((item) => [item.id, item.delivery]));

  beforeEach(async () => {
    fixture = await engineFixture(engine);
  });
  afterEach(async () => {
    while (opened.length > 0) await opened.pop()?.close();
    await fixture.cleanup();
  });

  it('writes requests that arrive together in one transaction, and acknowledges each', async () => {
    const store = await open();
    const verdicts = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        store.leads.submit(submission(`g${i}`, T0, { email: `g${i}@x.example` })),
      ),
    );
    expect(verdicts.every((verdict) => verdict.allowed && verdict.outcome === 'stored')).toBe(true);
    expect(await store.leads.listLeads()).toHaveLength(30);
    // Fewer transactions than requests: they were grouped.
    expect(store.leads.groupCommitStats.items).toBe(30);
    expect(store.leads.groupCommitStats.batches).toBeLessThan(30);
    expect(store.leads.groupCommitStats.largest).toBeGreaterThan(1);
  });

  it('gives each request of a batch the verdict it would get alone: rate limit, budget, notifications', async () => {
    // One client (limit 3 an hour) whose two earliest hits leave the window while the batch
    // runs; a site budget and a notification limit that run out in the middle of the batch; a
    // request whose clock is behind the others.
    const HOUR = 60 * MINUTE;
    const rules = (id: string): Partial<FloodPolicy> => ({
      siteBudget: { limit: 6, windowMs: MINUTE },
      notifications: { limit: 4, windowMs: 10 * MINUTE, alertMessageId: `<${id}.alert@x.example>` },
    });
    const request = (id: string, now: number, client: string): SubmissionInput => ({
      ...submission(id, now, { email: `${id}@x.example` }, rules(id)),
      rate: { key: client, limit: 3, windowMs: HOUR },
    });
    const earlier = [
      request('e1', T0 - HOUR + 1_000, 'busy'),
      request('e2', T0 - HOUR + 2_000, 'busy'),
    ];
    const together = [
      request('t1', T0, 'busy'), // e1, e2 in the window: allowed
      request('t2', T0 + 1_000, 'busy'), // e1 left: e2, t1: allowed
      request('t3', T0 + 1_500, 'busy'), // e2, t1, t2: refused
      request('t4', T0 + 2_000, 'busy'), // e2 left: t1, t2: allowed
      request('t5', T0 + 500, 'busy'), // behind: e1, e2, t1, t2, t4: refused
      request('t6', T0, 'calm-1'),
      request('t7', T0, 'calm-2'),
      request('t8', T0, 'calm-3'), // the sixth of the minute: the last in the site budget
      request('t9', T0, 'calm-4'), // past the site budget
    ];
    const alone = await open();
    const expected: unknown[] = [];
    for (const input of [...earlier, ...together]) expected.push(await alone.leads.submit(input));
    const expectedMail = await delivery(alone);
    await alone.close();

    const other = await engineFixture(engine);
    try {
      const store = await openStores(other.config);
      try {
        for (const input of earlier) await store.leads.submit(input);
        const before = store.leads.groupCommitStats.batches;
        const verdicts = await Promise.all(together.map((input) => store.leads.submit(input)));
        expect(store.leads.groupCommitStats.batches).toBe(before + 1);
        expect([...earlier.map(() => expected[0]), ...verdicts]).toEqual(expected);
        expect(verdicts.map((verdict) => verdict.allowed)).toEqual([
          true,
          true,
          false,
          true,
          false,
          true,
          true,
          true,
          false,
        ]);
        expect(await delivery(store)).toEqual(expectedMail);
        expect(await store.leads.notificationWindow(T0, 10 * MINUTE)).toEqual(
          await (async () => {
            const again = await openStores(fixture.config);
            try {
              return await again.leads.notificationWindow(T0, 10 * MINUTE);
            } finally {
              await again.close();
            }
          })(),
        );
      } finally {
        await store.close();
      }
    } finally {
      await other.cleanup();
    }
  });

  it('answers the early rate-limit check from what the batches counted, never too leniently', async () => {
    const HOUR = 60 * MINUTE;
    const store = await open();
    const rate = { key: 'early', limit: 3, windowMs: HOUR };
    const request = (id: string, now: number): SubmissionInput => ({
      ...submission(id, now, { email: `${id}@x.example` }),
      rate,
    });
    await Promise.all([
      store.leads.submit(request('r1', T0)),
      store.leads.submit(request('r2', T0 + 1)),
    ]);
    expect(await store.leads.checkRate(rate, T0 + 2)).toEqual({ allowed: true });
    // A hit counted outside a batch (as a staff sign-in request is) makes the third.
    expect(await store.leads.consumeRate(rate, T0 + 3)).toEqual({ allowed: true });
    expect(await store.leads.checkRate(rate, T0 + 4)).toEqual({
      allowed: false,
      retryAfterSeconds: 3600,
    });
    expect(await store.leads.submit(request('r3', T0 + 5))).toEqual({
      allowed: false,
      limit: 'client',
      retryAfterSeconds: 3600,
    });
    // Once the first hit has left the window, a slot is free again.
    expect(await store.leads.checkRate(rate, T0 + HOUR + 1)).toEqual({ allowed: true });
    expect(await store.leads.submit(request('r4', T0 + HOUR + 1))).toEqual({
      allowed: true,
      outcome: 'stored',
    });
    expect(await store.leads.submit(request('r5', T0 + HOUR + 1))).toEqual({
      allowed: true,
      outcome: 'stored',
    });
    // The sign-in hit, r4 and r5: full until the sign-in hit leaves, 2 ms later.
    expect(await store.leads.checkRate(rate, T0 + HOUR + 1)).toEqual({
      allowed: false,
      retryAfterSeconds: 1,
    });
  });

  it('answers every request of a failed batch with the error, and stores none of them', async () => {
    const store = await open();
    await store.leads.submit(submission('taken', T0));
    const batch = [
      store.leads.submit(submission('ok-1', T0, { email: 'a@x.example' })),
      store.leads.submit(submission('taken', T0, { email: 'b@x.example' })), // primary key clash
      store.leads.submit(submission('ok-2', T0, { email: 'c@x.example' })),
    ];
    const results = await Promise.allSettled(batch);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect((await store.leads.listLeads()).map((item) => item.id)).toEqual(['taken']);
    // The next batch is not affected.
    expect(await store.leads.submit(submission('ok-3', T0, { email: 'd@x.example' }))).toEqual({
      allowed: true,
      outcome: 'stored',
    });
  });

  it('holds the site budget across instances, and says when the window ends', async () => {
    const [one, two] = await Promise.all([open(), open()]);
    const verdicts = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (i % 2 === 0 ? one! : two!).leads.submit(
          submission(
            `b${i}`,
            T0,
            { email: `b${i}@x.example` },
            { siteBudget: { limit: 5, windowMs: MINUTE } },
          ),
        ),
      ),
    );
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(5);
    for (const verdict of verdicts.filter((item) => !item.allowed)) {
      // T0 is 30 s into its minute.
      expect(verdict).toEqual({ allowed: false, limit: 'site', retryAfterSeconds: 30 });
    }
    expect(await one!.leads.listLeads()).toHaveLength(5);
    // The next minute has its own budget.
    const later = await two!.leads.submit(
      submission(
        'next',
        T0 + MINUTE,
        { email: 'next@x.example' },
        { siteBudget: { limit: 5, windowMs: MINUTE } },
      ),
    );
    expect(later.allowed).toBe(true);
  });

  it('sends one confirmation per address (any case, any spaces) per 24 hours, across instances', async () => {
    const [one, two] = await Promise.all([open(), open()]);
    const emails = ['Cible@Exemple.example', ' cible@exemple.example ', 'CIBLE@EXEMPLE.EXAMPLE'];
    await Promise.all(
      Array.from({ length: 9 }, (_, i) =>
        (i % 2 === 0 ? one! : two!).leads.submit(submission(`c${i}`, T0, { email: emails[i % 3] })),
      ),
    );
    const confirmations = [...(await delivery(one!)).values()].map((mails) =>
      mails.find((mail) => mail.kind === 'confirmation')!,
    );
    expect(confirmations.filter((mail) => mail.status === 'pending')).toHaveLength(1);
    expect(
      confirmations.filter(
        (mail) => mail.status === 'withheld' && mail.withheldReason === 'confirmation-recent',
      ),
    ).toHaveLength(8);
    // Notifications are all due: the request is real for the company.
    for (const mails of (await delivery(one!)).values()) {
      expect(mails.find((mail) => mail.kind === 'notification')?.status).toBe('pending');
    }
    // A day later, the address gets a confirmation again.
    await one!.leads.submit(submission('c-next-day', T0 + DAY + 1, { email: emails[0] }));
    const nextDay = (await delivery(one!)).get('c-next-day');
    expect(nextDay?.find((mail) => mail.kind === 'confirmation')?.status).toBe('pending');
  });

  it('withholds notifications past the window’s limit, with one alert for the window', async () => {
    const [one, two] = await Promise.all([open(), open()]);
    const limited = (id: string) => ({
      notifications: { limit: 3, windowMs: 10 * MINUTE, alertMessageId: `<${id}.alert@x.example>` },
    });
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 === 0 ? one! : two!).leads.submit(
          submission(`n${i}`, T0, { email: `n${i}@x.example` }, limited(`n${i}`)),
        ),
      ),
    );
    const mails = [...(await delivery(one!)).values()].flat();
    const notifications = mails.filter((mail) => mail.kind === 'notification');
    expect(notifications.filter((mail) => mail.status === 'pending')).toHaveLength(3);
    expect(
      notifications.filter(
        (mail) => mail.status === 'withheld' && mail.withheldReason === 'notification-flood',
      ),
    ).toHaveLength(7);
    expect(mails.filter((mail) => mail.kind === 'alert')).toEqual([
      expect.objectContaining({ status: 'pending', withheldReason: null }),
    ]);
    expect(await one!.leads.notificationWindow(T0, 10 * MINUTE)).toEqual({
      start: Date.UTC(2026, 10, 23, 12, 0),
      end: Date.UTC(2026, 10, 23, 12, 10),
      requests: 10,
    });
    // The next window: individual notifications again.
    await one!.leads.submit(
      submission('n-next', T0 + 10 * MINUTE, { email: 'n-next@x.example' }, limited('n-next')),
    );
    const next = (await delivery(one!)).get('n-next');
    expect(next?.map((mail) => [mail.kind, mail.status])).toEqual([
      ['notification', 'pending'],
      ['confirmation', 'pending'],
    ]);
  });

  it('folds the same request sent again within 10 minutes into the first, across instances', async () => {
    const [one, two] = await Promise.all([open(), open()]);
    const same = {
      email: 'Double@Clic.example',
      telephone: '06 00 00 00 01',
      message: 'Même texte',
    };
    const verdicts = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        (i % 2 === 0 ? one! : two!).leads.submit(submission(`d${i}`, T0, same)),
      ),
    );
    const stored = verdicts.filter((verdict) => verdict.allowed && verdict.outcome === 'stored');
    expect(stored).toHaveLength(1);
    const leads = await one!.leads.listLeads();
    expect(leads).toHaveLength(1);
    const firstId = leads[0]!.id;
    for (const verdict of verdicts) {
      if (verdict.allowed && verdict.outcome === 'duplicate') expect(verdict.id).toBe(firstId);
    }
    // A different message, or the same one 10 minutes later, is a new request.
    await one!.leads.submit(submission('d-other', T0 + 1, { ...same, message: 'Autre texte' }));
    await one!.leads.submit(submission('d-later', T0 + 10 * MINUTE + 1, same));
    expect((await one!.leads.listLeads()).map((item) => item.id).sort()).toEqual(
      [firstId, 'd-later', 'd-other'].sort(),
    );
  });
});

import { describe, expect, it } from 'vitest';

import { ENGINES, engineFixture } from '#test-support/engines.ts';
import { openStores } from '#server/compose/stores.ts';
import type { FloodPolicy, SubmissionInput } from './submission.ts';
import { floodFixture, MINUTE, submission, T0 } from './flood-rules.fixture.ts';

/**
 * The store's group commit (ADR 0008), on both engines: requests that arrive together are
 * written in one transaction, each with the verdict it would get alone; a batch that fails
 * stores none of its requests.
 */
describe.each(ENGINES)('flood rules and group commit on %s', (engine) => {
  const { open, delivery, config } = floodFixture(engine);

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
            const again = await openStores(config());
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
});

import { describe, expect, it } from 'vitest';

import { ENGINES } from '#test-support/engines.ts';
import { DAY, HOUR, storeFixture } from './lead-store.fixture.ts';

/**
 * The store's outbox, run unchanged on both engines: what the outbox worker and several instances
 * rely on when they claim, retry and send e-mails.
 */
describe.each([...ENGINES, 'postgres-js'] as const)('the store on %s', (driver) => {
  const { open, seed } = storeFixture(driver);

  it('never gives the same e-mail to two workers claiming at once', async () => {
    const [one, two] = await Promise.all([open(), open()]);
    const now = Date.now();
    for (let i = 0; i < 15; i += 1) await seed(one!, `l${i}`, now - i);
    const rounds = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        (i % 2 === 0 ? one! : two!).outbox.claimDue(now, 7, `worker-${i}`, 60_000),
      ),
    );
    const ids = rounds.flat().map((row) => row.id);
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
    expect(await one!.outbox.claimDue(now, 10, 'late', 60_000)).toEqual([]);
  });

  it('gives a claim back when its lease runs out or its worker releases it', async () => {
    const store = await open();
    const now = Date.now();
    await seed(store, 'a', now);
    const claimed = await store.outbox.claimDue(now, 10, 'w1', 1_000);
    expect(claimed.map((row) => row.claimedUntil)).toEqual([now + 1_000, now + 1_000]);
    expect(await store.outbox.claimDue(now + 999, 10, 'w2', 1_000)).toEqual([]);
    expect(await store.outbox.nextDueAt()).toBe(now + 1_000);
    // The first worker is presumed dead: its rows come back.
    const retaken = await store.outbox.claimDue(now + 1_000, 10, 'w2', 1_000);
    expect(retaken.map((row) => row.id)).toEqual(claimed.map((row) => row.id));
    // The dead worker's late retry must not undo the new claim.
    await store.outbox.markRetry(claimed[0]!.id, 'w1', now + 1_001, now + 9_000, 'ETIMEDOUT');
    expect((await store.outbox.mailFor('a'))[0]).toMatchObject({
      attempts: 0,
      claimedUntil: now + 2_000,
    });
    await store.outbox.releaseClaims(
      retaken.map((row) => row.id),
      'w2',
    );
    expect(await store.outbox.claimDue(now + 1_002, 10, 'w3', 1_000)).toHaveLength(2);
  });

  it('gives a worker back its own abandoned claims at once, and nobody else', async () => {
    const store = await open();
    const now = Date.now();
    await seed(store, 'a', now);
    const claimed = await store.outbox.claimDue(now, 10, 'w1', 60_000);
    expect(claimed).toHaveLength(2);
    // The database failed before w1 could mark them: w1 takes them again, w2 cannot.
    expect(await store.outbox.claimDue(now + 1, 10, 'w2', 60_000)).toEqual([]);
    const again = await store.outbox.claimDue(now + 1, 10, 'w1', 60_000);
    expect(again.map((row) => [row.id, row.claimedUntil])).toEqual(
      claimed.map((row) => [row.id, now + 60_001]),
    );
  });

  it('records retries, failures and sends, and never hands out a sent e-mail again', async () => {
    const store = await open();
    const now = Date.now();
    await seed(store, 'a', now);
    const [notification, confirmation] = await store.outbox.claimDue(now, 10, 'w', 60_000);
    await store.outbox.markRetry(notification!.id, 'w', now, now + 5_000, 'ECONNREFUSED');
    await store.outbox.markFailed(confirmation!.id, 'w', now, 'smtp_550');
    expect(await store.outbox.claimDue(now + 4_999, 10, 'w', 60_000)).toEqual([]);
    expect(await store.outbox.nextDueAt()).toBe(now + 5_000);
    const [again] = await store.outbox.claimDue(now + 5_000, 10, 'w', 60_000);
    expect(again).toMatchObject({ id: notification!.id, attempts: 1 });
    await store.outbox.markSent(again!.id, now + 5_001);
    await store.outbox.markSent(again!.id, now + 9_999);
    expect(await store.outbox.claimDue(now + DAY, 10, 'w', 60_000)).toEqual([]);
    expect(
      (await store.outbox.mailFor('a')).map((row) => [
        row.status,
        row.attempts,
        row.sentAt,
        row.lastError,
      ]),
    ).toEqual([
      ['sent', 2, now + 5_001, null],
      ['failed', 1, null, 'smtp_550'],
    ]);
    expect(await store.outbox.backlog(now)).toEqual({ pending: 0, oldestPendingAgeSeconds: null });
    expect(await store.outbox.nextDueAt()).toBeUndefined();
  });

  it('makes pending mail due at once when a worker starts', async () => {
    const store = await open();
    const now = Date.now();
    await seed(store, 'a', now);
    const claimed = await store.outbox.claimDue(now, 10, 'w', 60_000);
    for (const row of claimed)
      await store.outbox.markRetry(row.id, 'w', now, now + HOUR, 'ECONNREFUSED');
    expect(await store.outbox.retryPendingNow(now + 1)).toBe(2);
    expect(await store.outbox.claimDue(now + 1, 10, 'w', 60_000)).toHaveLength(2);
  });
});

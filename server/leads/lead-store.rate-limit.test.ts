import { describe, expect, it } from 'vitest';

import { ENGINES } from '#test-support/engines.ts';
import { sampleConsent } from '#test-support/lead-input.ts';
import { HOUR, lead, mails, storeFixture } from './lead-store.fixture.ts';

/**
 * The store's rate limit, run unchanged on both engines: committed with the lead, a sliding
 * window per client, held across instances.
 */
describe.each([...ENGINES, 'postgres-js'] as const)('the store on %s', (driver) => {
  const { open } = storeFixture(driver);

  it('commits the rate-limit hit and the lead together, or neither', async () => {
    const store = await open();
    const policy = { key: 'client', limit: 5, windowMs: HOUR };
    const now = Date.now();
    await store.leads.submit({
      id: 'dup',
      lead: lead(),
      consent: sampleConsent(now),
      mails: mails('dup'),
      now,
      rate: policy,
    });
    await expect(
      store.leads.submit({
        id: 'dup',
        lead: lead(),
        consent: sampleConsent(now),
        mails: [],
        now,
        rate: policy,
      }),
    ).rejects.toThrow();
    // The failed insert did not count: 1 hit, so 4 more are allowed.
    for (let i = 0; i < 4; i += 1) {
      expect(await store.rates.consume(policy, now)).toEqual({ allowed: true });
    }
    expect((await store.rates.consume(policy, now)).allowed).toBe(false);
    expect((await store.leads.listLeads()).map((item) => item.id)).toEqual(['dup']);
  });

  it('keeps a sliding window per client and says when a slot frees', async () => {
    const store = await open();
    const policy = (key: string) => ({ key, limit: 3, windowMs: 60_000 });
    expect(await store.rates.consume(policy('a'), 1_000)).toEqual({ allowed: true });
    expect(await store.rates.consume(policy('a'), 2_000)).toEqual({ allowed: true });
    expect(await store.rates.consume(policy('a'), 3_000)).toEqual({ allowed: true });
    expect(await store.rates.check(policy('a'), 4_000)).toEqual({
      allowed: false,
      retryAfterSeconds: 57,
    });
    expect(await store.rates.consume(policy('a'), 4_000)).toEqual({
      allowed: false,
      retryAfterSeconds: 57,
    });
    expect(await store.rates.consume(policy('b'), 4_000)).toEqual({ allowed: true });
    expect(await store.rates.consume(policy('a'), 61_000)).toEqual({ allowed: true });
    expect(await store.rates.consume(policy('a'), 61_500)).toEqual({
      allowed: false,
      retryAfterSeconds: 1,
    });
  });

  it('holds the rate limit when two instances count the same client at the same moment', async () => {
    const [one, two] = await Promise.all([open(), open()]);
    const policy = { key: 'shared', limit: 5, windowMs: HOUR };
    const now = Date.now();
    const verdicts = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        (i % 2 === 0 ? one! : two!).leads.submit({
          id: `r${i}`,
          lead: lead(),
          consent: sampleConsent(now),
          mails: mails(`r${i}`),
          now,
          rate: policy,
        }),
      ),
    );
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(5);
    expect(await one!.leads.listLeads()).toHaveLength(5);
  });
});

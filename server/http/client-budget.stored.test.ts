import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { openStores, type Stores } from '#server/compose/stores.ts';
import { ENGINES, engineFixture, type EngineFixture } from '#test-support/engines.ts';
import { StoredBudget } from './client-budget.ts';

describe.each(ENGINES)('a stored budget on %s', (engine) => {
  let fixture: EngineFixture;
  let stores: Stores;
  beforeEach(async () => {
    fixture = await engineFixture(engine);
    stores = await openStores(fixture.config);
  });
  afterEach(async () => {
    await stores.close();
    await fixture.cleanup();
  });

  it('counts on consume only, slides its window, and keeps each prefix apart', async () => {
    const minute = 60_000;
    const staff = new StoredBudget(stores.rates, 2, minute, 'staff');
    const endpoint = new StoredBudget(stores.rates, 1, minute);
    expect(staff.policyFor('k')).toEqual({ key: 'staff:k', limit: 2, windowMs: minute });
    expect(endpoint.policyFor('k')).toEqual({ key: 'k', limit: 1, windowMs: minute });
    const t0 = 1_800_000_000_000;
    // A check counts nothing.
    for (let i = 0; i < 3; i += 1) expect(await staff.check('k', t0)).toEqual({ allowed: true });
    expect(await staff.consume('k', t0)).toEqual({ allowed: true });
    expect(await staff.consume('k', t0 + 1_000)).toEqual({ allowed: true });
    expect(await staff.consume('k', t0 + 2_000)).toEqual({
      allowed: false,
      retryAfterSeconds: 58,
    });
    expect(await staff.check('k', t0 + 2_000)).toEqual({ allowed: false, retryAfterSeconds: 58 });
    // The same client key under another budget (no prefix) has its own count.
    expect(await endpoint.consume('k', t0 + 2_000)).toEqual({ allowed: true });
    expect(await endpoint.consume('k', t0 + 3_000)).toEqual({
      allowed: false,
      retryAfterSeconds: 59,
    });
    // The first hit leaves the window: one slot frees.
    expect(await staff.consume('k', t0 + minute + 1)).toEqual({ allowed: true });
  });
});

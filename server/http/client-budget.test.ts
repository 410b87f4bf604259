import { describe, expect, it } from 'vitest';

import { MemoryBudget } from './client-budget.ts';

const refused = (retryAfterSeconds: number) => ({ allowed: false, retryAfterSeconds });
const ALLOWED = { allowed: true };

describe('a budget per client in memory', () => {
  it('allows `limit` requests per window, then says how long to wait; a new window starts afresh', () => {
    const budget = new MemoryBudget({
      limit: 3,
      windowMs: 60_000,
      maxClients: 50_000,
      overflow: 'uncounted',
    });
    const start = 120_000;
    for (let n = 0; n < 3; n += 1) expect(budget.consume('a', start + n)).toEqual(ALLOWED);
    expect(budget.consume('a', start + 10_000)).toEqual(refused(50));
    expect(budget.consume('b', start + 10_000)).toEqual(ALLOWED);
    expect(budget.consume('a', start + 60_000)).toEqual(ALLOWED);
  });

  it('stays bounded: past `maxClients`, new clients pass uncounted, known ones are still limited (the visitor page)', () => {
    const budget = new MemoryBudget({
      limit: 2,
      windowMs: 60_000,
      maxClients: 2,
      overflow: 'uncounted',
    });
    expect(budget.consume('a', 0)).toEqual(ALLOWED);
    expect(budget.consume('a', 0)).toEqual(ALLOWED);
    expect(budget.consume('b', 0)).toEqual(ALLOWED);
    for (let n = 0; n < 5; n += 1) expect(budget.consume('c', 0)).toEqual(ALLOWED);
    expect(budget.consume('a', 0)).toEqual(refused(60));
  });

  it('stays bounded: past `maxClients`, new clients are refused until the next window, known ones still counted (the audience)', () => {
    const budget = new MemoryBudget({
      limit: 2,
      windowMs: 60_000,
      maxClients: 2,
      overflow: 'refuse',
    });
    expect(budget.consume('a', 1_000)).toEqual(ALLOWED);
    expect(budget.consume('b', 1_000)).toEqual(ALLOWED);
    expect(budget.consume('c', 1_000)).toEqual(refused(59));
    expect(budget.consume('b', 1_000)).toEqual(ALLOWED);
    expect(budget.consume('b', 1_000)).toEqual(refused(59));
    expect(budget.consume('c', 60_000)).toEqual(ALLOWED);
  });
});

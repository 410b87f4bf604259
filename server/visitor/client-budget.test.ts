import { describe, expect, it } from 'vitest';

import { VisitorClientBudget } from './client-budget.ts';

describe('the visitor API’s budget per client', () => {
  it('allows `limit` requests per window, then says how long to wait; a new window starts afresh', () => {
    const budget = new VisitorClientBudget(3, 60_000);
    const start = 120_000;
    for (let n = 0; n < 3; n += 1) expect(budget.take('a', start + n)).toBeUndefined();
    expect(budget.take('a', start + 10_000)).toBe(50);
    expect(budget.take('b', start + 10_000)).toBeUndefined();
    expect(budget.take('a', start + 60_000)).toBeUndefined();
  });

  it('stays bounded: past `maxClients`, new clients pass uncounted, known ones are still limited', () => {
    const budget = new VisitorClientBudget(2, 60_000, 2);
    expect(budget.take('a', 0)).toBeUndefined();
    expect(budget.take('a', 0)).toBeUndefined();
    expect(budget.take('b', 0)).toBeUndefined();
    for (let n = 0; n < 5; n += 1) expect(budget.take('c', 0)).toBeUndefined();
    expect(budget.take('a', 0)).toBe(60);
  });
});

import { describe, expect, it } from 'vitest';

import { GroupCommit } from './group-commit.ts';

/** A batch runner whose batches end when the test says so. */
function controlledRunner() {
  const running: Array<{ items: readonly number[]; finish: () => void }> = [];
  const run = (items: readonly number[]) =>
    new Promise<number[]>((resolve) => {
      running.push({ items, finish: () => resolve(items.map((item) => item * 10)) });
    });
  return { running, run };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('GroupCommit', () => {
  it('runs one batch at a time by default, the next holding everything that arrived meanwhile', async () => {
    const { running, run } = controlledRunner();
    const group = new GroupCommit(run);
    const first = group.submit(1);
    await turn();
    const later = [group.submit(2), group.submit(3)];
    await turn();
    expect(running.map((batch) => batch.items)).toEqual([[1]]);
    running[0]?.finish();
    expect(await first).toBe(10);
    await turn();
    expect(running.map((batch) => batch.items)).toEqual([[1], [2, 3]]);
    running[1]?.finish();
    expect(await Promise.all(later)).toEqual([20, 30]);
  });
});

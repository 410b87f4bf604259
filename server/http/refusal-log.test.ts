import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createMemoryLogger, type LogRecord } from '#test-support/harness.ts';
import { RefusalLog } from './refusal-log.ts';

describe('RefusalLog', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes the first refusal at once, then at most one line per reason and minute', () => {
    const logs: LogRecord[] = [];
    const log = new RefusalLog(createMemoryLogger(logs), 60_000);
    log.record('site-budget', 503);
    for (let i = 0; i < 999; i += 1) log.record('site-budget', 503);
    log.record('invalid', 400, ['email', 'telephone']);
    log.record('invalid', 400, ['email']);
    expect(logs.map((line) => line.fields)).toEqual([
      { reason: 'site-budget', status: 503, count: 1 },
      { reason: 'invalid', status: 400, count: 1, fields: { email: 1, telephone: 1 } },
    ]);
    vi.advanceTimersByTime(60_000);
    expect(logs.slice(2).map((line) => line.fields)).toEqual([
      { reason: 'site-budget', status: 503, count: 999 },
      { reason: 'invalid', status: 400, count: 1, fields: { email: 1 } },
    ]);
    // A quiet minute writes nothing and ends the series; the next refusal is written at once.
    vi.advanceTimersByTime(120_000);
    expect(logs).toHaveLength(4);
    log.record('site-budget', 503);
    expect(logs.at(-1)?.fields).toEqual({ reason: 'site-budget', status: 503, count: 1 });
  });
});

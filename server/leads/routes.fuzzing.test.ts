import { describe, expect, it } from 'vitest';

import { postJson, validRequest } from '#test-support/harness.ts';
import { expectFrenchError, server, serveForThisFile } from './routes.fixture.ts';

/** The JSON endpoint under random bodies: never a 5xx. */
serveForThisFile();

/** Mulberry32: a small seeded PRNG, so a failing fuzz case can be replayed. */
function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('fuzzing', () => {
  it('answers 300 random bodies without a single 5xx', async () => {
    const random = prng(20261122);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const fragments = [
      '{',
      '}',
      '[',
      ']',
      '"',
      ':',
      ',',
      'null',
      'true',
      '1e999',
      '-0',
      '\\u0000',
      '\\ud800',
      '__proto__',
      'constructor',
      'é',
      '’',
      '\n',
      '<script>',
      '=1+1',
    ];
    const randomString = (max: number) =>
      Array.from({ length: Math.floor(random() * max) }, () =>
        random() < 0.3 ? pick(fragments) : String.fromCharCode(Math.floor(random() * 0x3000)),
      ).join('');
    const randomValue = (depth: number): unknown => {
      const choice = random();
      if (choice < 0.25) return randomString(40);
      if (choice < 0.35) return Math.floor(random() * 1e6) - 5e5;
      if (choice < 0.45) return random() < 0.5;
      if (choice < 0.5) return null;
      if (depth > 2) return randomString(10);
      if (choice < 0.7)
        return Array.from({ length: Math.floor(random() * 4) }, () => randomValue(depth + 1));
      return Object.fromEntries(
        Array.from({ length: Math.floor(random() * 4) }, () => [
          randomString(8),
          randomValue(depth + 1),
        ]),
      );
    };
    const fields = Object.keys(validRequest());
    const bodies: string[] = [];
    for (let i = 0; i < 300; i += 1) {
      const mode = i % 3;
      if (mode === 0) {
        // A valid request with one or two fields replaced by random values.
        const body = validRequest();
        for (let j = 0; j < 1 + Math.floor(random() * 2); j += 1)
          body[pick(fields)] = randomValue(0);
        bodies.push(JSON.stringify(body));
      } else if (mode === 1) {
        bodies.push(JSON.stringify(randomValue(0)));
      } else {
        bodies.push(randomString(200));
      }
    }
    const statuses = new Map<number, number>();
    for (let i = 0; i < bodies.length; i += 20) {
      const batch = await Promise.all(
        bodies.slice(i, i + 20).map(async (body) => {
          const response = await postJson(server.endpoint, body);
          const json = (await response.json()) as unknown;
          if (response.status !== 200) expectFrenchError(json);
          return response.status;
        }),
      );
      for (const status of batch) statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    expect([...statuses.keys()].every((status) => status < 500)).toBe(true);
    expect(statuses.get(400)).toBeGreaterThan(200);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});

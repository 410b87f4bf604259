import { describe, expect, it } from 'vitest';

import { OTHER_PAGE, OTHER_REFERRERS } from '#contracts/audience/aggregates.ts';
import { ENGINES, engineFixture } from '#test-support/engines.ts';
import { openConnection } from '#server/db/open.ts';
import { AUDIENCE_PAGES } from './pages.ts';
import { audienceReport } from './report.ts';
import { beacon, cleanups, cleanUpAfterAll, JUNE_15, start } from './audience.fixture.ts';

/**
 * The audience count through the real server (both engines): at most 60 views per client per
 * minute, and the bounds under a flood of random beacons.
 */
cleanUpAfterAll();

describe.each(ENGINES)('the audience count (%s)', (engine) => {
  it('counts at most 60 views per client per minute, and stays bounded under a flood', async () => {
    const fixture = await engineFixture(engine);
    cleanups.push(() => fixture.cleanup());
    const clock = { now: JUNE_15 };
    const server = await start(fixture.config, clock);
    const statuses = new Map<number, number>();
    for (let index = 0; index < 70; index += 1) {
      const { status } = await beacon(server, { p: '/', e: 0, d: 'mobile' }, {}, '198.51.100.1');
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 204: 60, 429: 10 });
    // The next minute, the same client counts again.
    clock.now += 60_000;
    expect((await beacon(server, { p: '/', e: 0, d: 'mobile' }, {}, '198.51.100.1')).status).toBe(
      204,
    );

    // A flood: random paths and referrers from many clients, in parallel.
    const random = () => Math.random().toString(36).slice(2, 10);
    const devices = ['mobile', 'tablette', 'ordinateur'] as const;
    for (let round = 0; round < 10; round += 1) {
      await Promise.all(
        Array.from({ length: 100 }, (_, index) =>
          beacon(
            server,
            {
              p: `/${random()}/${random()}`,
              e: 1,
              d: devices[index % 3] ?? 'mobile',
              r: `${random()}.example`,
            },
            {},
            `10.${round}.${index}.1`,
          ).then((response) => expect(response.status).toBe(204)),
        ),
      );
    }
    await server.pipeline.audience.flush();
    const report = await audienceReport(server.pipeline.stores.audience, 7, clock.now);
    expect(report.daily.at(-1)?.views).toBe(61 + 1000);
    const connection = await openConnection(fixture.config);
    try {
      const rows = await connection.db.selectFrom('audience_daily').selectAll().execute();
      const hosts = new Set(rows.map((row) => row.referrer));
      // 50 hosts, '' and 'autres' at most; pages from the fixed list or 'autre page'.
      expect(hosts.size).toBeLessThanOrEqual(52);
      expect(hosts.has(OTHER_REFERRERS)).toBe(true);
      expect(rows.every((row) => row.page === OTHER_PAGE || AUDIENCE_PAGES.has(row.page))).toBe(
        true,
      );
      expect(rows.length).toBeLessThanOrEqual((AUDIENCE_PAGES.size + 1) * 52 * 3);
      expect(rows.length).toBeLessThanOrEqual(1 + 52 * 3);
    } finally {
      await connection.close();
    }
  });
});

import { describe, expect, it } from 'vitest';

import { MAX_BEACON_BYTES } from '#contracts/audience/contract.ts';
import { OTHER_PAGE } from '#contracts/audience/aggregates.ts';
import { ENGINES, engineFixture } from '#test-support/engines.ts';
import { postJson, startTestServer, validRequest } from '#test-support/harness.ts';
import { audienceCsv, audienceReport } from './report.ts';
import { beacon, cleanups, cleanUpAfterAll, JUNE_15, ROBOT_UA, start } from './audience.fixture.ts';

/**
 * The audience count through the real server (both engines): what is counted, what is not, the
 * campaign tags, the clock, the retention, and each page's requests beside its views.
 */
cleanUpAfterAll();

describe.each(ENGINES)('the audience count (%s)', (engine) => {
  it('counts views and entries per day, page, referrer host and device; drops what it must', async () => {
    const fixture = await engineFixture(engine);
    cleanups.push(() => fixture.cleanup());
    const clock = { now: JUNE_15 };
    const server = await start(fixture.config, clock);
    const statuses: number[] = [];
    const send = async (
      ...args: Parameters<typeof beacon> extends [unknown, ...infer R] ? R : never
    ) => statuses.push((await beacon(server, ...args)).status);

    // A direct visit, then a client-side navigation.
    await send({ p: '/', e: 1, d: 'mobile' });
    await send({ p: '/professionnels/hp-flottante', e: 0, d: 'mobile' });
    // A visit from a search engine (host only), on a desktop.
    await send({ p: '/contact', e: 1, d: 'ordinateur', r: 'www.Google.fr' });
    // An unknown path: one "autre page".
    await send({ p: '/nimporte/quoi?x=1', e: 1, d: 'tablette' });
    expect(statuses).toEqual([204, 204, 204, 204]);

    // Not counted: GPC, DNT, a robot, a staff page.
    expect((await beacon(server, { p: '/', e: 1, d: 'mobile' }, { 'Sec-GPC': '1' })).status).toBe(
      204,
    );
    expect((await beacon(server, { p: '/', e: 1, d: 'mobile' }, { DNT: '1' })).status).toBe(204);
    expect(
      (await beacon(server, { p: '/', e: 1, d: 'mobile' }, { 'User-Agent': ROBOT_UA })).status,
    ).toBe(204);
    expect((await beacon(server, { p: '/equipe/audience', e: 0, d: 'mobile' })).status).toBe(204);
    // Refused, counting nothing: over 1 KB, malformed (never a 5xx).
    const big = await beacon(
      server,
      JSON.stringify({ p: '/', e: 1, d: 'mobile', r: 'a'.repeat(MAX_BEACON_BYTES) }),
    );
    expect(big.status).toBe(413);
    expect(((await big.json()) as { error: string }).error).toMatch(/trop volumineuse/);
    for (const bad of [
      '',
      'null',
      '{"p":"/"}',
      '{"p":"/","e":2,"d":"mobile"}',
      '[1,2]',
      '\u00ff{',
      '{"p":"x","e":1,"d":"mobile"}',
    ]) {
      const response = await beacon(server, bad);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(/illisible/);
    }

    await server.pipeline.audience.flush();
    const report = await audienceReport(server.pipeline.stores.audience, 7, clock.now);
    expect(report.to).toBe('2026-06-15');
    expect(report.from).toBe('2026-06-09');
    expect(report.daily.at(-1)).toEqual({ day: '2026-06-15', views: 4, entries: 3 });
    const page = (path: string) => report.pages.find((row) => row.page === path);
    expect(page('/')).toMatchObject({ views: 1, entries: 1 });
    expect(page('/professionnels/hp-flottante')).toMatchObject({ views: 1, entries: 0 });
    expect(page('/contact')).toMatchObject({ views: 1, entries: 1 });
    expect(page(OTHER_PAGE)).toMatchObject({ views: 1, entries: 1 });
    expect(report.sources).toEqual([
      { source: '', entries: 2 },
      { source: 'www.google.fr', entries: 1 },
    ]);
    expect(report.devices).toEqual([
      { device: 'mobile', views: 2 },
      { device: 'tablette', views: 1 },
      { device: 'ordinateur', views: 1 },
    ]);
    // Campaign tags are not counted with RECORD_CAMPAIGNS off.
    await send({ p: '/', e: 1, d: 'mobile', c: ['newsletter', 'email', 'hiver'] });
    await server.pipeline.audience.flush();
    expect((await audienceReport(server.pipeline.stores.audience, 7, clock.now)).campaigns).toEqual(
      [],
    );
  });

  it('counts campaign tags with RECORD_CAMPAIGNS on; uses the Paris day of its clock; purges after 25 months', async () => {
    const fixture = await engineFixture(engine);
    cleanups.push(() => fixture.cleanup());
    // 00:30 in Paris on 2026-06-16 is still 2026-06-15 in UTC.
    const clock = { now: Date.UTC(2026, 5, 15, 22, 30) };
    const server = await startTestServer({
      ...(fixture.config.databaseUrl ? { databaseUrl: fixture.config.databaseUrl } : {}),
      dataDir: fixture.config.dataDir,
      recordCampaigns: true,
      audience: { flushMs: 60_000, now: () => clock.now },
    });
    cleanups.push(() => server.close());
    await beacon(server, { p: '/', e: 1, d: 'mobile', c: ['newsletter', 'email', 'hiver'] });
    await beacon(server, { p: '/contact', e: 0, d: 'mobile', c: ['x', 'y', 'z'] });
    await server.pipeline.audience.flush();
    const report = await audienceReport(server.pipeline.stores.audience, 7, clock.now);
    expect(report.to).toBe('2026-06-16');
    expect(report.daily.at(-1)).toEqual({ day: '2026-06-16', views: 2, entries: 1 });
    expect(report.campaigns).toEqual([{ campaign: 'newsletter / email / hiver', entries: 1 }]);

    // 25 months later the day is still kept; one day more and its 3 rows are gone.
    expect(await server.pipeline.audience.purge(Date.UTC(2028, 6, 16, 10))).toBe(0);
    expect(await server.pipeline.audience.purge(Date.UTC(2028, 6, 17, 10))).toBe(3);
  });

  it('puts each page’s requests (their stored source page) beside its views; exports a CSV', async () => {
    const fixture = await engineFixture(engine);
    cleanups.push(() => fixture.cleanup());
    const clock = { now: Date.now() };
    const server = await start(fixture.config, clock);
    for (let index = 0; index < 3; index += 1) {
      await beacon(server, { p: '/professionnels/hp-flottante', e: 1, d: 'mobile' });
    }
    const stored = await postJson(
      server.endpoint,
      validRequest({ pageOrigine: '/professionnels/hp-flottante' }),
    );
    expect(stored.status).toBe(200);
    await server.pipeline.audience.flush();
    const report = await audienceReport(server.pipeline.stores.audience, 30, clock.now);
    expect(report.pages.find((row) => row.page === '/professionnels/hp-flottante')).toEqual({
      page: '/professionnels/hp-flottante',
      views: 3,
      entries: 3,
      requests: 1,
      conversion: 33.3,
      uncounted: false,
    });
    const csv = await audienceCsv(server.pipeline.stores.audience, 30, clock.now);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('\uFEFFjour;page;vues;entrées;demandes');
    expect(lines).toContain(`${report.to};/professionnels/hp-flottante;3;3;1`);
  });
});

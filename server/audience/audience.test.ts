import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';

import {
  AUDIENCE_BEACON_PATH,
  MAX_BEACON_BYTES,
  type Beacon,
} from '#contracts/audience/contract.ts';
import { OTHER_PAGE, OTHER_REFERRERS } from '#contracts/audience/aggregates.ts';
import { ENGINES, engineFixture } from '#test-support/engines.ts';
import { postJson, startTestServer, validRequest, type TestServer } from '#test-support/harness.ts';
import { openConnection } from '#server/db/open.ts';
import { AUDIENCE_PAGES } from './pages.ts';
import { audienceCsv, audienceReport } from './report.ts';

/**
 * The audience count through the real server (both engines): what is counted, what is not, the
 * bounds under a flood of random beacons, the campaign tags, the clock, the retention, and that
 * no address or user agent reaches the database or the logs.
 */
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const ROBOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** 14:00 in Paris on 2026-06-15 (UTC+2). */
const JUNE_15 = Date.UTC(2026, 5, 15, 12, 0, 0);

function beacon(
  server: TestServer,
  body: Beacon | string,
  headers: Record<string, string> = {},
  client = '203.0.113.7',
): Promise<Response> {
  return fetch(`${server.url}${AUDIENCE_BEACON_PATH}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'text/plain;charset=UTF-8',
      'User-Agent': BROWSER_UA,
      'X-Forwarded-For': client,
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function start(config: { dataDir: string; databaseUrl?: string }, clock: { now: number }) {
  const server = await startTestServer({
    ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
    dataDir: config.dataDir,
    trustProxy: 'x-forwarded-for',
    audience: { flushMs: 60_000, now: () => clock.now },
  });
  cleanups.push(() => server.close());
  return server;
}

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
    });
    const csv = await audienceCsv(server.pipeline.stores.audience, 30, clock.now);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('\uFEFFjour;page;vues;entrées;demandes');
    expect(lines).toContain(`${report.to};/professionnels/hp-flottante;3;3;1`);
  });
});

describe('two instances on one PostgreSQL database', () => {
  it('add up their counts, and neither the database nor the logs hold an address or a user agent', async () => {
    const fixture = await engineFixture('postgres');
    cleanups.push(() => fixture.cleanup());
    const clock = { now: JUNE_15 };
    const a = await start(fixture.config, clock);
    const b = await start({ ...fixture.config, dataDir: `${fixture.config.dataDir}-b` }, clock);
    const addresses = Array.from({ length: 40 }, (_, index) => `192.0.2.${index + 10}`);
    await Promise.all(
      addresses.map((address, index) =>
        beacon(
          index % 2 === 0 ? a : b,
          { p: '/contact', e: 1, d: 'mobile', r: 'www.bing.com' },
          {},
          address,
        ),
      ),
    );
    await Promise.all([a.pipeline.audience.flush(), b.pipeline.audience.flush()]);
    // A second round: both instances' upserts add to the same rows.
    await Promise.all(
      addresses.map((address, index) =>
        beacon(index % 2 === 0 ? b : a, { p: '/contact', e: 0, d: 'mobile' }, {}, address),
      ),
    );
    await Promise.all([a.pipeline.audience.close(), b.pipeline.audience.close()]);
    const report = await audienceReport(a.pipeline.stores.audience, 7, clock.now);
    expect(report.pages.find((row) => row.page === '/contact')).toMatchObject({
      views: 80,
      entries: 40,
    });
    expect(report.sources).toEqual([{ source: 'www.bing.com', entries: 40 }]);

    // Every table, every row: no address, no user agent.
    const connection = await openConnection(fixture.config);
    try {
      const tables = await sql<{ name: string }>`
        SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = 'public'`.execute(connection.db);
      let dump = '';
      for (const { name } of tables.rows) {
        const rows = await sql`SELECT * FROM ${sql.table(name)}`.execute(connection.db);
        dump += JSON.stringify(rows.rows);
      }
      expect(dump).toContain('www.bing.com');
      for (const address of addresses) expect(dump).not.toContain(address);
      expect(dump).not.toContain('Chrome/140');
      expect(dump).not.toContain('Mozilla');
    } finally {
      await connection.close();
    }
    const logs = JSON.stringify([...a.logs, ...b.logs]);
    for (const address of addresses) expect(logs).not.toContain(address);
    expect(logs).not.toContain('Mozilla');
  });
});

describe('SQLite: no address or user agent in the database or the logs', () => {
  it('dumps every table', async () => {
    const fixture = await engineFixture('sqlite');
    cleanups.push(() => fixture.cleanup());
    const clock = { now: JUNE_15 };
    const server = await start(fixture.config, clock);
    await beacon(server, { p: '/', e: 1, d: 'tablette', r: 'duckduckgo.com' }, {}, '203.0.113.99');
    await server.pipeline.audience.flush();
    const connection = await openConnection(fixture.config);
    try {
      const tables = await sql<{ name: string }>`
        SELECT name FROM sqlite_master WHERE type = 'table'`.execute(connection.db);
      let dump = '';
      for (const { name } of tables.rows) {
        const rows = await sql`SELECT * FROM ${sql.table(name)}`.execute(connection.db);
        dump += JSON.stringify(rows.rows);
      }
      expect(dump).toContain('duckduckgo.com');
      expect(dump).not.toContain('203.0.113.99');
      expect(dump).not.toContain('Mozilla');
    } finally {
      await connection.close();
    }
    expect(JSON.stringify(server.logs)).not.toContain('203.0.113.99');
  });
});

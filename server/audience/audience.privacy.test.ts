import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { engineFixture } from '#test-support/engines.ts';
import { openConnection } from '#server/db/open.ts';
import { audienceReport } from './report.ts';
import { beacon, cleanups, cleanUpAfterAll, JUNE_15, start } from './audience.fixture.ts';

/**
 * The audience count through the real server: two instances on one PostgreSQL database add up,
 * and no address or user agent reaches the database or the logs (both engines).
 */
cleanUpAfterAll();

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

import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ENGINES, engineFixture, type EngineFixture } from '#test-support/engines.ts';
import { runReads, runWrites, type ReadRow } from './batch-statements.ts';
import type { Connection } from './connection.ts';
import { openConnection } from './open.ts';

/**
 * A batch's reads and writes, each in one statement on PostgreSQL: every read gets its own rows,
 * with the types it would get alone, and a write's rows are there for the next statement.
 */
describe.each(ENGINES)('batch statements on %s', (engine) => {
  let fixture: EngineFixture;
  let connection: Connection;

  beforeEach(async () => {
    fixture = await engineFixture(engine);
    connection = await openConnection(fixture.config);
  });
  afterEach(async () => {
    await connection.close();
    await fixture.cleanup();
  });

  it('hands each read its own rows, numbers as numbers, none to a read that finds nothing', async () => {
    const { db } = connection;
    await runWrites(db, engine, [
      db
        .insertInto('rate_limit_hits')
        .values([
          { client_key: 'a', at: 1_795_000_000_001 },
          { client_key: 'a', at: 1_795_000_000_002 },
          { client_key: 'b', at: 1_795_000_000_003 },
        ])
        .compile(),
      db
        .insertInto('counters')
        .values({ name: 'site-requests', window_start: 1_795_000_000_000, count: 7 })
        .compile(),
    ]);
    const seen: Array<readonly ReadRow[]> = [];
    let counted: readonly ReadRow[] = [];
    await runReads(db, engine, [
      {
        statements: [
          db
            .selectFrom('rate_limit_hits')
            .select(['client_key', 'at'])
            .where('client_key', '=', 'a')
            .compile(),
          db.selectFrom('rate_limit_hits').select('at').where('client_key', '=', 'z').compile(),
        ],
        apply: (rows) => seen.push(...rows),
      },
      {
        // An upsert that adds nothing and returns the row, as the batch's counters read them.
        statements: [
          db
            .insertInto('counters')
            .values({ name: 'site-requests', window_start: 1_795_000_000_000, count: 0 })
            .onConflict((conflict) =>
              conflict
                .columns(['name', 'window_start'])
                .doUpdateSet((eb) => ({ count: eb.ref('counters.count') })),
            )
            .returning(['name', 'count'])
            .compile(),
          sql<ReadRow>`SELECT count(*) AS hits FROM rate_limit_hits WHERE at > ${1_795_000_000_001}`.compile(
            db,
          ),
        ],
        apply: ([upserted = [], hits = []]) => {
          counted = [...upserted, ...hits];
        },
      },
    ]);
    expect(seen).toHaveLength(2);
    expect([...(seen[0] ?? [])].sort((x, y) => Number(x.at) - Number(y.at))).toEqual([
      { client_key: 'a', at: 1_795_000_000_001 },
      { client_key: 'a', at: 1_795_000_000_002 },
    ]);
    expect(seen[1]).toEqual([]);
    expect(counted).toEqual([{ name: 'site-requests', count: 7 }, { hits: 2 }]);
  });

  it('runs writes in order, the later ones seeing the earlier rows (foreign keys included)', async () => {
    const { db } = connection;
    await runWrites(db, engine, [
      db.insertInto('rate_limit_hits').values({ client_key: 'w', at: 1 }).compile(),
      db.insertInto('rate_limit_hits').values({ client_key: 'w', at: 2 }).compile(),
    ]);
    const rows = await db
      .selectFrom('rate_limit_hits')
      .select('at')
      .where('client_key', '=', 'w')
      .orderBy('at')
      .execute();
    expect(rows.map((row) => Number(row.at))).toEqual([1, 2]);
  });
});

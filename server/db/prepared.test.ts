import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { runWrites } from './batch-statements.ts';
import { preparedInsert, preparedQuery } from './prepared.ts';
import type { Tables } from './schema.ts';

/** Prepared queries: compiled once, then run with each call's values, never with stale ones. */
describe('preparedQuery', () => {
  let db: Kysely<Tables>;

  beforeEach(async () => {
    const database = new Database(':memory:');
    database.exec('CREATE TABLE rate_limit_hits (client_key TEXT NOT NULL, at INTEGER NOT NULL)');
    db = new Kysely<Tables>({ dialect: new SqliteDialect({ database }) });
    await db
      .insertInto('rate_limit_hits')
      .values([
        { client_key: 'a', at: 1 },
        { client_key: 'a', at: 5 },
        { client_key: 'b', at: 9 },
      ])
      .execute();
  });
  afterEach(async () => {
    await db.destroy();
  });

  it('builds the query once and runs it with the values of each call', async () => {
    let builds = 0;
    const hitsAfter = preparedQuery((kysely, p: { key: string; after: number }) => {
      builds += 1;
      return kysely
        .selectFrom('rate_limit_hits')
        .select('at')
        .where('client_key', '=', p.key)
        .where('at', '>', p.after)
        .orderBy('at')
        .limit(10);
    });
    expect((await hitsAfter(db, { key: 'a', after: 0 })).rows).toEqual([{ at: 1 }, { at: 5 }]);
    expect((await hitsAfter(db, { key: 'a', after: 2 })).rows).toEqual([{ at: 5 }]);
    expect((await hitsAfter(db, { key: 'b', after: 0 })).rows).toEqual([{ at: 9 }]);
    // In a transaction too (the same dialect).
    await db.transaction().execute(async (trx) => {
      expect((await hitsAfter(trx, { key: 'c', after: 0 })).rows).toEqual([]);
    });
    expect(builds).toBe(1);
  });

  it('refuses a query that computes with a parameter instead of binding it', async () => {
    const wrong = preparedQuery((kysely, p: { key: string; now: number }) =>
      kysely
        .selectFrom('rate_limit_hits')
        .select('at')
        .where('client_key', '=', p.key)
        .where('at', '>', p.now - 10),
    );
    await expect(wrong(db, { key: 'a', now: 20 })).rejects.toThrow(
      'parameters not bound as values: now',
    );
  });

  it('inserts many rows with one statement per row count, each call with its own values', async () => {
    const insert = preparedInsert('rate_limit_hits', ['client_key', 'at']);
    const two = insert(db, [
      { client_key: 'c', at: 10 },
      { client_key: 'd', at: 11 },
    ]);
    const three = insert(db, [
      { client_key: 'e', at: 12 },
      { client_key: 'f', at: 13 },
      { client_key: 'g', at: 14 },
    ]);
    expect(two).toHaveLength(1);
    await runWrites(db, 'sqlite', [...two, ...three]);
    const rows = await db
      .selectFrom('rate_limit_hits')
      .select(['client_key', 'at'])
      .where('at', '>=', 10)
      .orderBy('at')
      .execute();
    expect(rows).toEqual([
      { client_key: 'c', at: 10 },
      { client_key: 'd', at: 11 },
      { client_key: 'e', at: 12 },
      { client_key: 'f', at: 13 },
      { client_key: 'g', at: 14 },
    ]);
  });
});

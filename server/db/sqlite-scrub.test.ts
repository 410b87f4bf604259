import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createTempDir } from '#test-support/harness.ts';
import { DATABASE_FILE, inTransaction, type Connection } from './connection.ts';
import { openSqlite } from './sqlite-connection.ts';
import { SqliteScrubber } from './sqlite-scrub.ts';

/**
 * What SQLite keeps of deleted rows after a scrub (ADR 0032): nothing, even where
 * `secure_delete` alone leaves a copy (a page split's stale cells in an index page's gap).
 */
const PEOPLE = {
  version: 1,
  name: 'people',
  sqlite: `CREATE TABLE people (id INTEGER PRIMARY KEY, email TEXT NOT NULL, note TEXT NOT NULL);
    CREATE INDEX people_email ON people (email);`,
  postgres: '',
};

const folders: string[] = [];
afterEach(() => {
  vi.useRealTimers();
  while (folders.length > 0) rmSync(folders.pop()!, { recursive: true, force: true });
});

function open(): { connection: Connection; dataDir: string } {
  const dataDir = createTempDir('scrub');
  folders.push(dataDir);
  return { connection: openSqlite(dataDir, [PEOPLE]), dataDir };
}

/** The bytes of the database and its log, as a reader of the folder finds them. */
function onDisk(dataDir: string): Buffer {
  const file = join(dataDir, DATABASE_FILE);
  const log = `${file}-wal`;
  return Buffer.concat([readFileSync(file), existsSync(log) ? readFileSync(log) : Buffer.alloc(0)]);
}

/** Deterministic pseudo-random numbers. */
function numbers(): () => number {
  let seed = 7;
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed;
  };
}

/**
 * Rows inserted in a random order, one in three followed by an update that makes some row grow
 * (as a request's contact change does): pages split and are rebuilt, and with these numbers
 * `secure_delete` alone leaves a few of the deleted addresses in the file.
 */
async function fill(connection: Connection, count: number): Promise<string[]> {
  const next = numbers();
  const emails: string[] = [];
  await inTransaction(connection, async (trx) => {
    for (let index = 0; index < count; index += 1) {
      const email = `${next().toString(36)}.personne${index}@exemple-rare.fr`;
      emails.push(email);
      const note = `note ${index} `.repeat(1 + (index % 9));
      await sql`INSERT INTO people (email, note) VALUES (${email}, ${note})`.execute(trx);
      if (index % 3 !== 0) continue;
      const grown = `grown ${index} `.repeat(20);
      const id = 1 + (next() % (index + 1));
      await sql`UPDATE people SET note = ${grown} WHERE id = ${id}`.execute(trx);
    }
  });
  return emails;
}

describe('the SQLite scrub', () => {
  it('leaves no byte of deleted rows in the file or its log', async () => {
    const { connection, dataDir } = open();
    try {
      const emails = await fill(connection, 3_000);
      const erased = emails.filter((_, index) => index % 2 === 1);
      await inTransaction(connection, async (trx) => {
        for (const email of erased)
          await sql`DELETE FROM people WHERE email = ${email}`.execute(trx);
      });
      const result = await connection.scrub();
      expect(result).toEqual({ vacuumed: true, vacuumPending: false, logTruncated: true });
      const bytes = onDisk(dataDir);
      expect(erased.filter((email) => bytes.includes(Buffer.from(email)))).toEqual([]);
      // The rows that stay are still there.
      expect(bytes.includes(Buffer.from(emails[0]!))).toBe(true);
    } finally {
      await connection.close();
    }
  });

  it('zeroes what a deferred VACUUM has not rewritten yet (secure_delete), and empties the log', async () => {
    const { connection, dataDir } = open();
    try {
      const emails = Array.from({ length: 200 }, (_, index) => `p${index}.rare@exemple-rare.fr`);
      await inTransaction(connection, async (trx) => {
        for (const email of emails) {
          await sql`INSERT INTO people (email, note) VALUES (${email}, ${'note'})`.execute(trx);
        }
      });
      expect(await connection.scrub()).toMatchObject({ vacuumed: true });
      const erased = emails.filter((_, index) => index % 4 === 0);
      await inTransaction(connection, async (trx) => {
        for (const email of erased)
          await sql`DELETE FROM people WHERE email = ${email}`.execute(trx);
      });
      // Within the minute: no VACUUM yet.
      expect(await connection.scrub()).toEqual({
        vacuumed: false,
        vacuumPending: true,
        logTruncated: true,
      });
      const bytes = onDisk(dataDir);
      expect(erased.filter((email) => bytes.includes(Buffer.from(email)))).toEqual([]);
      expect(bytes.includes(Buffer.from(emails[1]!))).toBe(true);
    } finally {
      await connection.close();
    }
  });

  it('runs one VACUUM a minute at most: a later erasure truncates the log now, VACUUMs later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { connection } = open();
    const scrubber = new SqliteScrubber(connection.db, {
      intervalMs: 60_000,
      now: () => Date.now(),
    });
    // Each VACUUM and each log truncation takes the connection once.
    const taken = vi.spyOn(connection.db, 'connection');
    try {
      expect(await scrubber.scrub()).toMatchObject({ vacuumed: true, vacuumPending: false });
      vi.advanceTimersByTime(10_000);
      expect(await scrubber.scrub()).toEqual({
        vacuumed: false,
        vacuumPending: true,
        logTruncated: true,
      });
      expect(await scrubber.scrub()).toMatchObject({ vacuumed: false, vacuumPending: true });
      expect(taken).toHaveBeenCalledTimes(3);
      // The scheduled VACUUM runs at the minute's end, once.
      await vi.advanceTimersByTimeAsync(49_999);
      expect(taken).toHaveBeenCalledTimes(3);
      await vi.advanceTimersByTimeAsync(1);
      expect(taken).toHaveBeenCalledTimes(4);
      vi.advanceTimersByTime(60_000);
      expect(await scrubber.scrub()).toMatchObject({ vacuumed: true, vacuumPending: false });
      // A VACUUM still scheduled when the connection closes runs then.
      expect(await scrubber.scrub()).toMatchObject({ vacuumPending: true });
      await scrubber.close();
      expect(taken).toHaveBeenCalledTimes(7);
      await expect(scrubber.scrub()).rejects.toThrow('closed');
    } finally {
      await connection.close();
    }
  });

  it('runs the daily purge’s VACUUM at once, without counting it, in place of a scheduled one', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { connection } = open();
    const scrubber = new SqliteScrubber(connection.db, {
      intervalMs: 60_000,
      now: () => Date.now(),
    });
    const taken = vi.spyOn(connection.db, 'connection');
    try {
      expect(await scrubber.scrub('now')).toMatchObject({ vacuumed: true });
      // Not counted: an erasure right after still gets its VACUUM at once.
      expect(await scrubber.scrub()).toMatchObject({ vacuumed: true });
      expect(await scrubber.scrub()).toMatchObject({ vacuumPending: true });
      expect(await scrubber.scrub('now')).toMatchObject({ vacuumed: true, vacuumPending: false });
      expect(taken).toHaveBeenCalledTimes(4);
      // The scheduled one is dropped: the purge's VACUUM covered it.
      await vi.advanceTimersByTimeAsync(120_000);
      expect(taken).toHaveBeenCalledTimes(4);
    } finally {
      await scrubber.close();
      await connection.close();
    }
  });
});

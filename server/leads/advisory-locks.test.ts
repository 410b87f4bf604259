import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { engineFixture, type EngineFixture } from '#test-support/engines.ts';
import { sampleConsent, sampleLead } from '#test-support/lead-input.ts';
import { advisoryKey, lockStatement } from '#server/db/advisory-locks.ts';
import { inDurableTransaction, inTransaction, type Connection } from '#server/db/connection.ts';
import { openStores } from '#server/compose/stores.ts';
import { openConnection } from '#server/db/open.ts';
import { scopeOf } from '#server/db/scope.ts';
import { RateHitStore, type RatePolicy } from '#server/http/rate-hits.ts';
import type { Tables } from '#server/db/schema.ts';
import { batchLocks, type SubmissionInput } from '#server/leads/submission.ts';

describe('advisory locks', () => {
  it('derives one 64-bit key per name, the same on every call', () => {
    const key = advisoryKey('rate:abc');
    expect(advisoryKey('rate:abc')).toBe(key);
    expect(advisoryKey('rate:abd')).not.toBe(key);
    expect(key).toBeGreaterThanOrEqual(-(2n ** 63n));
    expect(key).toBeLessThan(2n ** 63n);
  });

  it('takes each lock once, in ascending key order, with nothing of the names in the SQL', () => {
    const names = ['lead:jean.dupont@example.fr', 'rate:x', "lead:o'brien@example.fr", 'rate:x'];
    const statement = lockStatement(names) ?? '';
    const keys = [...new Set(names.map(advisoryKey))].sort((a, b) => (a < b ? -1 : 1));
    expect(statement).toBe(
      `SELECT pg_advisory_xact_lock(k) FROM unnest(ARRAY[${keys.join(',')}]::bigint[]) AS k`,
    );
    expect(statement).not.toMatch(/example|brien|rate:/);
  });

  it('has no statement when there is nothing to lock', () => {
    expect(lockStatement([])).toBeUndefined();
  });
});

/**
 * The locks of a batch (taken with its BEGIN) and of a single rate check
 * (`RateHitStore.consume`) are one lock per client: while a batch holding a client's lock is
 * open, that client's rate check on another connection waits for it, and then counts the
 * batch's hit.
 */
const NOW = 1_795_000_000_000;

function rated(id: string, policy: RatePolicy): SubmissionInput {
  return {
    id,
    lead: sampleLead({ email: `${id}@exemple.example` }),
    consent: sampleConsent(NOW),
    mails: [],
    now: NOW,
    rate: policy,
  };
}

/**
 * Opens a batch's transaction for `input` with its locks, and holds it open: resolves once the
 * locks are taken, with `release`, which runs `last` in the transaction and commits.
 */
async function holdBatch(
  connection: Connection,
  input: SubmissionInput,
  last: (trx: Kysely<Tables>) => Promise<unknown> = async () => undefined,
): Promise<{ release: () => Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let locked!: () => void;
  const holding = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const batch = inDurableTransaction(
    connection,
    async (trx) => {
      locked();
      await released;
      await last(trx);
    },
    batchLocks('postgres', [input]),
  );
  await holding;
  return {
    release: async () => {
      release();
      await batch;
    },
  };
}

describe('advisory locks on PostgreSQL', () => {
  let fixture: EngineFixture;
  let connection: Connection;

  beforeEach(async () => {
    fixture = await engineFixture('postgres');
    connection = await openConnection(fixture.config);
  });
  afterEach(async () => {
    await connection.close();
    await fixture.cleanup();
  });

  it("makes a client's rate check wait for the open batch that holds its lock", async () => {
    const policy = { key: 'client-1', limit: 1, windowMs: 60_000 };
    const batch = await holdBatch(connection, rated('held', policy), (trx) =>
      trx.insertInto('rate_limit_hits').values({ client_key: policy.key, at: NOW }).execute(),
    );
    let checked = false;
    const check = inTransaction(connection, (trx) =>
      new RateHitStore(scopeOf(connection, trx)).consume(policy, NOW + 1),
    ).then((verdict) => {
      checked = true;
      return verdict;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(checked).toBe(false);
    await batch.release();
    expect(await check).toEqual({ allowed: false, retryAfterSeconds: 60 });
  });

  it('gives its connection back usable when a batch cannot take its locks in time', async () => {
    const policy = { key: 'client-2', limit: 10, windowMs: 60_000 };
    // One connection, so the batch after the failed one runs on the same connection.
    const store = await openStores({ ...fixture.config, poolMax: 1, statementTimeoutMs: 300 });
    const holder = await holdBatch(connection, rated('holder', policy));
    try {
      await expect(store.leads.submit(rated('timed-out', policy))).rejects.toThrow(
        /statement timeout/,
      );
      await holder.release();
      expect(await store.leads.submit(rated('next', policy))).toEqual({
        allowed: true,
        outcome: 'stored',
      });
    } finally {
      await holder.release();
      await store.close();
    }
  });
});

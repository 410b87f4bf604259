import { rmSync } from 'node:fs';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createTempDir } from '#test-support/harness.ts';
import { openStores, type Stores } from '#server/compose/stores.ts';
import { DATABASE_FILE } from '#server/db/connection.ts';
import type { SubmissionInput } from './submission.ts';

/**
 * SQLite's group commit flushes the write-ahead log off the event loop (see
 * inDurableTransaction): a submission is acknowledged only once that flush succeeded, and once
 * one failed no later one is acknowledged, since SQLite's recovery would stop at the lost frames.
 */
function submission(id: string, now: number): SubmissionInput {
  return {
    id,
    lead: {
      clientType: 'professionnel',
      nom: 'Roux',
      prenom: 'Inès',
      adresse: '3 rue Haute, 44000 Nantes',
      telephone: '06 98 76 54 32',
      email: `${id}@exemple.example`,
      produit: 'Climatisation',
      message: `Demande ${id}`,
    },
    consent: { text: 'J’accepte…', version: '2026-11-01', givenAt: now },
    mails: [{ kind: 'notification', messageId: `<${id}.notification@x.example>` }],
    now,
  };
}

describe('group commit on SQLite: the disk flush', () => {
  let dataDir: string;
  let store: Stores | undefined;

  beforeEach(() => {
    dataDir = createTempDir('durable-commit');
  });
  afterEach(async () => {
    await store?.close();
    store = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('acknowledges each request of a batch once its log is flushed', async () => {
    store = await openStores({ dataDir });
    const verdicts = await Promise.all(
      ['a', 'b', 'c'].map((id) => store!.leads.submit(submission(id, Date.now()))),
    );
    expect(verdicts).toEqual(Array(3).fill({ allowed: true, outcome: 'stored' }));
    expect(store.leads.groupCommitStats.batches).toBe(1);
  });

  it('refuses the batch whose flush failed, and every later one, until it is reopened', async () => {
    store = await openStores({ dataDir });
    expect(() => store!.database.assertWritable()).not.toThrow();
    // The log can no longer be opened for its fsync: SQLite still writes to the file it holds.
    rmSync(join(dataDir, `${DATABASE_FILE}-wal`));
    const failed = await Promise.allSettled(
      ['a', 'b'].map((id) => store!.leads.submit(submission(id, Date.now()))),
    );
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    await expect(store.leads.submit(submission('c', Date.now()))).rejects.toThrow();
    // What /healthz asks: the instance says it can no longer store anything.
    expect(() => store!.database.assertWritable()).toThrow();
    // Never part of a batch: both of it or neither, and never the later request.
    const ids = (await store.leads.listLeads()).map((lead) => lead.id).sort();
    expect([[], ['a', 'b']]).toContainEqual(ids);
    await store.close();

    store = await openStores({ dataDir });
    expect(await store.leads.submit(submission('d', Date.now()))).toEqual({
      allowed: true,
      outcome: 'stored',
    });
  });
});

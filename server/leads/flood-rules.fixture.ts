import { afterEach, beforeEach } from 'vitest';

import { engineFixture, type EngineFixture, type EngineName } from '#test-support/engines.ts';
import { sampleLead as lead } from '#test-support/lead-input.ts';
import { openStores, type Stores } from '#server/compose/stores.ts';
import type { LeadInput } from '#server/db/records/lead.ts';
import type { FloodPolicy, SubmissionInput } from './submission.ts';

/**
 * What the flood-rule tests (flood-rules.*.test.ts) share: the times, a submission with its
 * flood policy, and a fresh database per test on each engine, opened by as many stores
 * (instances) as a test wants.
 */
export const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;
// The middle of a minute (and of a 10-minute window): no test straddles a window boundary.
export const T0 = Date.UTC(2026, 10, 23, 12, 5, 30);

function policy(id: string, overrides: Partial<FloodPolicy> = {}): FloodPolicy {
  return {
    siteBudget: { limit: 1_000, windowMs: MINUTE },
    notifications: {
      limit: 1_000,
      windowMs: 10 * MINUTE,
      alertMessageId: `<${id}.alert@x.example>`,
    },
    duplicateWindowMs: 10 * MINUTE,
    confirmationIntervalMs: DAY,
    ...overrides,
  };
}

export function submission(
  id: string,
  now: number,
  input: Partial<LeadInput> = {},
  flood: Partial<FloodPolicy> = {},
): SubmissionInput {
  return {
    id,
    lead: lead({ message: `Message ${id}`, ...input }),
    consent: { text: 'J’accepte…', version: '2026-11-01', givenAt: now },
    mails: [
      { kind: 'notification', messageId: `<${id}.notification@x.example>` },
      { kind: 'confirmation', messageId: `<${id}.confirmation@x.example>` },
    ],
    now,
    rate: { key: `client-${id}`, limit: 10, windowMs: 60 * MINUTE },
    flood: policy(id, flood),
  };
}

/**
 * Called inside a `describe`: a new database before each test, every store opened on it closed
 * and the database dropped after it; `delivery` reads each lead's e-mail state, `config` is the
 * test's database.
 */
export function floodFixture(engine: EngineName) {
  let fixture: EngineFixture;
  const opened: Stores[] = [];
  const open = async () => {
    const store = await openStores(fixture.config);
    opened.push(store);
    return store;
  };
  const delivery = async (store: Stores) =>
    new Map((await store.leads.listLeads()).map((item) => [item.id, item.delivery]));

  beforeEach(async () => {
    fixture = await engineFixture(engine);
  });
  afterEach(async () => {
    while (opened.length > 0) await opened.pop()?.close();
    await fixture.cleanup();
  });
  return { open, delivery, config: () => fixture.config };
}

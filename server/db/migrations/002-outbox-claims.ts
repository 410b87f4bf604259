import type { Migration } from './migration.ts';

export const MIGRATION_002: Migration = {
  version: 2,
  name: 'outbox claims (a lease, so several workers never send the same e-mail)',
  sqlite: `
      ALTER TABLE outbox ADD COLUMN claimed_until INTEGER;
      ALTER TABLE outbox ADD COLUMN claim_token TEXT;
    `,
  postgres: `
      ALTER TABLE outbox ADD COLUMN claimed_until BIGINT;
      ALTER TABLE outbox ADD COLUMN claim_token TEXT;
    `,
};

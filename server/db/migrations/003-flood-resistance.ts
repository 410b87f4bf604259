import type { Migration } from './migration.ts';

export const MIGRATION_003: Migration = {
  version: 3,
  name: 'flood resistance: withheld e-mails with their reason, alerts, shared counters',
  // SQLite cannot change a CHECK constraint in place: the outbox is rebuilt (nothing refers
  // to it), same columns and indexes, plus `withheld_reason`.
  sqlite: `
      CREATE TABLE outbox_v3 (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        lead_id TEXT NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
        kind TEXT NOT NULL CHECK (kind IN ('notification', 'confirmation', 'alert')),
        message_id TEXT NOT NULL UNIQUE,
        status TEXT NOT NULL DEFAULT 'pending'
          CHECK (status IN ('pending', 'sent', 'failed', 'withheld')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL,
        created_at INTEGER NOT NULL,
        last_attempt_at INTEGER,
        sent_at INTEGER,
        last_error TEXT,
        claimed_until INTEGER,
        claim_token TEXT,
        withheld_reason TEXT,
        CHECK ((status = 'withheld') = (withheld_reason IS NOT NULL))
      ) STRICT;
      INSERT INTO outbox_v3 (id, lead_id, kind, message_id, status, attempts, next_attempt_at, created_at, last_attempt_at, sent_at, last_error, claimed_until, claim_token)
        SELECT id, lead_id, kind, message_id, status, attempts, next_attempt_at, created_at, last_attempt_at, sent_at, last_error, claimed_until, claim_token FROM outbox;
      DROP TABLE outbox;
      ALTER TABLE outbox_v3 RENAME TO outbox;
      CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
      CREATE INDEX outbox_lead ON outbox (lead_id);

      CREATE TABLE counters (
        name TEXT NOT NULL,
        window_start INTEGER NOT NULL,
        count INTEGER NOT NULL,
        PRIMARY KEY (name, window_start)
      ) STRICT;
    `,
  postgres: `
      ALTER TABLE outbox DROP CONSTRAINT outbox_kind_check;
      ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check
        CHECK (kind IN ('notification', 'confirmation', 'alert'));
      ALTER TABLE outbox DROP CONSTRAINT outbox_status_check;
      ALTER TABLE outbox ADD CONSTRAINT outbox_status_check
        CHECK (status IN ('pending', 'sent', 'failed', 'withheld'));
      ALTER TABLE outbox ADD COLUMN withheld_reason TEXT;
      ALTER TABLE outbox ADD CONSTRAINT outbox_withheld_reason_check
        CHECK ((status = 'withheld') = (withheld_reason IS NOT NULL));

      CREATE TABLE counters (
        name TEXT NOT NULL,
        window_start BIGINT NOT NULL,
        count INTEGER NOT NULL,
        PRIMARY KEY (name, window_start)
      );
    `,
};

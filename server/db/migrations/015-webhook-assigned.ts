import type { Migration } from './migration.ts';

const EVENT_TYPES = `'lead.created', 'lead.status_changed', 'lead.erased', 'lead.contact_changed', 'lead.assigned', 'webhook.test'`;
const EVENT_STATUSES = `'pending', 'delivered', 'failed', 'cancelled'`;

/**
 * The CRM webhook's `lead.assigned` (ADR 0045): a request's owner changed. SQLite cannot change
 * a CHECK in place: `webhook_events` and `webhook_attempts`, which refers to it, are rebuilt as
 * in migration 10 (new tables filled, the child dropped before its parent, both renamed), same
 * columns, ids and indexes.
 */
export const MIGRATION_015: Migration = {
  version: 15,
  name: 'the webhook’s lead.assigned',
  sqlite: `
    CREATE TABLE webhook_events_v15 (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      message_id TEXT NOT NULL UNIQUE,
      lead_id TEXT,
      type TEXT NOT NULL CHECK (type IN (${EVENT_TYPES})),
      payload TEXT,
      status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN (${EVENT_STATUSES})),
      attempts INTEGER NOT NULL DEFAULT 0,
      created_at INTEGER NOT NULL,
      next_attempt_at INTEGER NOT NULL,
      last_attempt_at INTEGER,
      delivered_at INTEGER,
      claimed_until INTEGER,
      claim_token TEXT
    ) STRICT;
    INSERT INTO webhook_events_v15 (id, message_id, lead_id, type, payload, status, attempts, created_at, next_attempt_at, last_attempt_at, delivered_at, claimed_until, claim_token)
      SELECT id, message_id, lead_id, type, payload, status, attempts, created_at, next_attempt_at, last_attempt_at, delivered_at, claimed_until, claim_token FROM webhook_events;
    CREATE TABLE webhook_attempts_v15 (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      event_id INTEGER NOT NULL REFERENCES webhook_events_v15 (id) ON DELETE CASCADE,
      at INTEGER NOT NULL,
      duration_ms INTEGER NOT NULL,
      http_status INTEGER,
      error TEXT,
      response TEXT
    ) STRICT;
    INSERT INTO webhook_attempts_v15 (id, event_id, at, duration_ms, http_status, error, response)
      SELECT id, event_id, at, duration_ms, http_status, error, response FROM webhook_attempts;
    DROP TABLE webhook_attempts;
    DROP TABLE webhook_events;
    ALTER TABLE webhook_events_v15 RENAME TO webhook_events;
    ALTER TABLE webhook_attempts_v15 RENAME TO webhook_attempts;
    CREATE INDEX webhook_events_due ON webhook_events (status, next_attempt_at);
    CREATE INDEX webhook_events_lead ON webhook_events (lead_id, id);
    CREATE INDEX webhook_attempts_event ON webhook_attempts (event_id, at);
    CREATE INDEX webhook_attempts_at ON webhook_attempts (at);
  `,
  postgres: `
    ALTER TABLE webhook_events DROP CONSTRAINT webhook_events_type_check;
    ALTER TABLE webhook_events ADD CONSTRAINT webhook_events_type_check
      CHECK (type IN (${EVENT_TYPES}));
  `,
};

import type { Migration } from './migration.ts';

const CHANNELS = `'telephone', 'email', 'non_precise'`;
const KINDS = `'notification', 'confirmation', 'alert', 'digest', 'webhook_alert', 'schedule_update', 'schedule_cancel', 'visitor_notice'`;
const EVENT_TYPES = `'lead.created', 'lead.status_changed', 'lead.erased', 'lead.contact_changed', 'webhook.test'`;
const EVENT_STATUSES = `'pending', 'delivered', 'failed', 'cancelled'`;

/** The choice's columns on `leads`: the same on both engines but for the time type. */
function choiceColumns(time: 'INTEGER' | 'BIGINT'): string {
  return `
    ALTER TABLE leads ADD COLUMN contact_channel TEXT NOT NULL DEFAULT 'non_precise'
      CHECK (contact_channel IN (${CHANNELS}));
    ALTER TABLE leads ADD COLUMN contact_days TEXT NOT NULL DEFAULT '';
    ALTER TABLE leads ADD COLUMN contact_slots TEXT NOT NULL DEFAULT '';
    ALTER TABLE leads ADD COLUMN contact_text TEXT NOT NULL DEFAULT '';
    ALTER TABLE leads ADD COLUMN contact_version TEXT NOT NULL DEFAULT '';
    ALTER TABLE leads ADD COLUMN contact_given_at ${time};
    ALTER TABLE leads ADD COLUMN contact_changed_at ${time};
    ALTER TABLE leads ADD COLUMN phone_withdrawn_at ${time};
    ALTER TABLE leads ADD COLUMN contact_sequence INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE leads ADD COLUMN due_at ${time};
    CREATE INDEX leads_due_at ON leads (due_at);
  `;
}

/**
 * Migration 10 (ADR 0029): the visitor's choice of how and when to be contacted.
 *
 * - `leads` gains the choice (`contact_channel`, `contact_days`, `contact_slots`), its wording
 *   as shown (`contact_text`, `contact_version`, `contact_given_at`), the last change by the
 *   visitor, the phone consent's withdrawal, the calendar invitation's `SEQUENCE` and the due
 *   time computed when the request was stored or its slots changed (`due_at`; null for the
 *   requests stored before, whose due time follows the reception time as before).
 * - `visitor_links`: the visitor page's links, each token stored as its SHA-256 only.
 * - The outbox's kinds for the visitor's updated and cancelled invitations and the staff's
 *   notice of a visitor's change; the webhook's `lead.contact_changed`.
 *
 * SQLite cannot change a CHECK in place: the outbox is rebuilt (nothing refers to it), and so
 * are `webhook_events` and `webhook_attempts`, which refers to it: the new tables are filled,
 * the child dropped before its parent, then both renamed (SQLite renames the reference with its
 * table), same columns, ids and indexes.
 */
export const MIGRATION_010: Migration = {
  version: 10,
  name: 'the visitor’s choice of contact, the visitor page’s links, their e-mails and events',
  sqlite: `
    ${choiceColumns('INTEGER')}

    CREATE TABLE visitor_links (
      token_hash TEXT PRIMARY KEY,
      lead_id TEXT NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
      created_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL
    ) STRICT;
    CREATE INDEX visitor_links_lead ON visitor_links (lead_id);

    CREATE TABLE outbox_v10 (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      lead_id TEXT REFERENCES leads (id) ON DELETE CASCADE,
      kind TEXT NOT NULL CHECK (kind IN (${KINDS})),
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
      digest_day TEXT REFERENCES digests (day),
      webhook_alert_id INTEGER REFERENCES webhook_alerts (id),
      CHECK ((status = 'withheld') = (withheld_reason IS NOT NULL)),
      CHECK ((kind IN ('digest', 'webhook_alert')) = (lead_id IS NULL)),
      CHECK ((kind = 'digest') = (digest_day IS NOT NULL)),
      CHECK ((kind = 'webhook_alert') = (webhook_alert_id IS NOT NULL))
    ) STRICT;
    INSERT INTO outbox_v10 (id, lead_id, kind, message_id, status, attempts, next_attempt_at, created_at, last_attempt_at, sent_at, last_error, claimed_until, claim_token, withheld_reason, digest_day, webhook_alert_id)
      SELECT id, lead_id, kind, message_id, status, attempts, next_attempt_at, created_at, last_attempt_at, sent_at, last_error, claimed_until, claim_token, withheld_reason, digest_day, webhook_alert_id FROM outbox;
    DROP TABLE outbox;
    ALTER TABLE outbox_v10 RENAME TO outbox;
    CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
    CREATE INDEX outbox_lead ON outbox (lead_id);

    CREATE TABLE webhook_events_v10 (
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
    INSERT INTO webhook_events_v10 (id, message_id, lead_id, type, payload, status, attempts, created_at, next_attempt_at, last_attempt_at, delivered_at, claimed_until, claim_token)
      SELECT id, message_id, lead_id, type, payload, status, attempts, created_at, next_attempt_at, last_attempt_at, delivered_at, claimed_until, claim_token FROM webhook_events;
    CREATE TABLE webhook_attempts_v10 (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      event_id INTEGER NOT NULL REFERENCES webhook_events_v10 (id) ON DELETE CASCADE,
      at INTEGER NOT NULL,
      duration_ms INTEGER NOT NULL,
      http_status INTEGER,
      error TEXT,
      response TEXT
    ) STRICT;
    INSERT INTO webhook_attempts_v10 (id, event_id, at, duration_ms, http_status, error, response)
      SELECT id, event_id, at, duration_ms, http_status, error, response FROM webhook_attempts;
    DROP TABLE webhook_attempts;
    DROP TABLE webhook_events;
    ALTER TABLE webhook_events_v10 RENAME TO webhook_events;
    ALTER TABLE webhook_attempts_v10 RENAME TO webhook_attempts;
    CREATE INDEX webhook_events_due ON webhook_events (status, next_attempt_at);
    CREATE INDEX webhook_events_lead ON webhook_events (lead_id, id);
    CREATE INDEX webhook_attempts_event ON webhook_attempts (event_id, at);
    CREATE INDEX webhook_attempts_at ON webhook_attempts (at);
  `,
  postgres: `
    ${choiceColumns('BIGINT')}

    CREATE TABLE visitor_links (
      token_hash TEXT PRIMARY KEY,
      lead_id TEXT NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
      created_at BIGINT NOT NULL,
      expires_at BIGINT NOT NULL
    );
    CREATE INDEX visitor_links_lead ON visitor_links (lead_id);

    ALTER TABLE outbox DROP CONSTRAINT outbox_kind_check;
    ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check CHECK (kind IN (${KINDS}));
    ALTER TABLE webhook_events DROP CONSTRAINT webhook_events_type_check;
    ALTER TABLE webhook_events ADD CONSTRAINT webhook_events_type_check
      CHECK (type IN (${EVENT_TYPES}));
  `,
};

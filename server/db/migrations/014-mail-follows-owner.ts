import type { Migration } from './migration.ts';

const KINDS = `'notification', 'confirmation', 'alert', 'digest', 'webhook_alert', 'schedule_update', 'schedule_cancel', 'visitor_notice', 'handover'`;

/** The outbox's checks besides its kind: which kinds name a request, a digest, an alert, a person. */
const OUTBOX_CHECKS = `
      CHECK ((status = 'withheld') = (withheld_reason IS NOT NULL)),
      CHECK ((kind IN ('digest', 'webhook_alert')) = (lead_id IS NULL)),
      CHECK ((kind = 'digest') = (digest_day IS NOT NULL)),
      CHECK ((kind = 'webhook_alert') = (webhook_alert_id IS NOT NULL)),
      CHECK (kind NOT IN ('digest', 'handover') OR person_id IS NOT NULL)`;

const COLUMNS =
  'id, lead_id, kind, message_id, status, attempts, next_attempt_at, created_at, last_attempt_at, sent_at, last_error, claimed_until, claim_token, withheld_reason, digest_day, webhook_alert_id';

/**
 * Migration 14 (ADR 0048): mail follows the request's owner.
 *
 * - `digests` is keyed by (day, person): each active person's morning digest is decided once
 *   whatever the number of instances. `items` lists the person's own requests and the
 *   unassigned ones (`mine` says which); `team` (a responsable's only) the overdue count per
 *   person. The digests decided before (one per day, to MAIL_TO) keep `person_id` '' .
 * - The outbox names the person an e-mail goes to (`person_id`): a digest's, and the new kind
 *   `handover` (« Confier à … »: the request's link to its new owner).
 *
 * SQLite cannot change a primary key nor a CHECK in place: `digests` and the outbox are rebuilt
 * (the outbox refers to `digests`; the new tables are filled, the old ones dropped child first,
 * then renamed: SQLite renames the reference with its table), same ids and indexes.
 */
export const MIGRATION_014: Migration = {
  version: 14,
  name: 'mail follows the owner: a digest per person, the hand-over e-mail',
  sqlite: `
    CREATE TABLE digests_v14 (
      day TEXT NOT NULL,
      person_id TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      items TEXT NOT NULL,
      count INTEGER NOT NULL,
      team TEXT,
      PRIMARY KEY (day, person_id)
    ) STRICT;
    INSERT INTO digests_v14 (day, person_id, created_at, items, count)
      SELECT day, '', created_at, items, count FROM digests;

    CREATE TABLE outbox_v14 (
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
      digest_day TEXT,
      webhook_alert_id INTEGER REFERENCES webhook_alerts (id),
      person_id TEXT,
      FOREIGN KEY (digest_day, person_id) REFERENCES digests_v14 (day, person_id),
      ${OUTBOX_CHECKS}
    ) STRICT;
    INSERT INTO outbox_v14 (${COLUMNS}, person_id)
      SELECT ${COLUMNS}, CASE WHEN kind = 'digest' THEN '' END FROM outbox;
    DROP TABLE outbox;
    DROP TABLE digests;
    ALTER TABLE digests_v14 RENAME TO digests;
    ALTER TABLE outbox_v14 RENAME TO outbox;
    CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
    CREATE INDEX outbox_lead ON outbox (lead_id);
  `,
  postgres: `
    ALTER TABLE outbox DROP CONSTRAINT outbox_digest_day_fkey;
    ALTER TABLE digests ADD COLUMN person_id TEXT NOT NULL DEFAULT '';
    ALTER TABLE digests ALTER COLUMN person_id DROP DEFAULT;
    ALTER TABLE digests ADD COLUMN team TEXT;
    ALTER TABLE digests DROP CONSTRAINT digests_pkey;
    ALTER TABLE digests ADD PRIMARY KEY (day, person_id);

    ALTER TABLE outbox ADD COLUMN person_id TEXT;
    UPDATE outbox SET person_id = '' WHERE kind = 'digest';
    ALTER TABLE outbox ADD CONSTRAINT outbox_digest_fkey
      FOREIGN KEY (digest_day, person_id) REFERENCES digests (day, person_id);
    ALTER TABLE outbox DROP CONSTRAINT outbox_kind_check;
    ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check CHECK (kind IN (${KINDS}));
    ALTER TABLE outbox ADD CONSTRAINT outbox_person_check
      CHECK (kind NOT IN ('digest', 'handover') OR person_id IS NOT NULL);
  `,
};

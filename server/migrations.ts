/**
 * Schema migrations, applied in order by number and recorded in `schema_migrations`. Never edit
 * a migration that has shipped: add the next number.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'leads, outbox and rate limit',
    sql: `
      CREATE TABLE leads (
        id TEXT PRIMARY KEY,
        created_at INTEGER NOT NULL,
        client_type TEXT NOT NULL,
        nom TEXT NOT NULL,
        prenom TEXT NOT NULL,
        adresse TEXT NOT NULL,
        telephone TEXT NOT NULL,
        email TEXT NOT NULL,
        email_key TEXT NOT NULL,
        produit TEXT NOT NULL,
        message TEXT NOT NULL,
        consent_given_at INTEGER NOT NULL,
        consent_version TEXT NOT NULL,
        consent_text TEXT NOT NULL
      ) STRICT;
      CREATE INDEX leads_created_at ON leads (created_at);
      CREATE INDEX leads_email_key ON leads (email_key);

      CREATE TABLE outbox (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        lead_id TEXT NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
        kind TEXT NOT NULL CHECK (kind IN ('notification', 'confirmation')),
        message_id TEXT NOT NULL UNIQUE,
        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL,
        created_at INTEGER NOT NULL,
        last_attempt_at INTEGER,
        sent_at INTEGER,
        last_error TEXT
      ) STRICT;
      CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
      CREATE INDEX outbox_lead ON outbox (lead_id);

      CREATE TABLE rate_limit_hits (
        client_key TEXT NOT NULL,
        at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX rate_limit_hits_key ON rate_limit_hits (client_key, at);
    `,
  },
];

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import Database from 'better-sqlite3';

import { type LeadFields, pickLeadFields } from '../contact/lead-contract';
import { MIGRATIONS, type Migration } from './migrations';

/**
 * The durable store of contact requests (SQLite): the leads, their outbox of e-mails and the
 * rate-limit hits. WAL with `synchronous=FULL`, so a committed request survives a crash or a
 * power cut; the endpoint answers only after the commit.
 */
export type MailKind = 'notification' | 'confirmation';
export type OutboxStatus = 'pending' | 'sent' | 'failed';

/** What is stored of a request: the lead fields of the contract (contact/lead-contract.ts). */
export type LeadInput = LeadFields;

export interface Consent {
  text: string;
  version: string;
  givenAt: number;
}

export interface Lead extends LeadInput {
  id: string;
  createdAt: number;
  consent: Consent;
}

export interface OutboxRow {
  id: number;
  leadId: string;
  kind: MailKind;
  messageId: string;
  status: OutboxStatus;
  attempts: number;
  nextAttemptAt: number;
  createdAt: number;
  sentAt: number | null;
}

export interface LeadWithDelivery extends Lead {
  delivery: Array<{
    kind: MailKind;
    status: OutboxStatus;
    attempts: number;
    sentAt: number | null;
  }>;
}

export interface Backlog {
  pending: number;
  oldestPendingAgeSeconds: number | null;
}

export const DATABASE_FILE = 'leads.sqlite';
export const RETENTION_MS = 3 * 365.25 * 24 * 60 * 60 * 1000;

/** A `leads` row: the lead fields under their own names, `clientType` as `client_type`. */
type LeadRecord = Omit<LeadInput, 'clientType'> & {
  id: string;
  created_at: number;
  client_type: LeadInput['clientType'];
  consent_given_at: number;
  consent_version: string;
  consent_text: string;
};

interface OutboxRecord {
  id: number;
  lead_id: string;
  kind: MailKind;
  message_id: string;
  status: OutboxStatus;
  attempts: number;
  next_attempt_at: number;
  created_at: number;
  sent_at: number | null;
}

function toLead(row: LeadRecord): Lead {
  return {
    ...pickLeadFields({ ...row, clientType: row.client_type }),
    id: row.id,
    createdAt: row.created_at,
    consent: {
      text: row.consent_text,
      version: row.consent_version,
      givenAt: row.consent_given_at,
    },
  };
}

function toOutbox(row: OutboxRecord): OutboxRow {
  return {
    id: row.id,
    leadId: row.lead_id,
    kind: row.kind,
    messageId: row.message_id,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    createdAt: row.created_at,
    sentAt: row.sent_at,
  };
}

/** E-mail addresses compare without case: the key used by `forget` and retention. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

export function migrate(db: Database.Database, migrations: readonly Migration[] = MIGRATIONS) {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at INTEGER NOT NULL
  ) STRICT`);
  const applied = new Set(
    db
      .prepare<[], { version: number }>('SELECT version FROM schema_migrations')
      .all()
      .map((row) => row.version),
  );
  const sorted = [...migrations].sort((a, b) => a.version - b.version);
  for (const migration of sorted) {
    if (applied.has(migration.version)) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
        migration.version,
        migration.name,
        Date.now(),
      );
    })();
  }
}

export class LeadStore {
  readonly db: Database.Database;
  readonly dataDir: string;

  private constructor(db: Database.Database, dataDir: string) {
    this.db = db;
    this.dataDir = dataDir;
  }

  static open(dataDir: string): LeadStore {
    mkdirSync(dataDir, { recursive: true });
    const db = new Database(join(dataDir, DATABASE_FILE));
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    migrate(db);
    return new LeadStore(db, dataDir);
  }

  close() {
    if (this.db.open) this.db.close();
  }

  /** Runs `work` in one transaction (committed, with fsync, when it returns). */
  transaction<T>(work: () => T): T {
    return this.db.transaction(work)();
  }

  ping(): void {
    this.db.prepare('SELECT 1').get();
  }

  /** Inserts the lead and its outbox rows; call inside `transaction`. */
  insertLead(
    id: string,
    input: LeadInput,
    consent: Consent,
    mails: ReadonlyArray<{ kind: MailKind; messageId: string }>,
    now: number,
  ): void {
    this.db
      .prepare(
        `INSERT INTO leads (id, created_at, client_type, nom, prenom, adresse, telephone, email,
           email_key, produit, message, consent_given_at, consent_version, consent_text)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        id,
        now,
        input.clientType,
        input.nom,
        input.prenom,
        input.adresse,
        input.telephone,
        input.email,
        emailKey(input.email),
        input.produit,
        input.message,
        consent.givenAt,
        consent.version,
        consent.text,
      );
    const insertMail = this.db.prepare(
      `INSERT INTO outbox (lead_id, kind, message_id, next_attempt_at, created_at)
       VALUES (?, ?, ?, ?, ?)`,
    );
    for (const mail of mails) insertMail.run(id, mail.kind, mail.messageId, now, now);
  }

  getLead(id: string): Lead | undefined {
    const row = this.db.prepare<[string], LeadRecord>('SELECT * FROM leads WHERE id = ?').get(id);
    return row ? toLead(row) : undefined;
  }

  dueMail(now: number, limit: number): OutboxRow[] {
    return this.db
      .prepare<[number, number], OutboxRecord>(
        `SELECT * FROM outbox WHERE status = 'pending' AND next_attempt_at <= ?
         ORDER BY next_attempt_at, id LIMIT ?`,
      )
      .all(now, limit)
      .map(toOutbox);
  }

  /** The earliest time a pending message is due, if any. */
  nextDueAt(): number | undefined {
    const row = this.db
      .prepare<[], { next: number | null }>(
        `SELECT MIN(next_attempt_at) AS next FROM outbox WHERE status = 'pending'`,
      )
      .get();
    return row?.next ?? undefined;
  }

  /** Makes every pending message due now (at startup: a restart often follows a fix). */
  retryPendingNow(now: number): number {
    return this.db
      .prepare(
        `UPDATE outbox SET next_attempt_at = ? WHERE status = 'pending' AND next_attempt_at > ?`,
      )
      .run(now, now).changes;
  }

  /** Records a successful send (one commit per attempt, whatever its outcome). */
  markSent(id: number, now: number): void {
    this.db
      .prepare(
        `UPDATE outbox SET status = 'sent', sent_at = ?, last_attempt_at = ?,
           attempts = attempts + 1, last_error = NULL
         WHERE id = ? AND status = 'pending'`,
      )
      .run(now, now, id);
  }

  markRetry(id: number, now: number, nextAttemptAt: number, error: string): void {
    this.db
      .prepare(
        `UPDATE outbox SET next_attempt_at = ?, last_attempt_at = ?, attempts = attempts + 1,
           last_error = ?
         WHERE id = ?`,
      )
      .run(nextAttemptAt, now, error, id);
  }

  markFailed(id: number, now: number, error: string): void {
    this.db
      .prepare(
        `UPDATE outbox SET status = 'failed', last_attempt_at = ?, attempts = attempts + 1,
           last_error = ?
         WHERE id = ?`,
      )
      .run(now, error, id);
  }

  backlog(now: number): Backlog {
    const row = this.db
      .prepare<[], { pending: number; oldest: number | null }>(
        `SELECT COUNT(*) AS pending, MIN(created_at) AS oldest FROM outbox WHERE status = 'pending'`,
      )
      .get();
    const pending = row?.pending ?? 0;
    const oldest = row?.oldest ?? null;
    return {
      pending,
      oldestPendingAgeSeconds:
        oldest === null ? null : Math.max(0, Math.round((now - oldest) / 1000)),
    };
  }

  /** Every lead, newest first, with the delivery status of its e-mails. */
  listLeads(): LeadWithDelivery[] {
    const leads = this.db
      .prepare<[], LeadRecord>('SELECT * FROM leads ORDER BY created_at DESC, rowid DESC')
      .all();
    const mails = this.db
      .prepare<[], OutboxRecord>('SELECT * FROM outbox ORDER BY id')
      .all()
      .map(toOutbox);
    const byLead = new Map<string, OutboxRow[]>();
    for (const mail of mails) {
      const list = byLead.get(mail.leadId) ?? [];
      list.push(mail);
      byLead.set(mail.leadId, list);
    }
    return leads.map((row) => ({
      ...toLead(row),
      delivery: (byLead.get(row.id) ?? []).map((mail) => ({
        kind: mail.kind,
        status: mail.status,
        attempts: mail.attempts,
        sentAt: mail.sentAt,
      })),
    }));
  }

  /** Erases every lead of one person (and, by cascade, its e-mails). Returns the erased ids. */
  forget(email: string): string[] {
    return this.transaction(() => {
      const ids = this.db
        .prepare<[string], { id: string }>('SELECT id FROM leads WHERE email_key = ?')
        .all(emailKey(email))
        .map((row) => row.id);
      this.db.prepare('DELETE FROM leads WHERE email_key = ?').run(emailKey(email));
      return ids;
    });
  }

  /**
   * Deletes the people whose last contact is older than the retention period (3 years, as the
   * privacy policy says), and rate-limit hits older than `rateWindowMs`. Returns the erased ids.
   */
  purge(now: number, rateWindowMs: number): { leadIds: string[]; rateLimitHits: number } {
    return this.transaction(() => {
      const cutoff = now - RETENTION_MS;
      const ids = this.db
        .prepare<[number], { id: string }>(
          `SELECT id FROM leads WHERE email_key IN (
             SELECT email_key FROM leads GROUP BY email_key HAVING MAX(created_at) < ?)`,
        )
        .all(cutoff)
        .map((row) => row.id);
      const remove = this.db.prepare('DELETE FROM leads WHERE id = ?');
      for (const id of ids) remove.run(id);
      const hits = this.db
        .prepare('DELETE FROM rate_limit_hits WHERE at <= ?')
        .run(now - rateWindowMs).changes;
      return { leadIds: ids, rateLimitHits: hits };
    });
  }
}

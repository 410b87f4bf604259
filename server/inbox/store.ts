import type { Kysely } from 'kysely';

import type { LeadDetail, MailState } from '../../contracts/staff/contract.ts';
import type { InboxClockFilter } from '../callback/inbox-sql.ts';
import { emailKey, toDelivery } from '../leads/store.ts';
import { toRow } from './search.ts';
import type { AuditAction, LeadStatus, Tables } from '../db/schema.ts';
import { queueStatusChanged } from '../webhooks/queue.ts';

/**
 * What the staff inbox reads and writes about one request: its page, status and notes, the
 * append-only audit trail. The list and the counters: search.ts (re-exported here). Sign-in
 * tokens and sessions: server/staff/store.ts.
 */

// --- Audit trail ----------------------------------------------------------------------------

export async function appendAudit(
  db: Kysely<Tables>,
  entry: { at: number; actor: string; action: AuditAction; leadId: string | null; detail: string },
): Promise<void> {
  await db
    .insertInto('staff_audit')
    .values({
      at: entry.at,
      actor: entry.actor,
      action: entry.action,
      lead_id: entry.leadId,
      detail: entry.detail,
    })
    .execute();
}

export async function leadDetail(db: Kysely<Tables>, id: string): Promise<LeadDetail | undefined> {
  const row = await db
    .selectFrom('leads')
    .leftJoin('lead_tracking', 'lead_tracking.lead_id', 'leads.id')
    .selectAll('leads')
    .select([
      'lead_tracking.status',
      'lead_tracking.source_page',
      'lead_tracking.utm_source',
      'lead_tracking.utm_medium',
      'lead_tracking.utm_campaign',
    ])
    .where('leads.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const related = await db
    .selectFrom('leads')
    .leftJoin('lead_tracking', 'lead_tracking.lead_id', 'leads.id')
    .select(['leads.id', 'leads.created_at', 'leads.produit', 'lead_tracking.status'])
    .where('leads.id', '!=', id)
    .where((eb) =>
      eb.or([
        eb('leads.email_key', '=', row.email_key),
        // The same number whatever its format (`leads_phone_key`); a stub of one links nobody.
        ...(row.phone_key.replace(/\D/g, '').length >= 6
          ? [eb('leads.phone_key', '=', row.phone_key)]
          : []),
      ]),
    )
    .orderBy('leads.created_at', 'desc')
    .limit(50)
    .execute();
  const mails = await db
    .selectFrom('outbox')
    .selectAll()
    .where('lead_id', '=', id)
    .orderBy('id')
    .execute();
  const notes = await db
    .selectFrom('lead_notes')
    .select(['at', 'author', 'text'])
    .where('lead_id', '=', id)
    .orderBy('at')
    .orderBy('id')
    .execute();
  const audit = await db
    .selectFrom('staff_audit')
    .select(['at', 'actor', 'action', 'detail'])
    .where('lead_id', '=', id)
    .orderBy('at')
    .orderBy('id')
    .execute();
  const delivery: MailState[] = mails.map(toDelivery);
  return {
    ...toRow({ ...row, status: row.status, source_page: row.source_page }, delivery),
    adresse: row.adresse,
    message: row.message,
    consent: {
      text: row.consent_text,
      version: row.consent_version,
      givenAt: row.consent_given_at,
    },
    campaign: { source: row.utm_source, medium: row.utm_medium, campaign: row.utm_campaign },
    related: related.map((other) => ({
      id: other.id,
      createdAt: other.created_at,
      produit: other.produit,
      status: other.status ?? 'nouveau',
    })),
    mails: mails.map((mail) => ({
      kind: mail.kind,
      status: mail.status,
      attempts: mail.attempts,
      withheldReason: mail.withheld_reason,
      sentAt: mail.sent_at,
      lastAttemptAt: mail.last_attempt_at,
      lastError: mail.last_error,
      nextAttemptAt: mail.next_attempt_at,
    })),
    notes,
    audit,
  };
}

/** A lead's status ('nouveau' until staff change it); undefined when there is no such lead. */
export async function leadStatus(
  db: Kysely<Tables>,
  leadId: string,
): Promise<LeadStatus | undefined> {
  const lead = await db
    .selectFrom('leads')
    .leftJoin('lead_tracking', 'lead_tracking.lead_id', 'leads.id')
    .select(['leads.id', 'lead_tracking.status'])
    .where('leads.id', '=', leadId)
    .executeTakeFirst();
  return lead ? (lead.status ?? 'nouveau') : undefined;
}

/** Sets the status (and adds the note) of a lead; false when the lead does not exist. */
export async function changeStatus(
  db: Kysely<Tables>,
  change: {
    leadId: string;
    status: LeadStatus;
    note?: string;
    actor: string;
    now: number;
    /** The CRM webhook is on: queue `lead.status_changed` in this transaction (issue 26). */
    webhooks?: boolean;
  },
): Promise<boolean> {
  const before = await leadStatus(db, change.leadId);
  if (before === undefined) return false;
  if (before !== change.status) {
    await db
      .insertInto('lead_tracking')
      .values({
        lead_id: change.leadId,
        status: change.status,
        status_changed_at: change.now,
        source_page: null,
        utm_source: null,
        utm_medium: null,
        utm_campaign: null,
      })
      .onConflict((conflict) =>
        conflict
          .column('lead_id')
          .doUpdateSet({ status: change.status, status_changed_at: change.now }),
      )
      .execute();
    await appendAudit(db, {
      at: change.now,
      actor: change.actor,
      action: 'status',
      leadId: change.leadId,
      detail: `${before} → ${change.status}`,
    });
    if (change.webhooks) {
      await queueStatusChanged(db, {
        leadId: change.leadId,
        status: change.status,
        previousStatus: before,
        now: change.now,
      });
    }
  }
  if (change.note) {
    await db
      .insertInto('lead_notes')
      .values({ lead_id: change.leadId, at: change.now, author: change.actor, text: change.note })
      .execute();
    await appendAudit(db, {
      at: change.now,
      actor: change.actor,
      action: 'note',
      leadId: change.leadId,
      detail: '',
    });
  }
  return true;
}

/** The failed or waiting e-mails of a lead become due now; returns how many. */
export async function retryMailNow(
  db: Kysely<Tables>,
  leadId: string,
  now: number,
): Promise<number> {
  const result = await db
    .updateTable('outbox')
    .set({ status: 'pending', next_attempt_at: now })
    .where('lead_id', '=', leadId)
    .where((eb) => eb.or([eb('status', '=', 'failed'), eb('status', '=', 'pending')]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The e-mail key of a lead (for erasing the person). */
export async function emailKeyOf(db: Kysely<Tables>, leadId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('leads')
    .select('email_key')
    .where('id', '=', leadId)
    .executeTakeFirst();
  return row?.email_key;
}

export { emailKey, type InboxClockFilter };
export { counters, searchInbox, type StoreInboxPage } from './search.ts';

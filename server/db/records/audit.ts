import type { Kysely } from 'kysely';

import type { AuditAction, Tables } from '#server/db/schema.ts';

/**
 * The staff audit trail (`staff_audit`): who did what and when, appended in the transaction of
 * the act itself by every capability that acts for a staff member (sign-in, status, call,
 * erasure, export, webhook actions). Append-only: nothing here updates or deletes an entry.
 */
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

/** The audit entries not tied to a lead (sign-ins, erasures), newest first. */
export async function auditLog(db: Kysely<Tables>, limit = 100) {
  return db
    .selectFrom('staff_audit')
    .select(['at', 'actor', 'action', 'lead_id', 'detail'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

import type { Insertable, Kysely } from 'kysely';

import { phoneKey } from '#contracts/contact/phone-key.ts';
import type {
  LeadsTable,
  LeadTrackingTable,
  MailKind,
  OutboxStatus,
  OutboxTable,
  Tables,
  WithheldReason,
} from '#server/db/schema.ts';

import {
  contactColumns,
  emailKey,
  toLead,
  type Consent,
  type Lead,
  type LeadInput,
  type NewContact,
} from '#server/db/records/lead.ts';
import { UNSPECIFIED_CHOICE } from '#contracts/contact/choice-records.ts';

/** The leads and their consent: insert, read, list, erase and retention. */

export {
  emailKey,
  getLead,
  getLeads,
  toLead,
  type Consent,
  type Lead,
  type LeadContact,
  type LeadInput,
  type NewContact,
} from '#server/db/records/lead.ts';

export interface LeadWithDelivery extends Lead {
  delivery: Array<{
    kind: MailKind;
    status: OutboxStatus;
    attempts: number;
    sentAt: number | null;
    /** Why it was not sent on purpose (status `withheld`); null otherwise. */
    withheldReason: WithheldReason | null;
  }>;
}

export interface NewMail {
  kind: MailKind;
  messageId: string;
  /** Set: stored as `withheld` with this reason, never sent. */
  withheldReason?: WithheldReason;
}

/** Where a request came from (optional, validated and bounded by the contract). */
export interface LeadOrigin {
  sourcePage?: string;
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
}

export const RETENTION_MS = 3 * 365.25 * 24 * 60 * 60 * 1000;

/** The `leads` row of a request (no choice given: the seed's contract, `non_precise`). */
export function leadRow(
  id: string,
  input: LeadInput,
  consent: Consent,
  now: number,
  contact: NewContact = { choice: UNSPECIFIED_CHOICE, text: '', version: '' },
) {
  return {
    id,
    created_at: now,
    client_type: input.clientType,
    nom: input.nom,
    prenom: input.prenom,
    adresse: input.adresse,
    telephone: input.telephone,
    email: input.email,
    email_key: emailKey(input.email),
    phone_key: phoneKey(input.telephone),
    produit: input.produit,
    message: input.message,
    consent_given_at: consent.givenAt,
    consent_version: consent.version,
    consent_text: consent.text,
    ...contactColumns(contact, now),
  } satisfies Insertable<LeadsTable>;
}

/** The `lead_tracking` row of a new request: status `nouveau`, where it came from. */
export function trackingRow(leadId: string, origin: LeadOrigin) {
  return {
    lead_id: leadId,
    status: 'nouveau' as const,
    status_changed_at: null,
    source_page: origin.sourcePage ?? null,
    utm_source: origin.utmSource ?? null,
    utm_medium: origin.utmMedium ?? null,
    utm_campaign: origin.utmCampaign ?? null,
  } satisfies Insertable<LeadTrackingTable>;
}

/** The outbox rows of a request's e-mails: due now, or withheld with their reason. */
export function outboxRows(leadId: string, mails: readonly NewMail[], now: number) {
  return mails.map(
    (mail) =>
      ({
        lead_id: leadId,
        kind: mail.kind,
        message_id: mail.messageId,
        status: mail.withheldReason ? ('withheld' as const) : ('pending' as const),
        withheld_reason: mail.withheldReason ?? null,
        next_attempt_at: now,
        created_at: now,
      }) satisfies Insertable<OutboxTable>,
  );
}

/** One e-mail's delivery state, as the CLI and the staff inbox show it. */
export type MailDelivery = LeadWithDelivery['delivery'][number];

/** An outbox row's delivery state. */
export function toDelivery(mail: {
  kind: MailKind;
  status: OutboxStatus;
  attempts: number;
  sent_at: number | null;
  withheld_reason: WithheldReason | null;
}): MailDelivery {
  return {
    kind: mail.kind,
    status: mail.status,
    attempts: mail.attempts,
    sentAt: mail.sent_at,
    withheldReason: mail.withheld_reason,
  };
}

/** The delivery state of each lead's e-mails, in the order they were queued: of `leadIds`, or of every lead. */
export async function deliveryByLead(
  db: Kysely<Tables>,
  leadIds?: readonly string[],
): Promise<Map<string, MailDelivery[]>> {
  const byLead = new Map<string, MailDelivery[]>();
  if (leadIds?.length === 0) return byLead;
  let query = db
    .selectFrom('outbox')
    .select(['lead_id', 'kind', 'status', 'attempts', 'sent_at', 'withheld_reason'])
    .orderBy('id');
  if (leadIds) query = query.where('lead_id', 'in', leadIds);
  for (const mail of await query.execute()) {
    // A digest belongs to no lead.
    if (mail.lead_id === null) continue;
    const list = byLead.get(mail.lead_id) ?? [];
    list.push(toDelivery(mail));
    byLead.set(mail.lead_id, list);
  }
  return byLead;
}

/** Every lead, newest first, with the delivery status of its e-mails. */
export async function listLeads(db: Kysely<Tables>): Promise<LeadWithDelivery[]> {
  const leads = await db
    .selectFrom('leads')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const byLead = await deliveryByLead(db);
  return leads.map((row) => ({ ...toLead(row), delivery: byLead.get(row.id) ?? [] }));
}

/** Erases every lead of one person (and, by cascade, its e-mails). Returns the erased ids. */
export async function forgetPerson(db: Kysely<Tables>, email: string): Promise<string[]> {
  const rows = await db
    .deleteFrom('leads')
    .where('email_key', '=', emailKey(email))
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Deletes the people whose last contact is older than the retention period (3 years, as the
 * privacy policy says). Idempotent: every instance may run it at any time.
 */
export async function purgeLeads(db: Kysely<Tables>, now: number): Promise<string[]> {
  const cutoff = now - RETENTION_MS;
  const rows = await db
    .deleteFrom('leads')
    .where('email_key', 'in', (eb) =>
      eb
        .selectFrom('leads')
        .select('email_key')
        .groupBy('email_key')
        .having((having) => having.fn.max('created_at'), '<', cutoff),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

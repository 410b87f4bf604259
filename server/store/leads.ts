import type { Insertable, Kysely, Selectable } from 'kysely';

import { pickLeadFields, type LeadFields } from '../../contact/lead-contract.ts';
import { preparedQuery } from './prepared.ts';
import type { LeadsTable, MailKind, OutboxStatus, Tables, WithheldReason } from './schema.ts';

/** The leads and their consent: insert, read, list, erase and retention. */

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
  /** The page of our site the visitor opened the form from, when known. */
  sourcePage?: string;
}

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

/** E-mail addresses compare without case: the key used by `forget` and retention. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

export function toLead(row: Selectable<LeadsTable>): Lead {
  return {
    id: row.id,
    createdAt: row.created_at,
    ...pickLeadFields({ ...row, clientType: row.client_type }),
    consent: {
      text: row.consent_text,
      version: row.consent_version,
      givenAt: row.consent_given_at,
    },
  };
}

const insertLeadRow = preparedQuery((db, p: Insertable<LeadsTable>) =>
  db.insertInto('leads').values({
    id: p.id,
    created_at: p.created_at,
    client_type: p.client_type,
    nom: p.nom,
    prenom: p.prenom,
    adresse: p.adresse,
    telephone: p.telephone,
    email: p.email,
    email_key: p.email_key,
    produit: p.produit,
    message: p.message,
    consent_given_at: p.consent_given_at,
    consent_version: p.consent_version,
    consent_text: p.consent_text,
  }),
);

const insertTrackingRow = preparedQuery(
  (
    db,
    p: {
      leadId: string;
      sourcePage: string | null;
      utmSource: string | null;
      utmMedium: string | null;
      utmCampaign: string | null;
    },
  ) =>
    db.insertInto('lead_tracking').values({
      lead_id: p.leadId,
      status: 'nouveau',
      status_changed_at: null,
      source_page: p.sourcePage,
      utm_source: p.utmSource,
      utm_medium: p.utmMedium,
      utm_campaign: p.utmCampaign,
    }),
);

type OutboxRowParams = Record<string, string | number | null>;

/** One prepared multi-row insert per number of e-mails (one to three). */
const insertOutboxRows = new Map<number, ReturnType<typeof outboxInsert>>();

function outboxInsert(count: number) {
  return preparedQuery((db, p: OutboxRowParams) =>
    db.insertInto('outbox').values(
      Array.from({ length: count }, (_, i) => ({
        lead_id: p[`lead${i}`] as string,
        kind: p[`kind${i}`] as MailKind,
        message_id: p[`messageId${i}`] as string,
        status: p[`status${i}`] as OutboxStatus,
        withheld_reason: p[`reason${i}`] as WithheldReason | null,
        next_attempt_at: p[`at${i}`] as number,
        created_at: p[`at${i}`] as number,
        last_attempt_at: null,
        sent_at: null,
        last_error: null,
        claimed_until: null,
        claim_token: null,
      })),
    ),
  );
}

/** The lead and its outbox rows; run inside the caller's transaction. */
export async function insertLead(
  db: Kysely<Tables>,
  id: string,
  input: LeadInput,
  consent: Consent,
  mails: readonly NewMail[],
  now: number,
  origin: LeadOrigin = {},
): Promise<void> {
  await insertLeadRow(db, {
    id,
    created_at: now,
    client_type: input.clientType,
    nom: input.nom,
    prenom: input.prenom,
    adresse: input.adresse,
    telephone: input.telephone,
    email: input.email,
    email_key: emailKey(input.email),
    produit: input.produit,
    message: input.message,
    consent_given_at: consent.givenAt,
    consent_version: consent.version,
    consent_text: consent.text,
  });
  await insertTrackingRow(db, {
    leadId: id,
    sourcePage: origin.sourcePage ?? null,
    utmSource: origin.utmSource ?? null,
    utmMedium: origin.utmMedium ?? null,
    utmCampaign: origin.utmCampaign ?? null,
  });
  if (mails.length === 0) return;
  let insert = insertOutboxRows.get(mails.length);
  if (!insert) {
    insert = outboxInsert(mails.length);
    insertOutboxRows.set(mails.length, insert);
  }
  const params: OutboxRowParams = {};
  mails.forEach((mail, i) => {
    params[`lead${i}`] = id;
    params[`kind${i}`] = mail.kind;
    params[`messageId${i}`] = mail.messageId;
    params[`status${i}`] = mail.withheldReason ? 'withheld' : 'pending';
    params[`reason${i}`] = mail.withheldReason ?? null;
    params[`at${i}`] = now;
  });
  await insert(db, params);
}

export async function getLead(db: Kysely<Tables>, id: string): Promise<Lead | undefined> {
  const row = await db
    .selectFrom('leads')
    .leftJoin('lead_tracking', 'lead_tracking.lead_id', 'leads.id')
    .selectAll('leads')
    .select('lead_tracking.source_page')
    .where('leads.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const { source_page: sourcePage, ...lead } = row;
  return sourcePage ? { ...toLead(lead), sourcePage } : toLead(lead);
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

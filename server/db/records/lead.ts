import type { Kysely, Selectable } from 'kysely';

import { type ContactChoice } from '#contracts/contact/contact-choice.ts';
import { choiceFromColumns, encodeDays, encodeSlots } from '#contracts/contact/choice-records.ts';
import { pickLeadFields, type LeadFields } from '#contracts/contact/lead-contract.ts';
import type { LeadsTable, Tables } from '#server/db/schema.ts';

/**
 * A stored request as every capability reads it (the e-mails render it, the CRM webhook sends
 * it, the inbox shows it): the record of the `leads` table, read one way. Writing, erasing and
 * listing requests belong to the lead capability (server/leads/).
 */

/** What is stored of a request: the lead fields of the contract (contact/lead-contract.ts). */
export type LeadInput = LeadFields;

export interface Consent {
  text: string;
  version: string;
  givenAt: number;
}

/**
 * The visitor's choice of contact as given with the request (ADR 0029): the choice, its wording
 * as shown (empty for a client that offered none) and the due time it gives.
 */
export interface NewContact {
  choice: ContactChoice;
  text: string;
  version: string;
  /** The due time computed when stored; absent: the reception time's rule applies. */
  dueAt?: number;
}

/** The choice as stored, with what the visitor changed since. */
export interface LeadContact extends Omit<NewContact, 'dueAt'> {
  /** When the wording was agreed to (the reception, or the visitor's last change). */
  givenAt: number;
  dueAt: number | null;
  /** The visitor's last change on the visitor page; null: never changed. */
  changedAt: number | null;
  /** When the visitor withdrew the phone consent (the channel is then `email`). */
  phoneWithdrawnAt: number | null;
  /** The calendar invitation's SEQUENCE. */
  sequence: number;
}

export interface Lead extends LeadInput {
  id: string;
  createdAt: number;
  consent: Consent;
  contact: LeadContact;
  /** The page of our site the visitor opened the form from, when known. */
  sourcePage?: string;
}

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
    contact: {
      choice: choiceFromColumns(row.contact_channel, row.contact_days, row.contact_slots),
      text: row.contact_text,
      version: row.contact_version,
      givenAt: row.contact_given_at ?? row.created_at,
      dueAt: row.due_at,
      changedAt: row.contact_changed_at,
      phoneWithdrawnAt: row.phone_withdrawn_at,
      sequence: row.contact_sequence,
    },
  };
}

/** The stored contact of a request made without a choice (seed's contract), never changed. */
export function unspecifiedContact(givenAt: number): LeadContact {
  return {
    choice: { channel: 'non_precise', days: [], slots: [] },
    text: '',
    version: '',
    givenAt,
    dueAt: null,
    changedAt: null,
    phoneWithdrawnAt: null,
    sequence: 0,
  };
}

/** The `leads` columns of a choice (at reception, or changed by the visitor at `at`). */
export function contactColumns(contact: NewContact, at: number) {
  return {
    contact_channel: contact.choice.channel,
    contact_days: encodeDays(contact.choice.days),
    contact_slots: encodeSlots(contact.choice.slots),
    contact_text: contact.text,
    contact_version: contact.version,
    contact_given_at: at,
    due_at: contact.dueAt ?? null,
  };
}

/**
 * Takes the request's row lock for the rest of the transaction on PostgreSQL (`FOR UPDATE`;
 * SQLite's `BEGIN IMMEDIATE` already holds the one writer), so that acts on one request take
 * turns: a staff status change and a visitor's change (ADR 0030).
 */
export async function lockLead(
  trx: Kysely<Tables>,
  engine: 'sqlite' | 'postgres',
  leadId: string,
): Promise<void> {
  if (engine !== 'postgres') return;
  await trx.selectFrom('leads').select('id').where('id', '=', leadId).forUpdate().execute();
}

export async function getLead(db: Kysely<Tables>, id: string): Promise<Lead | undefined> {
  return (await getLeads(db, [id])).get(id);
}

/** The leads of `ids` that exist, by id (one statement). */
export async function getLeads(
  db: Kysely<Tables>,
  ids: readonly string[],
): Promise<Map<string, Lead>> {
  const leads = new Map<string, Lead>();
  if (ids.length === 0) return leads;
  const rows = await db
    .selectFrom('leads')
    .leftJoin('lead_tracking', 'lead_tracking.lead_id', 'leads.id')
    .selectAll('leads')
    .select('lead_tracking.source_page')
    .where('leads.id', 'in', [...new Set(ids)])
    .execute();
  for (const { source_page: sourcePage, ...row } of rows) {
    leads.set(row.id, sourcePage ? { ...toLead(row), sourcePage } : toLead(row));
  }
  return leads;
}

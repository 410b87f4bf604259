import type { Kysely, Selectable } from 'kysely';

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

export interface Lead extends LeadInput {
  id: string;
  createdAt: number;
  consent: Consent;
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
  };
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

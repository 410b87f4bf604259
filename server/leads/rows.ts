import type { Insertable } from 'kysely';

import { UNSPECIFIED_CHOICE } from '#contracts/contact/choice-records.ts';
import { phoneKey } from '#contracts/contact/phone-key.ts';
import { contactColumns, emailKey } from '#server/db/records/lead.ts';
import type { LeadsTable, LeadTrackingTable, OutboxTable } from '#server/db/schema.ts';
import type { Consent, LeadInput, LeadOrigin, NewContact, NewMail } from './store.ts';

/** The rows a stored request inserts (written by the group commit, ./batch-leads.ts). */

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

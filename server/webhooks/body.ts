import type { Lead } from '#server/db/records/lead.ts';
import { contactChoiceData, type ContactChoiceData, type WebhookOwner } from './queue.ts';
import type { ClaimedEvent } from './store.ts';

/**
 * The JSON body of an event, as POSTed: `{type, timestamp, data}` (Standard Webhooks), times in
 * ISO 8601. The same bytes on every attempt (the signature covers them): `lead.created`'s data
 * comes from the stored lead, which never changes; the other events' data was stored with them.
 */
const iso = (at: number) => new Date(at).toISOString();

/**
 * `contact`: the choice as given at reception (stored with the event); for an event stored
 * without it (before ADR 0029), the lead's, which the visitor could not have changed then.
 */
function leadCreatedData(lead: Lead, stored: StoredData) {
  return {
    id: lead.id,
    createdAt: iso(lead.createdAt),
    clientType: lead.clientType,
    prenom: lead.prenom,
    nom: lead.nom,
    email: lead.email,
    telephone: lead.telephone,
    adresse: lead.adresse,
    produit: lead.produit,
    message: lead.message,
    sourcePage: lead.sourcePage ?? null,
    consent: {
      text: lead.consent.text,
      version: lead.consent.version,
      givenAt: iso(lead.consent.givenAt),
    },
    contact: stored.contact ?? contactChoiceData(lead.contact, lead.contact.givenAt),
    // Who handles it as the rule chose at reception (ADR 0045); null: « À attribuer ».
    owner: stored.owner ?? null,
  };
}

interface StoredData {
  contact?: ContactChoiceData;
  owner?: WebhookOwner | null;
}

function storedData(payload: string | null): StoredData {
  return payload === null ? {} : (JSON.parse(payload) as StoredData);
}

/** The body, or undefined when its data is gone (a `lead.created` whose person was erased). */
export function eventBody(event: ClaimedEvent, lead: Lead | undefined): string | undefined {
  let data: unknown;
  if (event.type === 'lead.created') {
    if (!lead) return undefined;
    data = leadCreatedData(lead, storedData(event.payload));
  } else {
    if (event.payload === null) return undefined;
    data = JSON.parse(event.payload) as unknown;
  }
  return JSON.stringify({ type: event.type, timestamp: iso(event.createdAt), data });
}

import type { Lead } from '#server/db/records/lead.ts';
import type { ClaimedEvent } from './store.ts';

/**
 * The JSON body of an event, as POSTed: `{type, timestamp, data}` (Standard Webhooks), times in
 * ISO 8601. The same bytes on every attempt (the signature covers them): `lead.created`'s data
 * comes from the stored lead, which never changes; the other events' data was stored with them.
 */
const iso = (at: number) => new Date(at).toISOString();

export function leadCreatedData(lead: Lead) {
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
  };
}

/** The body, or undefined when its data is gone (a `lead.created` whose person was erased). */
export function eventBody(event: ClaimedEvent, lead: Lead | undefined): string | undefined {
  let data: unknown;
  if (event.type === 'lead.created') {
    if (!lead) return undefined;
    data = leadCreatedData(lead);
  } else {
    if (event.payload === null) return undefined;
    data = JSON.parse(event.payload) as unknown;
  }
  return JSON.stringify({ type: event.type, timestamp: iso(event.createdAt), data });
}

import { type Consent, type LeadInput } from '#server/db/records/lead.ts';
import { type StoreConfig } from '#server/db/connection.ts';
import { openStores } from '#server/compose/stores.ts';

/** A valid stored request (the store's input), for tests that write leads directly. */
export function sampleLead(overrides: Partial<LeadInput> = {}): LeadInput {
  return {
    clientType: 'professionnel',
    nom: 'Lefèvre',
    prenom: 'Zoé',
    adresse: '1 place de l’Église, 69001 Lyon',
    telephone: '06 12 34 56 78',
    email: 'zoe@entreprise.example',
    produit: 'Climatisation',
    message: 'Bonjour',
    ...overrides,
  };
}

/** A consent given at `givenAt`, as the store keeps it. */
export function sampleConsent(givenAt: number): Consent {
  return { text: 'J’accepte…', version: '2026-11-01', givenAt };
}

/** Stores requests received at the given times (ISO with offset), each from its own address. */
export async function seedLeadsAt(
  config: StoreConfig,
  leads: ReadonlyArray<readonly [id: string, prenom: string, receivedAt: string]>,
): Promise<void> {
  const store = await openStores(config);
  try {
    for (const [id, prenom, iso] of leads) {
      const at = Date.parse(iso);
      await store.leads.insertLead(
        id,
        sampleLead({ prenom, email: `${id}@example.fr` }),
        sampleConsent(at),
        [],
        at,
      );
    }
  } finally {
    await store.close();
  }
}

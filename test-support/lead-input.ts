import type { LeadInput } from '../server/store';

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

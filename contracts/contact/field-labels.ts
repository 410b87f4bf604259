import type { LeadField } from './lead-contract.ts';

/**
 * What a person reading a stored request calls each of its fields: the e-mail to the company
 * and the staff inbox show the same names.
 */
export const LEAD_FIELD_LABELS = {
  nom: 'Nom',
  prenom: 'Prénom',
  email: 'E-mail',
  telephone: 'Téléphone',
  adresse: 'Adresse',
  produit: 'Produit',
  clientType: 'Type de client',
  message: 'Message',
} as const satisfies Record<LeadField, string>;

/** The page of the site the visitor opened the form from. */
export const SOURCE_PAGE_LABEL = 'Page d’origine';

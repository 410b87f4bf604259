/** The 11 products of the contact form, in the reference order. Shared by the form and the server. */
export const PRODUCT_OPTIONS = [
  'Audit énergétique',
  'Décret tertiaire',
  'Éclairage LED',
  'Monitoring énergétique',
  'Optimisation facture électricité/gaz',
  'HP flottante',
  "Isolation thermique par l'extérieur",
  'Peinture thermorégulante',
  'Centrale photovoltaïque',
  'Ventilation double flux',
  'Climatisation',
] as const;

export type ProductOption = (typeof PRODUCT_OPTIONS)[number];

export function isProductOption(value: string): value is ProductOption {
  return (PRODUCT_OPTIONS as readonly string[]).includes(value);
}

/**
 * The 21 solutions: the one list from which routes, prerendering, the header menus, the home
 * carousel and the sitemap are derived. Adding a solution starts with one entry here.
 */
import type { ProductOption } from '../../../contact/products';

export type Audience = 'particuliers' | 'professionnels';

interface SolutionEntryBase {
  slug: string;
  /** Product name, as shown in menus, page titles and the browser title. */
  title: string;
}

export interface IndividualSolutionEntry extends SolutionEntryBase {
  audience: 'particuliers';
}

export interface BusinessSolutionEntry extends SolutionEntryBase {
  audience: 'professionnels';
  /** The contact form option that 'Demande en ligne' preselects. */
  productOption: ProductOption;
}

export type SolutionEntry = IndividualSolutionEntry | BusinessSolutionEntry;

export const individualSolutions: readonly IndividualSolutionEntry[] = [
  { audience: 'particuliers', slug: 'isolation-thermique', title: 'Isolation thermique' },
  { audience: 'particuliers', slug: 'pompe-a-chaleur', title: 'Pompe à chaleur' },
  { audience: 'particuliers', slug: 'panneaux-solaires', title: 'Panneaux solaires' },
  { audience: 'particuliers', slug: 'ventilation-vmc', title: 'Ventilation VMC' },
  { audience: 'particuliers', slug: 'systeme-solaire-combine', title: 'Système solaire combiné' },
  { audience: 'particuliers', slug: 'ballon-thermodynamique', title: 'Ballon thermodynamique' },
  { audience: 'particuliers', slug: 'ballon-solaire', title: 'Ballon solaire' },
  { audience: 'particuliers', slug: 'ballon-electrique', title: 'Ballon électrique' },
  { audience: 'particuliers', slug: 'poele-a-granule', title: 'Poêle à granulés' },
  {
    audience: 'particuliers',
    slug: 'optimisation-contrat-energie',
    title: 'Optimisation contrat énergie',
  },
];

export const businessSolutions: readonly BusinessSolutionEntry[] = [
  {
    audience: 'professionnels',
    slug: 'decret-tertiaire',
    title: 'Décret tertiaire',
    productOption: 'Décret tertiaire',
  },
  {
    audience: 'professionnels',
    slug: 'audit-energetique',
    title: 'Audit énergétique',
    productOption: 'Audit énergétique',
  },
  {
    audience: 'professionnels',
    slug: 'eclairage-led',
    title: 'Éclairage LED',
    productOption: 'Éclairage LED',
  },
  {
    audience: 'professionnels',
    slug: 'monitoring-energetique',
    title: 'Monitoring énergétique',
    productOption: 'Monitoring énergétique',
  },
  {
    audience: 'professionnels',
    slug: 'optimisation-facture-energie',
    title: 'Optimisation facture électricité/gaz',
    productOption: 'Optimisation facture électricité/gaz',
  },
  {
    audience: 'professionnels',
    slug: 'hp-flottante',
    title: 'HP flottante',
    productOption: 'HP flottante',
  },
  {
    audience: 'professionnels',
    slug: 'isolation-thermique-exterieur',
    title: 'Isolation thermique par l’extérieur',
    productOption: "Isolation thermique par l'extérieur",
  },
  {
    audience: 'professionnels',
    // The reference spells this slug without the "g"; kept for existing links.
    slug: 'peinture-thermoreulante',
    title: 'Peinture thermorégulante',
    productOption: 'Peinture thermorégulante',
  },
  {
    audience: 'professionnels',
    slug: 'centrale-photovoltaique',
    title: 'Centrale photovoltaïque',
    productOption: 'Centrale photovoltaïque',
  },
  {
    audience: 'professionnels',
    slug: 'ventilation-double-flux',
    title: 'Ventilation double flux',
    productOption: 'Ventilation double flux',
  },
  {
    audience: 'professionnels',
    slug: 'climatisation',
    title: 'Climatisation',
    productOption: 'Climatisation',
  },
];

export const allSolutions: readonly SolutionEntry[] = [
  ...individualSolutions,
  ...businessSolutions,
];

export function solutionPath(entry: Pick<SolutionEntry, 'audience' | 'slug'>): string {
  return `/${entry.audience}/${entry.slug}`;
}

export function findSolutionByPath(pathname: string): SolutionEntry | undefined {
  const normalized = pathname.replace(/\/+$/, '');
  return allSolutions.find((entry) => solutionPath(entry) === normalized);
}

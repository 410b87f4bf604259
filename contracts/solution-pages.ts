/**
 * The solution pages' addresses: what the server needs of the solution catalogue (the audience
 * counts these pages by name). The site's catalogue (app/content/solutions/catalog.ts) types its
 * slugs with these lists and builds its paths with `solutionPath`, and a test checks that both
 * hold the same pages.
 */
export type Audience = 'particuliers' | 'professionnels';

const INDIVIDUAL_SOLUTION_SLUGS = [
  'isolation-thermique',
  'pompe-a-chaleur',
  'panneaux-solaires',
  'ventilation-vmc',
  'systeme-solaire-combine',
  'ballon-thermodynamique',
  'ballon-solaire',
  'ballon-electrique',
  'poele-a-granule',
  'optimisation-contrat-energie',
] as const;

const BUSINESS_SOLUTION_SLUGS = [
  'decret-tertiaire',
  'audit-energetique',
  'eclairage-led',
  'monitoring-energetique',
  'optimisation-facture-energie',
  'hp-flottante',
  'isolation-thermique-exterieur',
  'peinture-thermoreulante',
  'centrale-photovoltaique',
  'ventilation-double-flux',
  'climatisation',
] as const;

export type IndividualSolutionSlug = (typeof INDIVIDUAL_SOLUTION_SLUGS)[number];
export type BusinessSolutionSlug = (typeof BUSINESS_SOLUTION_SLUGS)[number];

export function solutionPath(entry: { audience: Audience; slug: string }): string {
  return `/${entry.audience}/${entry.slug}`;
}

/** Every solution page's path, in the catalogue's order. */
export const SOLUTION_PATHS: readonly string[] = [
  ...INDIVIDUAL_SOLUTION_SLUGS.map((slug) => solutionPath({ audience: 'particuliers', slug })),
  ...BUSINESS_SOLUTION_SLUGS.map((slug) => solutionPath({ audience: 'professionnels', slug })),
];

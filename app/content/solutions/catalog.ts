/**
 * The 21 solutions: the one list from which routes, prerendering, the header menus, the home
 * carousel and the sitemap are derived. Adding a solution starts with one entry here.
 */
import type { ProductOption } from '#contracts/contact/products.ts';
import {
  solutionPath,
  type Audience,
  type BusinessSolutionSlug,
  type IndividualSolutionSlug,
} from '#contracts/solution-pages.ts';

export { solutionPath, type Audience };

interface SolutionEntryBase {
  /** Product name, as shown in menus, page titles and the browser title. */
  title: string;
  /** One sentence for cards (home carousel, lists). */
  summary: string;
  /** Savings badge text, French typography (non-breaking space before %). */
  savings: string;
}

export interface IndividualSolutionEntry extends SolutionEntryBase {
  audience: 'particuliers';
  slug: IndividualSolutionSlug;
}

export interface BusinessSolutionEntry extends SolutionEntryBase {
  audience: 'professionnels';
  slug: BusinessSolutionSlug;
  /** The contact form option that 'Demande en ligne' preselects. */
  productOption: ProductOption;
}

export type SolutionEntry = IndividualSolutionEntry | BusinessSolutionEntry;

export const individualSolutions: readonly IndividualSolutionEntry[] = [
  {
    audience: 'particuliers',
    slug: 'isolation-thermique',
    title: 'Isolation thermique',
    summary:
      'Combles, murs et planchers : isolez votre logement pour garder la chaleur en hiver et la fraîcheur en été.',
    savings: 'Économies sur étude',
  },
  {
    audience: 'particuliers',
    slug: 'pompe-a-chaleur',
    title: 'Pompe à chaleur',
    summary:
      'Remplacez votre chaudière par une pompe à chaleur air-eau ou air-air, éligible aux aides de l’État.',
    savings: 'Économies sur étude',
  },
  {
    audience: 'particuliers',
    slug: 'panneaux-solaires',
    title: 'Panneaux solaires',
    summary: 'Produisez votre électricité avec des panneaux photovoltaïques en autoconsommation.',
    savings: 'Économies sur étude',
  },
  {
    audience: 'particuliers',
    slug: 'ventilation-vmc',
    title: 'Ventilation VMC',
    summary: 'Une VMC simple ou double flux pour un air sain et un logement sans humidité.',
    savings: 'Économies sur étude',
  },
  {
    audience: 'particuliers',
    slug: 'systeme-solaire-combine',
    title: 'Système solaire combiné',
    summary: 'Le soleil chauffe à la fois votre eau sanitaire et votre logement.',
    savings: 'Économies sur étude',
  },
  {
    audience: 'particuliers',
    slug: 'ballon-thermodynamique',
    title: 'Ballon thermodynamique',
    summary: 'Un chauffe-eau qui puise les calories de l’air pour produire votre eau chaude.',
    savings: 'Économies sur étude',
  },
  {
    audience: 'particuliers',
    slug: 'ballon-solaire',
    title: 'Ballon solaire',
    summary: 'Un chauffe-eau solaire qui couvre une grande part de vos besoins en eau chaude.',
    savings: 'Économies sur étude',
  },
  {
    audience: 'particuliers',
    slug: 'ballon-electrique',
    title: 'Ballon électrique',
    summary: 'Un chauffe-eau électrique récent, bien dimensionné et piloté aux heures creuses.',
    savings: 'Économies sur étude',
  },
  {
    audience: 'particuliers',
    slug: 'poele-a-granule',
    title: 'Poêle à granulés',
    summary: 'Un chauffage au bois performant, programmable et alimenté en granulés.',
    savings: 'Économies sur étude',
  },
  {
    audience: 'particuliers',
    slug: 'optimisation-contrat-energie',
    title: 'Optimisation contrat énergie',
    summary:
      'Nous comparons les offres et ajustons votre contrat d’électricité ou de gaz à vos besoins.',
    savings: 'Économies sur étude',
  },
];

export const businessSolutions: readonly BusinessSolutionEntry[] = [
  {
    audience: 'professionnels',
    slug: 'decret-tertiaire',
    title: 'Décret tertiaire',
    summary:
      'Atteignez les objectifs de réduction de consommation imposés aux bâtiments tertiaires de plus de 1 000 m².',
    savings: 'Objectif −40 % dès 2030',
    productOption: 'Décret tertiaire',
  },
  {
    audience: 'professionnels',
    slug: 'audit-energetique',
    title: 'Audit énergétique',
    summary:
      'Un diagnostic complet de vos consommations et un plan d’actions chiffré, priorisé par retour sur investissement.',
    savings: 'Plan d’actions chiffré',
    productOption: 'Audit énergétique',
  },
  {
    audience: 'professionnels',
    slug: 'eclairage-led',
    title: 'Éclairage LED',
    summary:
      'Remplacez vos luminaires par des LED pilotées et réduisez fortement la facture d’éclairage.',
    savings: 'Jusqu’à 80 %',
    productOption: 'Éclairage LED',
  },
  {
    audience: 'professionnels',
    slug: 'monitoring-energetique',
    title: 'Monitoring énergétique',
    summary:
      'Suivez vos consommations en temps réel, détectez les dérives et pilotez vos économies.',
    savings: 'Consommations suivies en continu',
    productOption: 'Monitoring énergétique',
  },
  {
    audience: 'professionnels',
    slug: 'optimisation-facture-energie',
    title: 'Optimisation facture électricité/gaz',
    summary:
      'Renégociation de vos contrats d’électricité et de gaz et correction des erreurs de facturation.',
    savings: 'Jusqu’à 20 %',
    productOption: 'Optimisation facture électricité/gaz',
  },
  {
    audience: 'professionnels',
    slug: 'hp-flottante',
    title: 'HP flottante',
    summary:
      'La haute pression flottante adapte vos installations frigorifiques à la température extérieure.',
    savings: 'Jusqu’à 70 %',
    productOption: 'HP flottante',
  },
  {
    audience: 'professionnels',
    slug: 'isolation-thermique-exterieur',
    title: 'Isolation thermique par l’extérieur',
    summary: 'Isolez vos façades par l’extérieur sans interrompre l’activité de vos locaux.',
    savings: 'Jusqu’à 40 %',
    productOption: "Isolation thermique par l'extérieur",
  },
  {
    audience: 'professionnels',
    // The reference spells this slug without the "g"; kept for existing links.
    slug: 'peinture-thermoreulante',
    title: 'Peinture thermorégulante',
    summary:
      'Une peinture réfléchissante pour toitures et façades qui limite la surchauffe des bâtiments.',
    savings: 'Jusqu’à 15 %',
    productOption: 'Peinture thermorégulante',
  },
  {
    audience: 'professionnels',
    slug: 'centrale-photovoltaique',
    title: 'Centrale photovoltaïque',
    summary:
      'Produisez votre propre électricité en toiture, ombrière ou au sol et consommez-la sur place.',
    savings: 'Jusqu’à 80 %',
    productOption: 'Centrale photovoltaïque',
  },
  {
    audience: 'professionnels',
    slug: 'ventilation-double-flux',
    title: 'Ventilation double flux',
    summary: 'Renouvelez l’air de vos locaux en récupérant la chaleur de l’air extrait.',
    savings: 'Jusqu’à 30 %',
    productOption: 'Ventilation double flux',
  },
  {
    audience: 'professionnels',
    slug: 'climatisation',
    title: 'Climatisation',
    summary:
      'Des systèmes de climatisation performants et réversibles, dimensionnés pour vos locaux.',
    savings: 'Jusqu’à 25 %',
    productOption: 'Climatisation',
  },
];

export const allSolutions: readonly SolutionEntry[] = [
  ...individualSolutions,
  ...businessSolutions,
];

export function findSolutionByPath(pathname: string): SolutionEntry | undefined {
  const normalized = pathname.replace(/\/+$/, '');
  return allSolutions.find((entry) => solutionPath(entry) === normalized);
}

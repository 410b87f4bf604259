/**
 * The French copy of the staff audience page (/equipe/audience). Imported only by the staff
 * route, so none of it is in a public page's scripts.
 */
import { OTHER_PAGE } from '#contracts/audience/aggregates.ts';
import type { DeviceClass } from '#contracts/audience/contract.ts';
import { CONTACT_ERROR_PATHS, CONTACT_THANKS_PATH } from '#contracts/contact/paths.ts';
import { findSolutionByPath } from './solutions/catalog.ts';

export const audienceText = {
  navLabel: 'Audience',
  metaTitle: 'Audience — Espace équipe',
  title: 'Audience du site',
  intro:
    'Pages vues et entrées sur le site, sans cookie ni identifiant : des totaux par jour, par page, par site d’origine et par type d’appareil. Les demandes de chaque page (leur page d’origine enregistrée) sont mises à côté, jamais rapprochées d’une visite.',
  periodLabel: 'Période',
  period: (days: number) => `${days} derniers jours`,
  range: (from: string, to: string) => `Du ${from} au ${to} (jours de Paris).`,
  chartTitle: 'Pages vues par jour',
  chartLabel: (days: number) =>
    `Graphique des pages vues par jour sur ${days} jours ; les mêmes chiffres sont dans le tableau qui suit.`,
  dailyCaption: 'Pages vues et entrées par jour (les jours sans visite ne sont pas listés)',
  noVisit: 'Aucune visite sur cette période.',
  pagesTitle: 'Par page',
  pagesCaption: 'Pages vues, entrées, demandes et conversion par page',
  sourcesTitle: 'Sites d’origine (10 premiers)',
  sourcesCaption: 'Entrées par site d’origine',
  devicesTitle: 'Types d’appareil',
  devicesCaption: 'Pages vues par type d’appareil (les types sans visite ne sont pas listés)',
  campaignsTitle: 'Campagnes (10 premières)',
  campaignsCaption: 'Entrées par campagne',
  columns: {
    day: 'Jour',
    page: 'Page',
    views: 'Vues',
    entries: 'Entrées',
    requests: 'Demandes',
    conversion: 'Conversion',
    source: 'Site d’origine',
    device: 'Appareil',
    campaign: 'Campagne',
  },
  noReferrer: 'Accès direct (sans site d’origine)',
  otherSources: 'Autres sites',
  noData: 'Aucune page vue sur cette période.',
  exportCsv: 'Exporter (CSV)',
  devices: {
    mobile: 'Mobile (moins de 640 px)',
    tablette: 'Tablette (640 à 1 023 px)',
    ordinateur: 'Ordinateur (1 024 px et plus)',
  } satisfies Record<DeviceClass, string>,
  conversionNone: '—',
  conversionUncounted: 'non mesurable',
  conversionHelp:
    'Conversion\u00a0: les demandes venues d’une page divisées par ses vues sur la période (deux totaux côte à côte, jamais rapprochés d’une visite).',
  uncountedHelp:
    'Toutes les visites ne sont pas comptées\u00a0: ni celles faites sans JavaScript, ni celles dont le navigateur bloque la mesure d’audience ou dont la personne s’y est opposée. Les demandes, elles, sont toutes enregistrées. Quand une page a reçu plus de demandes que de vues comptées, sa conversion est «\u00a0non mesurable\u00a0»\u00a0: lisez alors ses deux totaux, vues et demandes.',
} as const;

/**
 * A page's conversion: a percentage with at most one decimal, French style (`3,5\u00a0%`);
 * « non mesurable » when it had more requests than counted views; « — » without views.
 */
export function formatConversion(row: { conversion: number | null; uncounted: boolean }): string {
  if (row.uncounted) return audienceText.conversionUncounted;
  if (row.conversion === null) return audienceText.conversionNone;
  return `${row.conversion.toLocaleString('fr-FR', { maximumFractionDigits: 1 })}\u00a0%`;
}

/** The pages counted by name that are not solutions: what staff call them. */
const PAGE_TITLES: Record<string, string> = {
  '/': 'Accueil',
  '/contact': 'Formulaire de demande (contact)',
  '/mentions-legales': 'Mentions légales',
  '/politique-confidentialite': 'Politique de confidentialité',
  '/cgv': 'Conditions générales de vente',
  [CONTACT_THANKS_PATH]: 'Demande envoyée (remerciement)',
  [CONTACT_ERROR_PATHS.invalid]: 'Demande refusée : formulaire incomplet',
  [CONTACT_ERROR_PATHS.tooLarge]: 'Demande refusée : trop volumineuse',
  [CONTACT_ERROR_PATHS.rateLimited]: 'Demande refusée : trop de demandes',
  [CONTACT_ERROR_PATHS.unavailable]: 'Demande non reçue : service indisponible',
  [OTHER_PAGE]: 'Autres adresses (pages inconnues)',
};

const AUDIENCES = { particuliers: 'Particuliers', professionnels: 'Professionnels' } as const;

/** A counted page by its title (« Pompe à chaleur — Particuliers »); its path when unknown. */
export function pageTitle(path: string): string {
  const solution = findSolutionByPath(path);
  if (solution) return `${solution.title} — ${AUDIENCES[solution.audience]}`;
  return PAGE_TITLES[path] ?? path;
}

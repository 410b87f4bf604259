/**
 * Visitor-facing copy of the home page (the reference site's specification, "Home page sections").
 * French typography: a non-breaking space (U+00A0) before %, €, :, ?, ! and inside numbers.
 */
import { siteConfig } from '#config/site.ts';

export interface Claim {
  /** Small text shown before the figure ("jusqu’à"). */
  prefix?: string;
  value: string;
  label: string;
}

export interface Benefit {
  title: string;
  description: string;
}

export interface ProcessStep {
  number: number;
  title: string;
  description: string;
}

export interface Figure {
  value: string;
  label: string;
}

export const heroText = {
  eyebrow: 'Rénovation énergétique des bâtiments professionnels',
  title: 'Pour un avenir plus durable et plus sobre en énergie',
  lead: 'De l’audit au suivi des consommations, nous concevons, finançons et réalisons vos travaux avec des équipes certifiées RGE.',
  primaryAction: 'Renseignez-vous gratuitement',
  secondaryAction: 'Découvrir nos solutions',
  claimsLabel: 'Nos chiffres clés',
} as const;

/** The claims of the reference, figures reproduced exactly. */
export const claims: readonly Claim[] = [
  { prefix: 'jusqu’à', value: '70 %', label: 'd’économies d’énergie' },
  { value: 'RGE', label: 'travaux certifiés' },
  { value: `${siteConfig.yearsOfExperience}+\u00a0ans`, label: 'd’expérience' },
  { value: '5 000+', label: 'projets réalisés' },
  { value: '98 %', label: 'de clients satisfaits' },
  { value: '24h', label: 'délai de réponse' },
  { value: '4,9/5', label: 'note moyenne de nos clients' },
];

export const expertiseText = {
  eyebrow: 'Expertise professionnelle',
  title: 'Un seul interlocuteur pour réduire la facture énergétique de vos bâtiments',
  lead: 'Bureaux, commerces, entrepôts, sites industriels ou établissements de santé : nous prenons en charge votre projet de bout en bout, avec des résultats mesurés.',
  processTitle: 'Notre méthode en 5 étapes',
  processLead:
    'Un déroulé clair, un interlocuteur dédié et un chiffrage transparent à chaque étape.',
  stepLabel: 'Étape',
} as const;

export const benefits: readonly Benefit[] = [
  {
    title: 'Des économies mesurables',
    description:
      'Chaque action est chiffrée en kWh et en euros avant les travaux, puis vérifiée sur vos factures.',
  },
  {
    title: 'Des équipes certifiées RGE',
    description:
      'Nos techniciens qualifiés réalisent les travaux dans les règles de l’art et ouvrent droit aux aides.',
  },
  {
    title: 'Un financement optimisé',
    description:
      'Certificats d’économies d’énergie, subventions et aides locales : nous montons les dossiers pour vous.',
  },
  {
    title: 'La conformité réglementaire',
    description:
      'Décret tertiaire, audit obligatoire, plateforme OPERAT : nous sécurisons vos obligations.',
  },
  {
    title: 'Des travaux sans arrêt d’activité',
    description:
      'Les chantiers sont planifiés avec vous, en horaires décalés si besoin, pour ne pas gêner vos équipes.',
  },
  {
    title: 'Un suivi dans la durée',
    description:
      'Monitoring des consommations, maintenance et service après-vente pour garder vos gains dans le temps.',
  },
];

export const processSteps: readonly ProcessStep[] = [
  {
    number: 1,
    title: 'Audit énergétique',
    description:
      'Visite de site et analyse de vos consommations pour repérer les gisements d’économies.',
  },
  {
    number: 2,
    title: 'Étude personnalisée',
    description: 'Un plan d’actions chiffré et priorisé selon le retour sur investissement.',
  },
  {
    number: 3,
    title: 'Financement optimisé',
    description:
      'Nous mobilisons les aides et primes disponibles et réduisons votre reste à charge.',
  },
  {
    number: 4,
    title: 'Installation certifiée',
    description:
      'Des équipes RGE réalisent les travaux dans les délais, chantier propre et sécurisé.',
  },
  {
    number: 5,
    title: 'Suivi & maintenance',
    description:
      'Mesure des gains, entretien et service après-vente pour des performances durables.',
  },
];

export const solutionsText = {
  eyebrow: 'Solutions professionnelles',
  title: 'Des solutions pour chaque poste de consommation',
  lead: 'Éclairage, chauffage, froid, bâti ou production d’énergie : choisissez le levier le plus rentable pour votre site.',
  carouselLabel: 'Solutions professionnelles',
  slideRoleDescription: 'diapositive',
  carouselRoleDescription: 'carrousel',
  previous: 'Précédent',
  next: 'Suivant',
  pagesLabel: 'Choisir une page de solutions',
  keyboardHint: 'Astuce clavier : les flèches gauche et droite font défiler les solutions.',
  learnMore: 'En savoir plus',
  /** Hidden context appended to each 'En savoir plus' link: "… sur Éclairage LED". */
  learnMoreContext: (title: string) => ` sur ${title}`,
  slideLabel: (position: number, total: number) => `${position} sur ${total}`,
  pageLabel: (page: number, count: number) => `Page ${page} sur ${count}`,
  savingsLabel: 'Économies :',
} as const;

export const guaranteesText = {
  eyebrow: 'Garanties et certifications',
  title: 'Des travaux garantis, des engagements tenus',
  lead: 'Vos travaux sont réalisés par des professionnels qualifiés, assurés et suivis après la livraison.',
  commitmentsTitle: 'Nos engagements',
  figuresTitle: 'En chiffres',
} as const;

export const guaranteeCards: readonly Benefit[] = [
  {
    title: 'Certification RGE',
    description: `Qualification ${siteConfig.rge.body} pour les travaux d’efficacité énergétique, vérifiable en ligne.`,
  },
  {
    title: 'Garantie décennale',
    description: 'Vos ouvrages sont couverts pendant dix ans après la réception des travaux.',
  },
  {
    title: 'Responsabilité civile professionnelle',
    description: 'Une assurance couvre chacune de nos interventions sur votre site.',
  },
  {
    title: 'Matériel certifié',
    description: 'Des équipements marqués CE, choisis chez des fabricants reconnus.',
  },
  {
    title: 'Aides et primes CEE',
    description:
      'Des travaux éligibles aux certificats d’économies d’énergie et aux aides publiques.',
  },
  {
    title: 'Conformité réglementaire',
    description: 'Installations conformes aux normes en vigueur et au décret tertiaire.',
  },
  {
    title: 'Techniciens formés',
    description: 'Des équipes salariées, formées en continu aux dernières technologies.',
  },
  {
    title: 'Sécurité sur chantier',
    description: 'Plan de prévention, balisage et chantier propre, dans le respect de vos règles.',
  },
];

export const commitments: readonly string[] = [
  'Un devis gratuit, détaillé et sans engagement',
  'Un interlocuteur unique du premier contact au suivi',
  'Des économies chiffrées avant travaux, mesurées après',
  'Des délais annoncés et respectés',
];

export const guaranteeFigures: readonly Figure[] = [
  { value: '24h', label: 'pour vous rappeler' },
  { value: '7 jours', label: 'de service après-vente' },
  { value: '10 ans', label: 'de garantie décennale' },
  { value: 'RGE', label: 'travaux certifiés' },
];

export const trustText = {
  title: 'Ils nous font confiance',
  lead: 'Entreprises, commerces et établissements accompagnés dans leur rénovation énergétique.',
  pause: 'Mettre en pause le défilement',
} as const;

/** Fictional client companies shown as text wordmarks. */
export const clientNames: readonly string[] = [
  'Arvelia Logistique',
  'Maison Berthaud',
  'Groupe Solvane',
  'Hôtels Les Marronniers',
  'Cliniques Ormeval',
  'Transports Lecanu',
  'Fromagerie Valdore',
  'Imprimerie Castagne',
  'Résidences Hélianthe',
  'Métallerie Dubreuil',
  'Supermarchés Norvelle',
  'Ateliers Kervella',
  'Entrepôts Marlière',
  'Orsini & Associés',
];

/** Fixed labels of the solution page template. */
import { siteConfig } from '#config/site.ts';
import type { Audience } from './catalog.ts';

export const solutionTemplateText = {
  back: 'Retour',
  breadcrumbLabel: 'Fil d’Ariane',
  home: 'Accueil',
  audience: {
    particuliers: 'Particuliers',
    professionnels: 'Professionnels',
  } satisfies Record<Audience, string>,
  savingsLabel: 'Économies',
  priceLabel: 'Prix indicatif',
  descriptionTitle: 'Présentation',
  benefitsTitle: 'Les avantages',
  technicalTitle: 'Caractéristiques techniques',
  aidesTitle: {
    particuliers: 'Aides financières',
    professionnels: 'Aides financières et obligations',
  } satisfies Record<Audience, string>,
  quote: {
    title: 'Demander un devis',
    text: 'Devis gratuit et sans engagement. Un conseiller vous rappelle sous 24h.',
    call: 'Appeler le',
    online: 'Demande en ligne',
  },
  whyUs: {
    title: 'Pourquoi nous choisir ?',
    items: [
      {
        title: `${siteConfig.yearsOfExperience}+ ans d’expérience`,
        text: 'Des projets de rénovation énergétique menés de l’étude à la réception des travaux.',
      },
      {
        title: 'Certification RGE',
        text: 'Des équipes qualifiées RGE (Reconnu garant de l’environnement), condition d’accès aux aides publiques.',
      },
      {
        title: '98 % de clients satisfaits',
        text: 'Un interlocuteur unique, des délais tenus et un chantier laissé propre.',
      },
    ],
  },
  serviceAreaServed: 'France',
} as const;

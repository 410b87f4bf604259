/** The `<title>` and meta description of each page (search results, shared links). */
import { siteConfig } from '#config/site.ts';
import { shellText } from './shell.ts';

export interface PageMetaText {
  title: string;
  description: string;
}

export const pageMetaText = {
  home: {
    title: `${siteConfig.companyName} | Rénovation énergétique`,
    description:
      'Rénovation énergétique pour professionnels et particuliers : audit, financement, travaux certifiés RGE et jusqu’à 70 % d’économies d’énergie.',
  },
  contact: {
    title: 'Renseignez-vous gratuitement',
    description:
      'Demandez gratuitement un devis ou un conseil en rénovation énergétique\u00a0: nous vous rappelons sous 24h pour étudier votre projet.',
  },
  legalNotice: {
    title: 'Mentions légales',
    description:
      'Mentions légales du site\u00a0: éditeur, siège social, directeur de la publication, hébergeur, propriété intellectuelle et certifications.',
  },
  privacy: {
    title: 'Politique de confidentialité',
    description:
      'Comment nous traitons vos données personnelles\u00a0: finalités, bases légales, durées de conservation et exercice de vos droits RGPD.',
  },
  terms: {
    title: 'Conditions générales de vente',
    description:
      'Nos conditions générales de vente sont remises avec chaque devis. Découvrez comment les obtenir et comment saisir le médiateur.',
  },
  notFound: {
    title: shellText.notFound.metaTitle,
    description:
      'Cette page n’existe pas ou a été déplacée. Retrouvez nos solutions de rénovation énergétique depuis l’accueil.',
  },
} satisfies Record<string, PageMetaText>;

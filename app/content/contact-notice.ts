/**
 * The contact form's information notice (GDPR art. 13, and what the code de la consommation
 * requires where a phone number is typed). The contact route's loader hands it to the page when
 * it is prerendered: the page's HTML and its `.data` file carry it, its script does not (as the
 * solution pages' content, ADR 0012).
 */
import { siteConfig } from '#config/site.ts';

export const contactNoticeText = {
  title: 'Vos données personnelles',
  purpose: `${siteConfig.companyName}, responsable du traitement, utilise les informations de ce formulaire pour répondre à votre demande, par téléphone ou par e-mail uniquement, selon votre choix. Ce traitement repose sur votre consentement et sur les mesures précontractuelles prises à votre demande.`,
  /**
   * What the code de la consommation (as amended by law 2025-594) requires whoever collects a
   * consumer's phone number to say, from 11 August 2026.
   */
  phoneCalls:
    'Tout appel commercial (démarchage téléphonique) demande votre consentement préalable\u00a0: sans votre accord, la loi interdit de vous démarcher par téléphone. Nous ne vous appelons que si vous choisissez le téléphone, pour répondre à votre demande.',
  /** The choice of contact: how to change or withdraw it, and the visitor's page. */
  choice:
    'Pour changer vos créneaux, arrêter les appels («\u00a0Ne plus m’appeler\u00a0») ou supprimer votre demande\u00a0: page «\u00a0Suivre ou modifier ma demande\u00a0» (lien dans l’e-mail de confirmation), ou contactez-nous.',
  retention:
    'Ces données sont réservées à nos équipes et conservées 3\u00a0ans après notre dernier contact.',
  rightsBeforeEmail:
    'Vous pouvez y accéder, les faire rectifier ou effacer, vous opposer à leur traitement ou retirer votre consentement à tout moment en écrivant à',
  policyLinkIntro: 'Détails et autres droits\u00a0:',
  policyLink: 'politique de confidentialité',
} as const;

export type ContactNoticeText = typeof contactNoticeText;

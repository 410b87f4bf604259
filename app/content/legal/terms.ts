/** Conditions générales de vente: how and when the general terms are given, and the mediator. */
import type { SiteConfig } from '#config/site.ts';
import { type LegalDocument, link, list, p } from './types.ts';

export function termsContent(config: SiteConfig): LegalDocument {
  const mail = link(config.email, `mailto:${config.email}`);
  const phone = link(config.phone.display, config.phone.href);

  return {
    title: 'Conditions générales de vente',
    lead: `Les conditions générales de vente de ${config.companyName} accompagnent chacun de nos devis\u00a0: vous en disposez toujours avant de vous engager.`,
    sections: [
      {
        id: 'remise',
        title: 'Jointes à chaque devis',
        blocks: [
          p(
            'Chaque prestation (audit, étude, fourniture et pose d’équipements, travaux de rénovation énergétique) fait l’objet d’un devis détaillé et gratuit. Nos conditions générales de vente y sont jointes et vous sont remises avant toute signature\u00a0: aucune commande n’est passée sans que vous ayez pu les lire.',
          ),
          p(
            'Les prix, économies et aides indiqués sur ce site sont donnés à titre indicatif. Seul le devis signé, avec ses conditions générales et particulières, engage les deux parties.',
          ),
        ],
      },
      {
        id: 'contenu',
        title: 'Ce qu’elles précisent',
        blocks: [
          list(
            'le contenu de la prestation, le prix et ses modalités de paiement\u00a0;',
            'les délais d’intervention et d’exécution des travaux\u00a0;',
            'les garanties légales (conformité, vices cachés, garantie décennale pour les travaux concernés) et nos assurances\u00a0;',
            'pour les particuliers, les conditions du droit de rétractation lorsqu’il s’applique\u00a0;',
            'les modalités de réclamation et de règlement des litiges.',
          ),
        ],
      },
      {
        id: 'obtenir',
        title: 'Comment les obtenir',
        blocks: [
          p(
            'Vous pouvez recevoir nos conditions générales de vente à tout moment, avant même de demander un devis\u00a0:',
          ),
          list(
            ['par téléphone au ', phone, '\u00a0;'],
            ['par e-mail à ', mail, '\u00a0;'],
            [
              'via notre ',
              link('formulaire de contact', '/contact'),
              ', en précisant votre demande dans le message.',
            ],
          ),
          p('Nous vous les adressons par e-mail, gratuitement et sans engagement.'),
        ],
      },
      {
        id: 'mediation',
        title: 'Médiation de la consommation',
        blocks: [
          p([
            'En cas de litige, contactez d’abord notre service client\u00a0: ',
            mail,
            '. Si aucune solution amiable n’est trouvée, vous pouvez, conformément à l’article L.616-1 du Code de la consommation, recourir gratuitement au médiateur de la consommation dont nous relevons\u00a0: ',
            `${config.mediator.name}, `,
            link(config.mediator.website, config.mediator.website),
            '.',
          ]),
        ],
      },
    ],
  };
}

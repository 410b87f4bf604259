/** Mentions légales (loi n° 2004-575 du 21 juin 2004, art. 6): every fact comes from the config. */
import { formatFrenchDate, formatPostalAddress, type SiteConfig } from '#config/site.ts';
import { facts, type LegalDocument, link, list, p } from './types.ts';

export function legalNoticeContent(config: SiteConfig, rgeExpired: boolean): LegalDocument {
  const office = formatPostalAddress(config.registeredOffice);
  const rgeValidity = formatFrenchDate(config.rge.validUntil);
  const mail = link(config.email, `mailto:${config.email}`);
  const phone = link(config.phone.display, config.phone.href);

  return {
    title: 'Mentions légales',
    lead: `Informations sur l’éditeur du site, son hébergeur et les conditions d’utilisation du site ${config.companyName}.`,
    sections: [
      {
        id: 'editeur',
        title: 'Éditeur du site',
        blocks: [
          p(`Le présent site est édité par ${config.companyName}.`),
          facts([
            { term: 'Dénomination', value: config.companyName },
            { term: 'Forme juridique', value: config.legalForm },
            { term: 'Capital social', value: config.shareCapital },
            { term: 'Immatriculation', value: config.rcs },
            { term: 'SIREN', value: config.siren },
            { term: 'N° de TVA intracommunautaire', value: config.vatNumber },
            { term: 'Téléphone', value: [phone] },
            { term: 'E-mail', value: [mail] },
          ]),
        ],
      },
      {
        id: 'siege-social',
        title: 'Siège social',
        blocks: [p(`${config.companyName}, ${office}.`)],
      },
      {
        id: 'directeur-publication',
        title: 'Directeur de la publication',
        blocks: [
          p(
            `La publication du site est placée sous la responsabilité de ${config.publicationDirector}.`,
          ),
          p(['Pour toute question relative au contenu du site, écrivez à ', mail, '.']),
        ],
      },
      {
        id: 'hebergement',
        title: 'Hébergement',
        blocks: [
          facts([
            { term: 'Hébergeur', value: config.host.name },
            { term: 'Adresse', value: config.host.address },
            { term: 'Téléphone', value: config.host.phone },
          ]),
        ],
      },
      {
        id: 'conception',
        title: 'Conception et réalisation',
        blocks: [p(`Conception, développement et rédaction du site\u00a0: ${config.designer}.`)],
      },
      {
        id: 'propriete-intellectuelle',
        title: 'Propriété intellectuelle',
        blocks: [
          p(
            `L’ensemble des contenus de ce site (textes, illustrations, logos, marques, mise en page, code) est la propriété de ${config.companyName} ou de ses partenaires et est protégé par le Code de la propriété intellectuelle.`,
          ),
          p(
            'Toute reproduction, représentation, modification ou diffusion, totale ou partielle, sans autorisation écrite préalable est interdite et constitue une contrefaçon sanctionnée par les articles L.335-2 et suivants du Code de la propriété intellectuelle.',
          ),
        ],
      },
      {
        id: 'responsabilite',
        title: 'Responsabilité',
        blocks: [
          p(
            `${config.companyName} veille à l’exactitude et à la mise à jour des informations publiées, sans pouvoir en garantir l’exhaustivité. Les montants d’économies, prix et aides financières présentés sont indicatifs\u00a0: seuls l’étude de votre situation et le devis remis font foi.`,
          ),
          p(
            `${config.companyName} ne saurait être tenue responsable d’une interruption du site, d’un dysfonctionnement technique ou d’un dommage résultant d’une utilisation du site non conforme à sa destination.`,
          ),
        ],
      },
      {
        id: 'liens',
        title: 'Liens hypertextes',
        blocks: [
          p(
            `Les liens vers d’autres sites sont fournis à titre d’information. ${config.companyName} n’exerce aucun contrôle sur ces sites et décline toute responsabilité quant à leur contenu.`,
          ),
          p([
            'La création d’un lien vers ce site est libre, à condition de ne pas porter atteinte à l’image de la société ni de laisser croire à un partenariat inexistant. Pour toute question, écrivez à ',
            mail,
            '.',
          ]),
        ],
      },
      {
        id: 'droit-applicable',
        title: 'Droit applicable et juridiction',
        blocks: [
          p(
            'Les présentes mentions légales sont régies par le droit français. À défaut de résolution amiable, tout litige relatif à l’utilisation du site relève de la compétence des tribunaux de Paris, sous réserve des règles de compétence impératives applicables aux consommateurs.',
          ),
        ],
      },
      {
        id: 'certifications',
        title: 'Certifications et assurances',
        blocks: [
          rgeExpired
            ? p(
                `Qualification RGE (Reconnu garant de l’environnement) délivrée par ${config.rge.body}, certificat n°\u00a0${config.rge.certificateNumber}\u00a0: la période de validité indiquée sur ce certificat a expiré le ${rgeValidity}. Le certificat en cours de validité est disponible sur simple demande.`,
              )
            : p(
                `Qualification RGE (Reconnu garant de l’environnement) délivrée par ${config.rge.body}, certificat n°\u00a0${config.rge.certificateNumber}, valable jusqu’au ${rgeValidity}.`,
              ),
          p('Nos travaux sont couverts par les assurances suivantes\u00a0:'),
          list(
            ...config.insurers.map(
              (insurer) =>
                `${insurer.coverage}\u00a0: ${insurer.name}, contrat n°\u00a0${insurer.policyNumber}`,
            ),
          ),
          p([
            'Les attestations d’assurance et de qualification sont communiquées sur simple demande à ',
            mail,
            ' et jointes à nos devis.',
          ]),
        ],
      },
      {
        id: 'mediation',
        title: 'Médiation de la consommation',
        blocks: [
          p([
            'Conformément à l’article L.616-1 du Code de la consommation, en cas de litige non résolu avec notre service client, vous pouvez recourir gratuitement au médiateur de la consommation dont nous relevons\u00a0: ',
            `${config.mediator.name}, `,
            link(config.mediator.website, config.mediator.website),
            '.',
          ]),
        ],
      },
      {
        id: 'donnees-personnelles',
        title: 'Données personnelles',
        blocks: [
          p([
            'Le traitement de vos données personnelles est décrit dans notre ',
            link('politique de confidentialité', '/politique-confidentialite'),
            '. Ce site ne dépose aucun cookie.',
          ]),
        ],
      },
    ],
  };
}

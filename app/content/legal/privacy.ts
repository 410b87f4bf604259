/** Politique de confidentialité (RGPD, art. 13 and 14): every company fact comes from the config. */
import { formatFrenchDate, formatPostalAddress, type SiteConfig } from '#config/site.ts';
import { facts, type LegalDocument, link, list, p } from './types.ts';

/** The retention periods the site promises; the staff tools purge on the same periods. */
const RETENTION_PERIODS = [
  {
    term: 'Demandes de contact',
    value: '3\u00a0ans à compter du dernier contact de votre part',
  },
  {
    term: 'Clients',
    value: '10\u00a0ans après la fin du contrat (obligations comptables et garanties)',
  },
  { term: 'Prospects', value: '3\u00a0ans' },
  { term: 'Données de navigation', value: '13\u00a0mois maximum' },
  {
    term: 'Mesure d’audience (totaux par jour, sans donnée personnelle)',
    value: '25\u00a0mois, puis suppression automatique',
  },
] as const;

export function privacyContent(config: SiteConfig): LegalDocument {
  const office = formatPostalAddress(config.registeredOffice);
  const mail = link(config.email, `mailto:${config.email}`);
  const phone = link(config.phone.display, config.phone.href);

  return {
    title: 'Politique de confidentialité',
    lead: `Comment ${config.companyName} collecte, utilise et protège vos données personnelles, et comment exercer vos droits.`,
    meta: `Dernière mise à jour\u00a0: ${formatFrenchDate(config.privacyPolicyRevisionDate)}`,
    sections: [
      {
        id: 'responsable',
        title: 'Responsable du traitement',
        blocks: [
          p(
            `Le responsable du traitement de vos données est ${config.companyName}, ${config.legalForm}, ${config.rcs}, dont le siège social est situé ${office}.`,
          ),
          p(['Pour toute question sur vos données\u00a0: ', mail, ' ou ', phone, '.']),
        ],
      },
      {
        id: 'donnees-collectees',
        title: 'Données collectées',
        blocks: [
          p('Données que vous nous communiquez directement, via le formulaire de contact\u00a0:'),
          list(
            'nom, prénom, adresse postale, numéro de téléphone et adresse e-mail\u00a0;',
            'le produit qui vous intéresse et votre message, si vous les renseignez\u00a0;',
            'votre consentement au traitement de votre demande, avec sa date et le texte que vous avez accepté\u00a0;',
            'votre choix du moyen de recontact (par téléphone, ou par e-mail uniquement) et, pour le téléphone, les jours et créneaux horaires que vous avez indiqués, avec leur date et le texte du formulaire\u00a0;',
            'la page de notre site depuis laquelle vous avez ouvert le formulaire (par exemple la page d’une solution), connue par la navigation sur le site lui-même et gardée en mémoire le temps de votre visite seulement, sans cookie ni stockage dans votre navigateur. Elle nous aide à comprendre votre besoin avant de vous rappeler.',
          ),
          p(
            'Données collectées automatiquement\u00a0: pour afficher les pages et protéger le site contre les abus, notre serveur traite des données techniques de connexion (adresse IP, date et heure, page demandée, type de navigateur). Ces données techniques ne servent qu’à cela et ne sont pas utilisées pour mesurer l’audience. Nous n’utilisons aucun outil de publicité.',
          ),
        ],
      },
      {
        id: 'mesure-audience',
        title: 'Mesure d’audience',
        blocks: [
          p(
            'Pour savoir quelles pages sont utiles et d’où viennent nos visiteurs, chaque page affichée envoie à notre propre serveur (jamais à un tiers) une mesure de quelques dizaines d’octets\u00a0: l’adresse de la page, le nom du site d’où vous arrivez (par exemple «\u00a0www.google.fr\u00a0», seulement sur la première page de votre visite, jamais l’adresse complète de la page d’origine ni ses paramètres) et un type d’appareil déduit de la largeur de l’écran (mobile, tablette ou ordinateur).',
          ),
          p(
            'Ce qui n’est pas mesuré\u00a0: ni cookie, ni stockage dans votre navigateur, ni identifiant, ni empreinte de votre appareil. Notre serveur n’enregistre ni votre adresse IP ni votre navigateur, même sous forme chiffrée\u00a0; il ne lit le type de navigateur que pour écarter les robots. Deux personnes qui font la même visite avec le même écran envoient exactement la même mesure\u00a0: une visite ne peut être ni suivie ni reconnue.',
          ),
          p(
            'Nous ne gardons que des totaux par jour, par page, par site d’origine et par type d’appareil, conservés 25\u00a0mois puis supprimés. Ils servent uniquement à produire des statistiques de fréquentation pour notre propre usage et ne sont jamais rapprochés d’une demande de contact ni d’aucune autre donnée\u00a0: le nombre de demandes venues d’une page est simplement affiché à côté de son nombre de vues.',
          ),
          p(
            'Cette mesure respecte les conditions posées par la CNIL pour être dispensée de consentement\u00a0: finalité strictement limitée à la mesure d’audience du site, données anonymes et agrégées, aucun croisement avec d’autres traitements, aucune transmission à un tiers, conservation limitée à 25\u00a0mois, information des visiteurs (la présente section) et possibilité de s’y opposer. C’est pourquoi le site n’affiche pas de bandeau de consentement.',
          ),
          p(
            'Vous pouvez vous opposer à cette mesure avec le bouton ci-dessous\u00a0: votre choix est alors enregistré dans le stockage local de votre navigateur (une seule mention, la seule chose que le site y enregistre), et plus aucune mesure n’est envoyée depuis ce navigateur. Si votre navigateur envoie le signal Global Privacy Control ou «\u00a0Do Not Track\u00a0», aucune mesure n’est envoyée et notre serveur écarte toute mesure qui porte ce signal.',
          ),
          { kind: 'control', name: 'audience-objection' },
        ],
      },
      {
        id: 'recontact',
        title: 'Comment nous vous recontactons',
        blocks: [
          p(
            'Sur le formulaire, vous choisissez comment être recontacté(e)\u00a0: par téléphone, ou par e-mail uniquement. Avec le téléphone, vous pouvez indiquer les jours et les créneaux horaires qui vous conviennent\u00a0; sans choix de votre part, nous vous appelons dès que possible, aux heures où les appels sont permis. Si vous choisissez l’e-mail, nous ne vous appelons pas. Nous enregistrons votre choix avec sa date et le texte du formulaire\u00a0: il montre que nos appels répondent à votre demande.',
          ),
          p(
            'Tout appel commercial (démarchage téléphonique) demande votre consentement préalable\u00a0: sans votre accord, la loi interdit de vous démarcher par téléphone (code de la consommation, modifié par la loi n°\u00a02025-594 du 30\u00a0juin 2025, depuis le 11\u00a0août 2026). Nous ne vous appelons que si vous choisissez le téléphone, pour répondre à votre demande, et plus du tout après «\u00a0Ne plus m’appeler\u00a0».',
          ),
          p([
            'Vous pouvez changer d’avis à tout moment, aussi simplement que vous avez choisi. L’e-mail de confirmation de votre demande contient un lien vers la page «\u00a0Suivre ou modifier ma demande\u00a0», où vous retrouvez toutes les demandes envoyées avec votre adresse e-mail\u00a0: vous pouvez y suivre chacune, changer ses jours et créneaux, arrêter ses appels («\u00a0Ne plus m’appeler\u00a0»\u00a0: nous vous répondons alors par e-mail), ou effacer vos coordonnées et toutes vos demandes. Vous pouvez aussi nous le demander par téléphone au ',
            phone,
            ' ou par e-mail à ',
            mail,
            '.',
          ]),
          p(
            'Ce lien vous est personnel\u00a0: ne le transmettez pas. Il reste valable 90\u00a0jours, et plus du tout une fois vos demandes supprimées.',
          ),
        ],
      },
      {
        id: 'finalites',
        title: 'Finalités',
        blocks: [
          list(
            'répondre à votre demande de renseignements, par téléphone ou par e-mail selon votre choix\u00a0;',
            'établir un devis, puis exécuter et suivre les travaux commandés\u00a0;',
            'gérer la relation client (facturation, garanties, service après-vente)\u00a0;',
            'assurer la sécurité du site et prévenir les envois abusifs du formulaire\u00a0;',
            'mesurer l’audience du site, de façon anonyme et agrégée (voir «\u00a0Mesure d’audience\u00a0»)\u00a0;',
            'respecter nos obligations légales, notamment comptables et fiscales.',
          ),
        ],
      },
      {
        id: 'bases-legales',
        title: 'Bases légales',
        blocks: [
          facts([
            {
              term: 'Votre consentement',
              value:
                'pour traiter votre demande et, si vous avez choisi le téléphone, pour vous appeler à son sujet (article 6.1.a du RGPD)\u00a0; vous pouvez le retirer à tout moment, notamment avec «\u00a0Ne plus m’appeler\u00a0» (voir «\u00a0Comment nous vous recontactons\u00a0»).',
            },
            {
              term: 'Mesures précontractuelles et contrat',
              value: 'pour établir un devis et réaliser les travaux (article 6.1.b).',
            },
            {
              term: 'Obligation légale',
              value: 'pour la conservation des pièces comptables (article 6.1.c).',
            },
            {
              term: 'Intérêt légitime',
              value:
                'pour la sécurité du site et la prévention des abus, et pour la mesure d’audience anonyme du site, à laquelle vous pouvez vous opposer (article 6.1.f).',
            },
          ]),
        ],
      },
      {
        id: 'destinataires',
        title: 'Destinataires et partage',
        blocks: [
          p(
            `Vos données sont destinées aux seules équipes de ${config.companyName} chargées de votre demande. Elles peuvent être traitées, pour notre compte et selon nos instructions, par nos prestataires techniques (hébergement du site\u00a0: ${config.host.name}\u00a0; messagerie électronique${config.crmName ? `\u00a0; logiciel de gestion de la relation client\u00a0: ${config.crmName}` : ''}), tenus à la confidentialité.`,
          ),
          ...(config.crmName
            ? [
                p(
                  `Votre demande (coordonnées, projet, page d’origine et consentement) est transmise automatiquement à notre logiciel de gestion de la relation client, ${config.crmName}, où nos équipes commerciales la suivent. Si vous demandez l’effacement de vos données, cette demande lui est transmise aussi.`,
                ),
              ]
            : []),
          p(
            'Elles ne sont ni vendues, ni louées, ni cédées à des fins commerciales. Elles ne sont communiquées à un tiers que si la loi l’impose (par exemple sur réquisition d’une autorité).',
          ),
        ],
      },
      {
        id: 'conservation',
        title: 'Durées de conservation',
        blocks: [
          facts(RETENTION_PERIODS.map((row) => ({ term: row.term, value: row.value }))),
          p(
            'À l’issue de ces durées, les données sont supprimées ou rendues définitivement anonymes.',
          ),
        ],
      },
      {
        id: 'securite',
        title: 'Sécurité',
        blocks: [
          p(
            'Les échanges entre votre navigateur et le site sont chiffrés (HTTPS). Les demandes sont enregistrées sur nos serveurs, dont l’accès est réservé aux personnes habilitées. Nous prenons les mesures techniques et organisationnelles appropriées pour protéger vos données contre la perte, l’altération et l’accès non autorisé.',
          ),
        ],
      },
      {
        id: 'droits',
        title: 'Vos droits',
        blocks: [
          p(
            'Conformément au RGPD et à la loi Informatique et Libertés, vous disposez des droits suivants sur vos données\u00a0:',
          ),
          list(
            'droit d’accès et de rectification\u00a0;',
            'droit à l’effacement et à la limitation du traitement\u00a0;',
            'droit d’opposition, et de retrait de votre consentement à tout moment\u00a0;',
            'droit à la portabilité des données que vous nous avez fournies\u00a0;',
            'droit de définir des directives relatives au sort de vos données après votre décès.',
          ),
          p([
            'Pour les exercer, écrivez-nous à ',
            mail,
            ` ou par courrier à ${config.companyName}, ${office}. Nous vous répondons dans un délai d’un mois à compter de la réception de votre demande. En cas de doute raisonnable sur votre identité, un justificatif pourra vous être demandé.`,
          ]),
        ],
      },
      {
        id: 'cookies',
        title: 'Cookies et traceurs',
        blocks: [
          p(
            'Ce site ne dépose aucun cookie et n’utilise ni le stockage local ni le stockage de session de votre navigateur\u00a0: il n’y enregistre rien, sauf, si vous vous opposez à la mesure d’audience, la mention de ce choix. Le site ne fait appel à aucun service tiers\u00a0: sa mesure d’audience est la sienne (voir «\u00a0Mesure d’audience\u00a0»), pas de publicité, pas de réseau social, et les polices de caractères sont hébergées sur nos propres serveurs. Aucune donnée de navigation n’est donc transmise à un tiers, et aucun bandeau de consentement n’est nécessaire.',
          ),
          p(
            'Seuls les membres de notre équipe qui se connectent à leur espace réservé reçoivent un cookie de session, strictement nécessaire à leur connexion et supprimé à la déconnexion.',
          ),
        ],
      },
      {
        id: 'modifications',
        title: 'Modifications',
        blocks: [
          p(
            `Nous pouvons modifier la présente politique, notamment pour tenir compte d’une évolution de nos traitements ou de la réglementation. La version en vigueur est celle publiée sur cette page\u00a0; sa dernière mise à jour date du ${formatFrenchDate(config.privacyPolicyRevisionDate)}.`,
          ),
        ],
      },
      {
        id: 'contact',
        title: 'Contact',
        blocks: [
          p([
            'Pour toute question relative à cette politique ou à vos données\u00a0: ',
            mail,
            ', ',
            phone,
            `, ou par courrier à ${config.companyName}, ${office}.`,
          ]),
        ],
      },
      {
        id: 'reclamation',
        title: 'Réclamation auprès de la CNIL',
        blocks: [
          p([
            'Si vous estimez, après nous avoir contactés, que vos droits ne sont pas respectés, vous pouvez adresser une réclamation à la Commission nationale de l’informatique et des libertés (CNIL), 3\u00a0place de Fontenoy, TSA\u00a080715, 75334\u00a0Paris Cedex\u00a007, ou en ligne sur ',
            link('www.cnil.fr', 'https://www.cnil.fr'),
            '.',
          ]),
        ],
      },
    ],
  };
}

/** Detailed content of the 11 business solution pages, keyed by catalog slug. */
import { PRICE_ON_QUOTE, type SolutionDetails } from './types.ts';

const greenLoan =
  'Prêt vert de Bpifrance pour financer les travaux des PME et ETI, selon éligibilité';
const tertiaryTrajectory =
  'Économies prises en compte dans la trajectoire du décret tertiaire (−40 % dès 2030)';

export const businessDetails: SolutionDetails = {
  'decret-tertiaire': {
    description:
      'Le décret tertiaire impose aux bâtiments à usage tertiaire d’au moins 1 000 m² de réduire leur consommation d’énergie finale de 40 % en 2030, 50 % en 2040 et 60 % en 2050 par rapport à une année de référence, ou d’atteindre un seuil de consommation en valeur absolue. Nous prenons en charge la démarche de bout en bout : collecte des données, déclaration sur la plateforme OPERAT de l’ADEME, plan d’actions chiffré et réalisation des travaux.',
    benefits: [
      'Une conformité assurée et documentée face à l’obligation réglementaire',
      'Le choix de l’année de référence la plus favorable, à partir de 2010',
      'Un plan d’actions priorisé par temps de retour sur investissement',
      'Des consommations et des charges d’exploitation en baisse',
      'Un bâtiment mieux valorisé auprès des locataires et des investisseurs',
    ],
    technicalDetails: [
      'Inventaire des surfaces et des activités assujetties, propriétaires et locataires',
      'Collecte et consolidation des consommations annuelles par site',
      'Déclaration annuelle sur OPERAT avant le 30 septembre',
      'Dossier de modulation des objectifs lorsque des contraintes techniques ou économiques le justifient',
      'Suivi de la trajectoire 2030, 2040 et 2050',
    ],
    price: PRICE_ON_QUOTE,
    aides: [
      'Obligation légale : −40 % en 2030, −50 % en 2040 et −60 % en 2050 pour les bâtiments tertiaires d’au moins 1 000 m²',
      'En cas de manquement : mise en demeure, publication du manquement et amende administrative jusqu’à 7 500 € pour une personne morale',
      'Primes CEE sur les travaux du plan d’actions : isolation, éclairage, chauffage, gestion technique du bâtiment',
      greenLoan,
    ],
    image: 'data',
    metaDescription:
      'Décret tertiaire : déclaration OPERAT, plan d’actions et travaux pour atteindre −40 % de consommation dès 2030 dans vos bâtiments de plus de 1 000 m².',
  },
  'audit-energetique': {
    description:
      'L’audit énergétique dresse l’état des lieux de vos consommations, bâtiment par bâtiment et usage par usage : chauffage, climatisation, éclairage, froid, procédés, air comprimé. Nos ingénieurs croisent vos factures, vos relevés et une visite sur site pour proposer un plan d’actions chiffré, classé par temps de retour sur investissement. Il suit la norme NF EN 16247 et répond à l’obligation d’audit des grandes entreprises.',
    benefits: [
      'Une vision claire de vos postes de consommation et de leurs coûts',
      'Un plan d’actions chiffré : investissement, économies attendues, temps de retour',
      'Les gains immédiats sans investissement distingués des travaux',
      'Une base solide pour le décret tertiaire et les demandes de primes CEE',
      'La conformité à l’obligation d’audit des grandes entreprises, le cas échéant',
    ],
    technicalDetails: [
      'Audit conforme à la norme NF EN 16247 (bâtiments, procédés, transport)',
      'Visite sur site, relevés et, si besoin, campagne de mesures',
      'Analyse des factures et des courbes de charge sur 12 à 36 mois',
      'Répartition des consommations par usage',
      'Rapport détaillé et restitution en réunion avec vos équipes',
    ],
    price: 'À partir de 2 500 €',
    aides: [
      'Audit réglementaire tous les 4 ans pour les entreprises qui y sont soumises, sauf système de management ISO 50001',
      'Diagnostics accompagnés pour les PME par Bpifrance et l’ADEME (Diag Décarbon’Action, Diag Éco-Flux), selon éligibilité',
      'Aides régionales aux études énergétiques, selon votre territoire',
      'Primes CEE mobilisables sur les travaux recommandés',
    ],
    image: 'data',
    metaDescription:
      'Audit énergétique des bâtiments et procédés dès 2 500 €, selon la norme NF EN 16247 : un plan d’actions chiffré, classé par retour sur investissement.',
  },
  'eclairage-led': {
    description:
      'L’éclairage pèse lourd dans la facture des bureaux, commerces, entrepôts et ateliers. Nous remplaçons tubes fluorescents, lampes à décharge et halogènes par des luminaires LED adaptés à chaque espace, associés à la détection de présence et à la gradation selon la lumière du jour. Les économies sur le poste éclairage atteignent jusqu’à 80 %.',
    benefits: [
      'Jusqu’à 80 % d’économies sur la consommation d’éclairage',
      'Une durée de vie bien plus longue et moins d’interventions de maintenance',
      'Un meilleur confort visuel, sans scintillement',
      'Moins de chaleur dégagée, donc moins de climatisation en été',
      'La fin des tubes fluorescents, retirés du marché européen depuis 2023',
    ],
    technicalDetails: [
      'Étude d’éclairement conforme à la norme NF EN 12464-1',
      'Luminaires LED à haute efficacité lumineuse, garantis par leur fabricant',
      'Détection de présence et gradation selon la lumière du jour',
      'Indice de rendu des couleurs (IRC) supérieur à 80',
      'Pose par zones, en site occupé, sans arrêt de votre activité',
    ],
    price: 'À partir de 50 € par point lumineux',
    aides: [
      'Primes CEE pour les luminaires LED et les systèmes de gestion de l’éclairage',
      tertiaryTrajectory,
      greenLoan,
    ],
    image: 'lighting',
    metaDescription:
      'Éclairage LED pour bureaux, commerces et entrepôts dès 50 € par point lumineux : jusqu’à 80 % d’économies sur l’éclairage, primes CEE déduites.',
  },
  'monitoring-energetique': {
    description:
      'On ne réduit bien que ce que l’on mesure. Nous posons des compteurs et des capteurs communicants sur vos principaux usages et réunissons vos données dans une plateforme de suivi en ligne. Tableaux de bord, alertes en cas de dérive et rapports mensuels révèlent les gaspillages, comme l’éclairage allumé la nuit ou le chauffage le week-end, et mesurent les économies réalisées.',
    benefits: [
      'Une vue en temps réel des consommations par site et par usage',
      'Des alertes dès qu’une consommation anormale apparaît',
      'La mesure des économies obtenues après chaque action',
      'Des données prêtes pour la déclaration OPERAT du décret tertiaire',
      'Des rapports mensuels pour partager les résultats avec vos équipes',
    ],
    technicalDetails: [
      'Sous-comptage de l’électricité, du gaz, de l’eau et des températures',
      'Récupération des courbes de charge Enedis et GRDF',
      'Plateforme en ligne accessible depuis un ordinateur ou un smartphone',
      'Alertes paramétrables par courriel',
      'Export des données et des rapports au format tableur',
    ],
    price: 'À partir de 150 € par mois',
    aides: [
      'Primes CEE lorsque le suivi s’accompagne d’un système de gestion technique du bâtiment (GTB)',
      'Réponse à l’obligation de GTB du décret BACS pour les bâtiments tertiaires dont le chauffage ou la climatisation dépasse 290 kW',
      'Suivi annuel exigé par le décret tertiaire facilité',
    ],
    image: 'data',
    metaDescription:
      'Monitoring énergétique dès 150 € par mois : suivez vos consommations en temps réel, recevez des alertes et pilotez vos économies site par site.',
  },
  'optimisation-facture-energie': {
    description:
      'Entre la fourniture, l’acheminement, les taxes et la puissance souscrite, une facture professionnelle d’électricité ou de gaz est difficile à contrôler. Nous auditons vos factures, repérons les erreurs et les surcoûts, puis mettons les fournisseurs en concurrence au bon moment pour vos nouveaux contrats. Les économies peuvent atteindre jusqu’à 20 % de votre facture.',
    benefits: [
      'Jusqu’à 20 % d’économies sur vos factures d’électricité et de gaz',
      'Des erreurs de facturation détectées et réclamées',
      'Une puissance souscrite et un tarif d’acheminement ajustés à vos besoins',
      'Un achat d’énergie au bon moment, à prix fixe ou indexé selon votre profil',
      'Un interlocuteur unique pour tous vos sites',
    ],
    technicalDetails: [
      'Audit des factures des 12 à 24 derniers mois, site par site',
      'Vérification des taxes et contributions appliquées (accise, CTA, TVA)',
      'Optimisation de la puissance souscrite et du tarif d’utilisation du réseau (TURPE)',
      'Consultation de plusieurs fournisseurs et comparatif détaillé',
      'Suivi des échéances et des renouvellements de contrats',
    ],
    price: PRICE_ON_QUOTE,
    aides: [
      'Taux réduits d’accise sur l’électricité vérifiés pour les activités qui y ont droit',
      'Accès au tarif réglementé d’électricité vérifié pour les très petites entreprises éligibles',
      'Réclamation auprès du fournisseur des sommes facturées à tort',
    ],
    image: 'data',
    metaDescription:
      'Optimisation de vos factures d’électricité et de gaz : audit des factures, correction des erreurs, mise en concurrence. Jusqu’à 20 % d’économies.',
  },
  'hp-flottante': {
    description:
      'Dans une installation frigorifique classique, la haute pression du condenseur reste fixe, calée sur les jours les plus chauds. La haute pression flottante la laisse baisser quand la température extérieure diminue : le compresseur travaille moins pour produire le même froid. Nous l’installons sur les groupes froids des commerces alimentaires, des entrepôts frigorifiques et de l’agroalimentaire, avec jusqu’à 70 % d’économies d’énergie.',
    benefits: [
      'Jusqu’à 70 % d’économies d’énergie sur vos groupes froids',
      'Des compresseurs moins sollicités, à la durée de vie allongée',
      'Aucun effet sur la température de vos chambres froides et vitrines',
      'Une opération éligible aux primes CEE, qui allège l’investissement',
      'Une intervention sans arrêt prolongé de votre production de froid',
    ],
    technicalDetails: [
      'Détendeurs électroniques à la place des détendeurs thermostatiques',
      'Régulation de la haute pression selon la température extérieure',
      'Variation de vitesse des ventilateurs du condenseur',
      'Adaptée au froid positif comme au froid négatif',
      'Réglages par des frigoristes titulaires de l’attestation de capacité',
    ],
    price: 'À partir de 25 000 €',
    aides: [
      'Prime CEE dédiée à la haute pression flottante, en tertiaire comme en industrie',
      tertiaryTrajectory,
      greenLoan,
    ],
    image: 'cold',
    metaDescription:
      'HP flottante dès 25 000 € : la haute pression flottante adapte vos groupes froids à la température extérieure, jusqu’à 70 % d’économies d’énergie.',
  },
  'isolation-thermique-exterieur': {
    description:
      'L’isolation thermique par l’extérieur (ITE) enveloppe les façades d’un isolant protégé par un enduit ou un bardage. Elle supprime la plupart des ponts thermiques, ne prend aucune surface intérieure et se réalise sans interrompre l’activité de vos locaux. C’est aussi l’occasion de rénover l’aspect du bâtiment ; les économies de chauffage et de climatisation peuvent atteindre 40 %.',
    benefits: [
      'Jusqu’à 40 % d’économies sur le chauffage et la climatisation',
      'Des travaux menés depuis l’extérieur, sans fermer vos locaux',
      'Aucune perte de surface utile',
      'Une façade rénovée qui valorise le bâtiment',
      'Un meilleur confort d’été pour vos équipes et vos clients',
    ],
    technicalDetails: [
      'Isolant polystyrène expansé, laine de roche ou fibre de bois selon le support et les règles incendie',
      'Résistance thermique R ≥ 3,7 m²·K/W',
      'Finition enduit mince, enduit hydraulique ou bardage',
      'Traitement des tableaux de fenêtres, des acrotères et des pieds de murs',
      'Échafaudage et protection des abords pour un chantier en site occupé',
    ],
    price: 'À partir de 120 €/m²',
    aides: [
      'Primes CEE pour l’isolation des murs des bâtiments tertiaires',
      tertiaryTrajectory,
      greenLoan,
      'Aides régionales à la rénovation des locaux d’entreprise, selon votre territoire',
    ],
    image: 'insulation',
    metaDescription:
      'Isolation thermique par l’extérieur des bâtiments professionnels dès 120 €/m² : jusqu’à 40 % d’économies, sans interrompre votre activité.',
  },
  'peinture-thermoreulante': {
    description:
      'Appliquée sur les toitures et les façades, la peinture thermorégulante réfléchit une grande partie du rayonnement solaire. La surface chauffe moins, la chaleur transmise à l’intérieur diminue et les besoins de climatisation baissent, pour jusqu’à 15 % d’économies d’énergie. Elle convient particulièrement aux grandes toitures d’entrepôts, d’usines et de commerces.',
    benefits: [
      'Jusqu’à 15 % d’économies d’énergie, surtout sur la climatisation',
      'Des locaux plus frais l’été pour vos équipes et vos marchandises',
      'Un revêtement de toiture protégé des UV',
      'Une application rapide, sans gros travaux ni arrêt d’activité',
    ],
    technicalDetails: [
      'Revêtement à fort indice de réflectance solaire (SRI)',
      'Application sur bac acier, fibrociment, membrane bitumineuse ou béton',
      'Nettoyage haute pression et préparation du support',
      'Application au rouleau ou par pulvérisation, en une ou deux couches',
      'Chantier sécurisé pour le travail en hauteur : lignes de vie, garde-corps',
    ],
    price: PRICE_ON_QUOTE,
    aides: [
      'Éligibilité à une prime CEE étudiée au cas par cas, en opération spécifique',
      tertiaryTrajectory,
      greenLoan,
    ],
    image: 'roof',
    metaDescription:
      'Peinture thermorégulante pour toitures et façades : elle réfléchit le soleil, limite la surchauffe et réduit jusqu’à 15 % la consommation d’énergie.',
  },
  'centrale-photovoltaique': {
    description:
      'Toitures, ombrières de parking ou terrains : vos surfaces peuvent produire l’électricité que votre activité consomme en journée. Nous concevons des centrales photovoltaïques en autoconsommation, avec vente du surplus ou vente totale, de l’étude de faisabilité au raccordement et à la maintenance. Selon votre profil de consommation, les économies sur l’électricité achetée peuvent atteindre 80 %.',
    benefits: [
      'Jusqu’à 80 % d’économies sur l’électricité achetée au réseau',
      'Un coût de l’électricité produite connu sur toute la durée de vie de la centrale',
      'Des ombrières qui protègent les véhicules du soleil et des intempéries',
      'Une réponse aux obligations de solarisation des bâtiments et des parkings',
      'Une entreprise visiblement engagée dans la transition énergétique',
    ],
    technicalDetails: [
      'Étude de productible, de structure et de raccordement',
      'Centrales de quelques dizaines à plusieurs centaines de kWc',
      'Surveillance à distance de la production et alertes de défaut',
      'Raccordement Enedis, attestation Consuel et mise en service',
      'Contrat de maintenance préventive et curative',
    ],
    price: PRICE_ON_QUOTE,
    aides: [
      'Tarif d’achat du surplus garanti 20 ans pour les installations éligibles',
      'Prime à l’investissement en autoconsommation pour les petites puissances, selon le barème en vigueur',
      'Réponse aux obligations de solarisation des lois Climat et résilience et APER (toitures et parkings)',
      greenLoan,
    ],
    image: 'solar',
    metaDescription:
      'Centrale photovoltaïque en toiture, ombrière ou au sol : produisez et consommez votre électricité sur place, jusqu’à 80 % d’économies.',
  },
  'ventilation-double-flux': {
    description:
      'La ventilation double flux insuffle de l’air neuf filtré et extrait l’air vicié en faisant passer les deux flux dans un échangeur : la chaleur de l’air sortant préchauffe l’air entrant. Vos locaux sont bien ventilés sans gaspiller l’énergie de chauffage, avec jusqu’à 30 % d’économies. Nous l’installons dans les bureaux, écoles, commerces et salles recevant du public.',
    benefits: [
      'Jusqu’à 30 % d’économies sur le chauffage',
      'Un air renouvelé et filtré, meilleur pour la santé et la concentration',
      'Des débits d’air conformes au code du travail',
      'Un confort sans courants d’air froid',
      'Moins de bruit extérieur, fenêtres fermées',
    ],
    technicalDetails: [
      'Centrale de traitement d’air double flux à échangeur haut rendement',
      'Filtration de l’air neuf adaptée à l’usage (filtres ePM1 ou ePM10)',
      'Ventilateurs basse consommation à vitesse variable',
      'Débits régulés selon l’occupation ou la teneur en CO₂',
      'Réseau de gaines calorifugé et équilibrage des débits à la mise en service',
    ],
    price: PRICE_ON_QUOTE,
    aides: [
      'Primes CEE pour la ventilation double flux avec échangeur',
      tertiaryTrajectory,
      greenLoan,
    ],
    image: 'air',
    metaDescription:
      'Ventilation double flux pour locaux professionnels : un air neuf filtré qui récupère la chaleur de l’air extrait, jusqu’à 30 % d’économies.',
  },
  climatisation: {
    description:
      'Nous installons et remplaçons des systèmes de climatisation réversibles pour bureaux, commerces et locaux professionnels : splits, multisplits, systèmes à débit de réfrigérant variable (DRV) et roof-tops. Remplacer un équipement ancien par un modèle performant et bien régulé réduit la consommation jusqu’à 25 %, tout en assurant aussi le chauffage en hiver.',
    benefits: [
      'Jusqu’à 25 % d’économies par rapport à un équipement ancien',
      'Le chauffage et le rafraîchissement avec un seul système',
      'Un confort homogène, réglable zone par zone',
      'Des fluides frigorigènes récents, à l’impact climatique réduit',
      'Un fonctionnement silencieux pour vos clients et vos équipes',
    ],
    technicalDetails: [
      'Splits, multisplits, DRV ou roof-tops selon la taille des locaux',
      'Pompes à chaleur air-air réversibles à haut rendement saisonnier (SEER, SCOP)',
      'Régulation centralisée et programmation horaire',
      'Mise en service par des techniciens titulaires de l’attestation de capacité fluides frigorigènes',
      'Contrôles d’étanchéité périodiques selon la réglementation F-Gas',
    ],
    price: PRICE_ON_QUOTE,
    aides: [
      'Primes CEE pour les pompes à chaleur air-air réversibles en tertiaire',
      tertiaryTrajectory,
      greenLoan,
    ],
    image: 'heat-pump',
    metaDescription:
      'Climatisation réversible pour locaux professionnels : splits, DRV ou roof-tops performants et bien régulés, jusqu’à 25 % d’économies.',
  },
};

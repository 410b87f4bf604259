/** Detailed content of the 10 individual solution pages, keyed by catalog slug. */
import { PRICE_ON_QUOTE, type SolutionDetails } from './types.ts';

const localAids =
  'Aides locales de votre région, de votre département ou de votre commune, selon votre adresse';
const ecoPtz = 'Éco-prêt à taux zéro (éco-PTZ) pour financer le reste à charge, sans intérêts';
const reducedVat =
  'TVA à 5,5 % sur la fourniture et la pose dans un logement achevé depuis plus de 2 ans';

export const individualDetails: SolutionDetails = {
  'isolation-thermique': {
    description:
      'La toiture, les murs et les planchers sont les premières sources de déperdition d’un logement mal isolé. Nous isolons les combles perdus ou aménagés, les murs par l’intérieur ou par l’extérieur et les planchers bas, avec l’isolant le mieux adapté à votre bâti : laine minérale, ouate de cellulose, fibre de bois ou polystyrène. Chaque chantier commence par une visite technique et se termine par le contrôle de la mise en œuvre.',
    benefits: [
      'Moins de chaleur perdue en hiver, et un logement qui reste frais en été',
      'Des factures de chauffage en baisse dès le premier hiver',
      'Un meilleur classement au diagnostic de performance énergétique (DPE)',
      'Un confort acoustique amélioré',
      'Des travaux courts : une journée suffit le plus souvent pour des combles perdus',
    ],
    technicalDetails: [
      'Combles perdus : isolant soufflé, résistance thermique R ≥ 7 m²·K/W',
      'Rampants et combles aménagés : R ≥ 6 m²·K/W',
      'Murs par l’intérieur ou par l’extérieur : R ≥ 3,7 m²·K/W',
      'Planchers bas sur vide sanitaire ou sous-sol : R ≥ 3 m²·K/W',
      'Pare-vapeur et traitement des ponts thermiques contre la condensation',
    ],
    price: 'À partir de 20 €/m²',
    aides: [
      'MaPrimeRénov’ pour l’isolation des murs, des rampants et des toitures-terrasses, selon vos revenus',
      'Primes CEE (certificats d’économies d’énergie), y compris pour les combles perdus et les planchers bas',
      ecoPtz,
      reducedVat,
      localAids,
    ],
    image: 'insulation',
    metaDescription:
      'Isolation des combles, des murs et des planchers dès 20 €/m² par des équipes RGE : isolants performants, aides MaPrimeRénov’ et CEE, devis gratuit.',
  },
  'pompe-a-chaleur': {
    description:
      'La pompe à chaleur capte les calories de l’air extérieur pour chauffer votre logement : pour un kilowattheure d’électricité consommé, elle en restitue plusieurs sous forme de chaleur. Nous installons des pompes à chaleur air-eau, qui remplacent une chaudière fioul ou gaz sur vos radiateurs ou votre plancher chauffant, et des modèles air-air réversibles qui chauffent et rafraîchissent. Le dimensionnement repose sur un calcul des déperditions pièce par pièce.',
    benefits: [
      'Une facture de chauffage réduite par rapport au fioul, au gaz ou aux convecteurs électriques',
      'La fin du fioul : plus de livraisons ni de cuve à entretenir',
      'Le chauffage et l’eau chaude avec un seul équipement (modèles air-eau avec ballon)',
      'Du rafraîchissement en été avec un modèle réversible',
      'Un logement mieux classé au DPE et valorisé à la revente',
    ],
    technicalDetails: [
      'Pompe à chaleur air-eau basse ou moyenne température, ou air-air mono ou multisplit',
      'Efficacité énergétique saisonnière (ETAS) conforme aux exigences des aides',
      'Dimensionnement d’après le calcul des déperditions du logement',
      'Raccordement aux radiateurs existants ou au plancher chauffant, régulation par sonde extérieure',
      'Mise en service par un technicien titulaire de l’attestation de capacité fluides frigorigènes',
    ],
    price: 'À partir de 8 000 €',
    aides: [
      'MaPrimeRénov’ pour les pompes à chaleur air-eau et géothermiques, selon vos revenus',
      'Primes CEE, bonifiées lors du remplacement d’une chaudière fioul ou gaz selon les programmes en vigueur',
      ecoPtz,
      'TVA à 5,5 % pour une pompe à chaleur air-eau, à 10 % pour un modèle air-air, dans un logement de plus de 2 ans',
      localAids,
    ],
    image: 'heat-pump',
    metaDescription:
      'Pompe à chaleur air-eau ou air-air dès 8 000 €, posée par des techniciens RGE : étude des déperditions, aides MaPrimeRénov’ et CEE, devis gratuit.',
  },
  'panneaux-solaires': {
    description:
      'Des panneaux photovoltaïques posés sur votre toiture produisent une électricité que vous consommez en priorité chez vous ; le surplus est injecté sur le réseau et vendu. Nous étudions l’orientation, l’inclinaison et les ombres portées de votre toit, dimensionnons l’installation d’après votre consommation et prenons en charge les démarches : déclaration préalable en mairie, raccordement Enedis et contrat de vente du surplus.',
    benefits: [
      'Moins d’électricité achetée au réseau, donc une facture plus légère',
      'La vente de l’électricité produite mais non consommée',
      'Une production couverte par la garantie de performance du fabricant',
      'Le suivi de votre production depuis votre téléphone',
      'Toutes les démarches administratives prises en charge',
    ],
    technicalDetails: [
      'Modules monocristallins, de 3 à 9 kWc selon votre toiture et vos besoins',
      'Micro-onduleurs ou onduleur central avec optimiseurs, selon les ombrages',
      'Pose en surimposition sur la toiture existante, étanchéité contrôlée',
      'Raccordement Enedis et attestation de conformité Consuel',
      'Application de suivi de la production et de l’autoconsommation',
    ],
    price: 'À partir de 9 000 €',
    aides: [
      'Prime à l’autoconsommation pour une installation avec vente du surplus, selon la puissance et le barème en vigueur',
      'Contrat d’achat du surplus sur 20 ans avec EDF Obligation d’Achat',
      'TVA à taux réduit pour les petites installations, selon les conditions en vigueur',
      localAids,
    ],
    image: 'solar',
    metaDescription:
      'Panneaux solaires en autoconsommation dès 9 000 € : étude de toiture, pose par des équipes RGE, raccordement Enedis et vente du surplus.',
  },
  'ventilation-vmc': {
    description:
      'Une ventilation mécanique contrôlée renouvelle l’air en continu : elle extrait l’air humide des pièces d’eau et évite moisissures, odeurs et condensation. La VMC simple flux hygroréglable ajuste son débit à l’humidité ; la VMC double flux récupère la chaleur de l’air extrait pour préchauffer l’air neuf, le complément naturel d’une bonne isolation.',
    benefits: [
      'Un air intérieur sain, sans humidité ni moisissures',
      'Moins de chaleur perdue avec un modèle double flux à récupération',
      'Un air neuf filtré (pollens, particules) avec la double flux',
      'Un logement isolé protégé de la condensation',
      'Un fonctionnement silencieux et un entretien simple',
    ],
    technicalDetails: [
      'VMC simple flux hygroréglable de type A ou B, ou double flux à échangeur haut rendement',
      'Moteur basse consommation à courant continu',
      'Bouches d’extraction en cuisine, salle de bains et WC, entrées d’air dans les pièces de vie',
      'Réseau de gaines isolé dans les combles, dimensionné pour limiter le bruit',
      'Filtres remplaçables et réglage des débits à la mise en service',
    ],
    price: 'À partir de 2 500 €',
    aides: [
      'MaPrimeRénov’ pour une VMC double flux, selon vos revenus',
      'Primes CEE pour une VMC simple flux hygroréglable ou double flux',
      'TVA à taux réduit (5,5 % ou 10 % selon l’équipement) dans un logement achevé depuis plus de 2 ans',
      localAids,
    ],
    image: 'air',
    metaDescription:
      'VMC simple flux hygroréglable ou double flux dès 2 500 € : un air sain, sans humidité, installé par des équipes RGE. Aides CEE, devis gratuit.',
  },
  'systeme-solaire-combine': {
    description:
      'Le système solaire combiné (SSC) utilise des capteurs thermiques en toiture pour chauffer à la fois votre eau chaude sanitaire et votre logement. Un ballon de stockage accumule la chaleur du soleil ; une chaudière ou une pompe à chaleur d’appoint prend le relais quand l’ensoleillement ne suffit pas. Il convient surtout aux maisons équipées d’un plancher chauffant ou de radiateurs basse température.',
    benefits: [
      'Une énergie solaire gratuite pour le chauffage et l’eau chaude',
      'Un appoint au gaz, au bois ou électrique beaucoup moins sollicité',
      'Une installation durable, avec peu de pièces en mouvement',
      'Moins d’émissions de CO₂ pour votre logement',
    ],
    technicalDetails: [
      'Capteurs solaires thermiques plans ou à tubes sous vide, en toiture ou au sol',
      'Ballon de stockage combiné dimensionné d’après vos besoins',
      'Appoint par chaudière, pompe à chaleur ou résistance électrique',
      'Régulation solaire qui donne la priorité à l’énergie des capteurs',
      'Compatible avec un plancher chauffant ou des radiateurs basse température',
    ],
    price: PRICE_ON_QUOTE,
    aides: [
      'MaPrimeRénov’ pour un système solaire combiné, selon vos revenus',
      'Primes CEE (certificats d’économies d’énergie)',
      ecoPtz,
      reducedVat,
      localAids,
    ],
    image: 'solar',
    metaDescription:
      'Système solaire combiné : le soleil chauffe votre eau sanitaire et votre logement. Étude et pose RGE, aides MaPrimeRénov’ et CEE, devis gratuit.',
  },
  'ballon-thermodynamique': {
    description:
      'Le ballon thermodynamique est un chauffe-eau équipé d’une petite pompe à chaleur : il puise les calories de l’air ambiant ou extérieur pour chauffer l’eau sanitaire et consomme bien moins d’électricité qu’un cumulus à résistance. Nous l’installons dans un local non chauffé (garage, cellier, buanderie) ou le raccordons à l’extérieur par des gaines.',
    benefits: [
      'Une consommation d’électricité pour l’eau chaude nettement réduite face à un cumulus classique',
      'De l’eau chaude toute l’année, grâce à l’appoint électrique intégré',
      'Le local d’installation légèrement rafraîchi et déshumidifié',
      'Une chauffe programmable aux heures creuses',
    ],
    technicalDetails: [
      'Capacité de 150 à 300 litres selon la taille du foyer',
      'Pompe à chaleur sur air ambiant, air extérieur ou air extrait',
      'Appoint électrique intégré et cycle anti-légionellose',
      'Installation dans un local non chauffé d’au moins 20 m³, ou gainée vers l’extérieur',
      'Coefficient de performance (COP) conforme aux exigences des aides',
    ],
    price: PRICE_ON_QUOTE,
    aides: [
      'MaPrimeRénov’, selon vos revenus',
      'Primes CEE (certificats d’économies d’énergie)',
      ecoPtz,
      reducedVat,
    ],
    image: 'water',
    metaDescription:
      'Ballon thermodynamique : un chauffe-eau qui puise les calories de l’air pour produire votre eau chaude. Pose RGE, aides MaPrimeRénov’ et CEE.',
  },
  'ballon-solaire': {
    description:
      'Le chauffe-eau solaire individuel (CESI) associe des capteurs thermiques posés sur le toit et un ballon de stockage. Le soleil couvre une grande part de vos besoins annuels en eau chaude ; un appoint électrique ou raccordé à votre chaudière garantit l’eau chaude les jours sans soleil.',
    benefits: [
      'Une eau chaude produite en grande partie grâce au soleil',
      'Une facture d’eau chaude durablement allégée',
      'Un équipement robuste qui demande peu d’entretien',
      'Moins d’émissions de CO₂ pour votre foyer',
    ],
    technicalDetails: [
      '2 à 4 m² de capteurs plans vitrés, orientés de préférence au sud',
      'Ballon solaire de 200 à 400 litres avec échangeur',
      'Circulation forcée par circulateur, ou thermosiphon selon la configuration',
      'Appoint électrique ou raccordement à la chaudière existante',
      'Fluide caloporteur antigel et régulation différentielle',
    ],
    price: PRICE_ON_QUOTE,
    aides: [
      'MaPrimeRénov’ pour un chauffe-eau solaire individuel, selon vos revenus',
      'Primes CEE (certificats d’économies d’énergie)',
      ecoPtz,
      reducedVat,
      localAids,
    ],
    image: 'solar',
    metaDescription:
      'Ballon solaire (chauffe-eau solaire individuel) : le soleil couvre une grande part de votre eau chaude. Pose RGE, aides MaPrimeRénov’ et CEE.',
  },
  'ballon-electrique': {
    description:
      'Un chauffe-eau électrique reste une solution simple et peu coûteuse à l’achat lorsque le logement ne permet pas d’installer un ballon thermodynamique ou solaire. Nous remplaçons votre ancien cumulus par un modèle récent, bien isolé et dimensionné pour votre foyer, qui chauffe aux heures creuses. Nous vous disons aussi, chiffres à l’appui, quand une solution aidée serait plus rentable chez vous.',
    benefits: [
      'Un investissement de départ limité',
      'Moins de pertes de chaleur grâce à un ballon mieux isolé',
      'Une chauffe aux heures creuses, au prix le plus bas de votre contrat',
      'Une pose rapide, le plus souvent en une demi-journée',
      'Un volume d’eau chaude adapté au nombre de personnes du foyer',
    ],
    technicalDetails: [
      'Capacité de 100 à 300 litres, modèle vertical, horizontal ou mural',
      'Résistance stéatite, protégée du calcaire',
      'Pilotage heures pleines et heures creuses par contacteur',
      'Groupe de sécurité neuf et raccordement conformes à la norme NF C 15-100',
      'Reprise de l’ancien appareil pour son recyclage',
    ],
    price: PRICE_ON_QUOTE,
    aides: [
      'TVA à 10 % sur la fourniture et la pose dans un logement achevé depuis plus de 2 ans',
      'Pas de MaPrimeRénov’ ni de prime CEE pour un chauffe-eau électrique classique : nous chiffrons aussi l’option thermodynamique, elle éligible aux aides',
    ],
    image: 'water',
    metaDescription:
      'Remplacement de chauffe-eau électrique : un ballon récent, bien isolé, dimensionné pour votre foyer et piloté aux heures creuses. Devis gratuit.',
  },
  'poele-a-granule': {
    description:
      'Le poêle à granulés brûle de petits cylindres de bois compressé, un combustible renouvelable, régulier et facile à stocker. Programmable, doté d’un allumage automatique, il chauffe la pièce principale, ou plusieurs pièces avec un modèle canalisable, avec un rendement bien supérieur à celui d’une cheminée ouverte.',
    benefits: [
      'Un combustible renouvelable, livré en sacs ou en vrac',
      'Une chaleur douce, programmable et pilotable à distance',
      'Plusieurs jours d’autonomie grâce au réservoir',
      'Un rendement bien supérieur à celui d’une cheminée ouverte',
      'Un bon complément à une pompe à chaleur lors des grands froids',
    ],
    technicalDetails: [
      'Puissance de 6 à 12 kW selon le volume à chauffer',
      'Performances du label Flamme Verte 7 étoiles ou équivalentes',
      'Réservoir de 15 à 25 kg de granulés, allumage automatique',
      'Conduit de fumée tubé ou ventouse, conforme au DTU 24.1',
      'Granulés certifiés DIN plus ou ENplus A1 recommandés',
    ],
    price: PRICE_ON_QUOTE,
    aides: [
      'MaPrimeRénov’, selon vos revenus',
      'Primes CEE (certificats d’économies d’énergie)',
      ecoPtz,
      reducedVat,
      'Aides locales, dont les primes air-bois de certaines collectivités',
    ],
    image: 'stove',
    metaDescription:
      'Poêle à granulés performant et programmable, posé par des équipes RGE avec son conduit : aides MaPrimeRénov’, CEE et éco-PTZ, devis gratuit.',
  },
  'optimisation-contrat-energie': {
    description:
      'Puissance souscrite trop élevée, option tarifaire inadaptée, offre jamais renégociée : votre contrat d’électricité ou de gaz coûte souvent plus que nécessaire. Nous analysons vos factures et votre consommation, comparons les offres du marché et le tarif réglementé, puis vous recommandons le contrat le plus adapté. Vous restez libre de choisir.',
    benefits: [
      'Une puissance souscrite ajustée à votre usage réel',
      'Le bon choix entre les options Base et Heures creuses',
      'Une comparaison claire des offres du marché et du tarif réglementé',
      'Un changement de fournisseur sans coupure ni intervention chez vous',
      'Des conseils pour décaler vos usages aux heures les moins chères',
    ],
    technicalDetails: [
      'Analyse de 12 mois de factures et, avec votre accord, de vos relevés Linky ou Gazpar',
      'Vérification de la puissance souscrite (kVA) au regard de vos appareils',
      'Comparaison du prix du kWh et de l’abonnement, taxes comprises',
      'Gaz : vérification de la classe de consommation et de la zone tarifaire',
      'Synthèse écrite de nos recommandations',
    ],
    price: PRICE_ON_QUOTE,
    aides: [
      'Chèque énergie pour régler vos factures, attribué automatiquement sous conditions de ressources',
      'Changement de fournisseur sans frais de résiliation pour les particuliers',
      'Tarif réglementé de vente d’électricité toujours accessible s’il est le plus avantageux',
    ],
    image: 'data',
    metaDescription:
      'Optimisation de votre contrat d’électricité ou de gaz : puissance souscrite, option tarifaire et comparaison des offres pour payer le juste prix.',
  },
};

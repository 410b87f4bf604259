/**
 * Visitor-facing text of `/ma-demande` (ADR 0029): the page the link of every confirmation
 * e-mail opens, where the visitor follows, changes or withdraws the request. The days' and
 * slots' labels are the contact form's (contracts/contact/contact-choice.ts).
 */
import { siteConfig } from '#config/site.ts';
import { PHONE_CONSENT_TEXT } from '#contracts/contact/phone-consent.ts';

const NBSP = '\u00a0';

export const visitorText = {
  metaTitle: 'Ma demande',
  metaDescription: `Suivre, modifier ou retirer votre demande de contact auprès de ${siteConfig.companyName}.`,
  title: 'Ma demande',
  lead: 'Suivez votre demande, changez quand nous appeler, ou retirez-la.',
  opening: 'Ouverture de votre demande…',
  noScript: {
    title: 'Cette page a besoin de JavaScript',
    body: `Pour voir et modifier votre demande en ligne, activez JavaScript puis rouvrez le lien de votre e-mail. Vous pouvez aussi nous joindre directement${NBSP}:`,
  },
  noToken: {
    title: 'Ouvrez cette page depuis votre e-mail',
    body: `Cette page s’ouvre avec le lien «${NBSP}Suivre ou modifier ma demande${NBSP}» de l’e-mail de confirmation que nous vous avons envoyé. Par sécurité, le lien disparaît de la barre d’adresse une fois la page ouverte${NBSP}: pour revenir ici, rouvrez le lien de l’e-mail.`,
  },
  unknownTitle: 'Lien non valable',
  reachUs: `Pour nous joindre${NBSP}:`,
  phoneLabel: 'Par téléphone',
  emailLabel: 'Par e-mail',
  failure: {
    title: 'La page n’a pas pu joindre le serveur',
    body: 'Vérifiez votre connexion, puis réessayez.',
    retry: 'Réessayer',
  },
  /** Several requests of the same address (ADR 0031): the link opens them all. */
  person: {
    intro: 'Ce lien ouvre toutes les demandes envoyées avec votre adresse e-mail.',
    /** The heading of each request, in the order received. */
    requestTitle: (n: number) => `Demande n°${NBSP}${n}`,
  },
  summary: {
    title: 'Votre demande',
    received: 'Reçue le',
    product: 'Produit',
    noProduct: 'Non précisé',
    stage: 'État',
    channel: 'Comment vous recontacter',
    when: 'Quand vous appeler',
    next: 'Prochain créneau',
    withdrawn: 'Appels',
    withdrawnOn: 'Vous avez demandé à ne plus être appelé(e) le',
  },
  slots: {
    title: 'Changer les jours et créneaux',
    open: 'Changer les jours et créneaux',
    hint: `Ne cochez rien pour être appelé(e) dès que possible. Appels du lundi au vendredi, hors jours fériés.`,
    save: 'Enregistrer',
    cancel: 'Annuler',
    saved: 'Vos jours et créneaux sont enregistrés',
    savedDetail: 'Notre équipe en est informée. Un e-mail vous confirme le changement.',
  },
  stopCalls: {
    title: `Ne plus m’appeler`,
    open: `Ne plus m’appeler`,
    confirmText: `Nous ne vous appellerons plus au sujet de cette demande${NBSP}: nous vous répondrons par e-mail uniquement. Vous retirez ainsi votre accord pour être appelé(e).`,
    confirm: 'Oui, ne plus m’appeler',
    cancel: 'Annuler',
    done: `C’est noté${NBSP}: nous ne vous appellerons plus`,
    doneDetail: 'Nous vous répondrons par e-mail. Notre équipe en est informée.',
  },
  /** The new consent to calls (ADR 0030): its wording is the one stored with the request. */
  allowCalls: {
    title: 'Être rappelé(e) par téléphone',
    open: 'Être rappelé(e) par téléphone',
    confirmText: PHONE_CONSENT_TEXT,
    confirm: 'J’accepte d’être appelé(e)',
    cancel: 'Annuler',
    done: `C’est noté${NBSP}: nous pourrons vous appeler`,
    doneDetail:
      'Nous vous appellerons dès que possible, ou dans les jours et créneaux que vous choisirez ci-dessous. Notre équipe en est informée et un e-mail vous le confirme.',
  },
  /**
   * The person's erasure: every request of the address (ADR 0031), `count` of them; `hidden`:
   * those the page does not list (closed, or past the most it lists).
   */
  erase: {
    sectionTitle: 'Vos données',
    sectionText: 'Vous pouvez effacer à tout moment vos coordonnées et vos demandes.',
    open: (count: number) =>
      count === 1 ? 'Supprimer ma demande' : `Supprimer mes ${count} demandes`,
    confirmText: (count: number, hidden: number) => {
      const what =
        count === 1 ? 'Votre demande sera effacée' : `Vos ${count} demandes seront effacées`;
      const more =
        hidden === 0
          ? ''
          : `, y compris ${hidden} qui ${hidden === 1 ? 'n’est pas affichée' : 'ne sont pas affichées'} ici`;
      return `${what}${more}. La suppression est définitive${NBSP}: vos coordonnées seront effacées de nos fichiers, et les liens de nos e-mails n’ouvriront plus rien. Nous ne pourrons plus vous recontacter à ce sujet.`;
    },
    confirm: 'Supprimer définitivement',
    cancel: 'Annuler',
    doneTitle: (count: number) =>
      count === 1 ? 'Votre demande a été supprimée' : `Vos ${count} demandes ont été supprimées`,
    doneBody: (count: number) =>
      count === 1
        ? 'Vos coordonnées et votre demande ont été effacées. Ce lien n’ouvre plus rien.'
        : `Vos coordonnées et vos ${count} demandes ont été effacées. Les liens de nos e-mails n’ouvrent plus rien.`,
    home: 'Retour à l’accueil',
  },
  actionsTitle: 'Que souhaitez-vous faire\u00a0?',
  closedHint: `Cette demande est clôturée${NBSP}: ses jours et créneaux ne peuvent plus être modifiés.`,
  emailOnlyHint: 'Vous avez choisi d’être recontacté(e) par e-mail uniquement.',
  errorTitle: 'La modification n’a pas été enregistrée',
  dismiss: 'Fermer le message',
} as const;

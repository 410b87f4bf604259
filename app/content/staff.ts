/**
 * The French copy of the staff inbox (/equipe). Imported only by the staff route, so none of it
 * is in a public page's scripts.
 */
import { LEAD_FIELD_LABELS, SOURCE_PAGE_LABEL } from '#contracts/contact/field-labels.ts';
import { STATUS_LABELS } from '#contracts/staff/labels.ts';
import {
  STAFF_PAGE_PREFIX,
  type ExportColumnSet,
  type InboxStanding,
  type InboxView,
  type MailKind,
  type MailState,
  type OutboxStatus,
} from '#contracts/staff/contract.ts';

/** One page of the staff bar's navigation. */
export interface StaffNavEntry {
  label: string;
  /** The page's path, under `/equipe`. */
  to: string;
  /**
   * Paths that belong to this entry's section (a request's page belongs to "Demandes"): the
   * entry is shown as current there too, `aria-current="true"` rather than `"page"`.
   */
  sectionPrefix?: string;
  /** Shown to responsables only (the team page, ADR 0044; audience and integrations, 0046). */
  responsablesOnly?: boolean;
}

/**
 * The staff bar's navigation, in order. A page of the staff app gets its entry here once it
 * exists.
 */
export const STAFF_NAV: readonly StaffNavEntry[] = [
  { label: 'Demandes', to: STAFF_PAGE_PREFIX, sectionPrefix: `${STAFF_PAGE_PREFIX}/demandes/` },
  { label: 'Audience', to: `${STAFF_PAGE_PREFIX}/audience`, responsablesOnly: true },
  { label: 'Intégrations', to: `${STAFF_PAGE_PREFIX}/integrations`, responsablesOnly: true },
  { label: 'Équipe', to: `${STAFF_PAGE_PREFIX}/equipe`, responsablesOnly: true },
  { label: 'Mon compte', to: `${STAFF_PAGE_PREFIX}/mon-compte` },
];

export const staffText = {
  metaTitle: 'Espace équipe',
  signIn: {
    title: 'Connexion à l’espace équipe',
    intro:
      'Saisissez votre adresse e-mail professionnelle : si elle fait partie de l’équipe, vous recevrez un lien de connexion valable 15 minutes.',
    emailLabel: 'Adresse e-mail',
    submit: 'Recevoir un lien de connexion',
    sending: 'Envoi…',
    linkTitle: 'Se connecter',
    linkIntro: 'Vous avez ouvert un lien de connexion. Confirmez pour ouvrir votre session.',
    linkSubmit: 'Me connecter',
    noScript: 'L’espace équipe a besoin de JavaScript.',
  },
  chrome: {
    skipLink: 'Aller au contenu principal',
    area: 'Espace équipe',
    navLabel: 'Pages de l’espace équipe',
    signedInAs: 'Connecté(e) :',
    signOut: 'Se déconnecter',
  },
  notFound: {
    title: 'Page introuvable',
    text: 'Cette page de l’espace équipe n’existe pas, ou plus.',
  },
  failure: {
    title: 'Une erreur est survenue',
    text: 'La page n’a pas pu s’afficher. Rechargez-la ou revenez aux demandes.',
  },
  backToInbox: 'Retour aux demandes',
  inbox: {
    title: 'Demandes reçues',
    countersTitle: 'Compteurs',
    countersWindow: (days: number) => `${days} derniers jours`,
    total: 'Demandes',
    converted: 'Part convertie',
    byProduct: 'Par produit',
    noProduct: 'Sans produit',
    filtersTitle: 'Rechercher et filtrer',
    moreFilters: 'Plus de filtres',
    search: 'Recherche (nom, e-mail, téléphone, adresse)',
    /** Where a search's result stands (contracts/staff/contract.ts, InboxStanding). */
    standings: {
      'a-rappeler': 'À traiter',
      'en-retard': 'En retard',
      joint: 'Joint',
      converti: 'Converti',
      perdu: 'Perdu',
    } satisfies Record<InboxStanding, string>,
    status: 'Statut',
    product: LEAD_FIELD_LABELS.produit,
    clientType: LEAD_FIELD_LABELS.clientType,
    from: 'Reçues à partir du',
    to: 'Reçues jusqu’au',
    sourcePage: `${SOURCE_PAGE_LABEL} (chemin, ex. /contact)`,
    any: 'Tous',
    apply: 'Filtrer',
    reset: 'Effacer les filtres',
    export: {
      title: 'Exporter pour un tableur',
      hint: 'Fichier CSV pour Excel ou LibreOffice\u00a0: heures de l’entreprise, mots en clair, numéros de téléphone tels que saisis.',
      legend: 'Que voulez-vous exporter\u00a0?',
      view: (view: string, filtered: boolean, total: number) =>
        `La liste affichée : « ${view} »${filtered ? ', avec la recherche et les filtres' : ''} (${
          total === 1 ? '1 demande' : `${total} demandes`
        })`,
      all: 'Toutes les demandes',
      columnsLegend: 'Quelles colonnes\u00a0?',
      columns: {
        liste: {
          label: 'Les colonnes de la liste',
          hint: 'Nom, téléphone, e-mail, produit, statut, échéance, dernier appel et son résultat.',
        },
        toutes: {
          label: 'Toutes les colonnes',
          hint: 'En plus\u00a0: adresse, message, choix de recontact, e-mails envoyés, tous les appels, consentement.',
        },
      } satisfies Record<ExportColumnSet, { label: string; hint: string }>,
      submit: 'Télécharger le fichier CSV',
    },
    results: (total: number) =>
      total === 0 ? 'Aucune demande' : total === 1 ? '1 demande' : `${total} demandes`,
    /** What an empty view holds, and what to do next. */
    empty: {
      'a-rappeler':
        'Aucune demande à traiter : chaque personne a été jointe ou a reçu une réponse par e-mail, ou sa demande est close.',
      'en-retard': 'Aucune demande en retard : toutes sont dans le délai promis.',
      'mes-demandes': 'Aucune demande à traiter pour vous, ni à attribuer.',
      'a-attribuer': 'Aucune demande à traiter sans personne attribuée.',
      toutes: 'Aucune demande reçue pour l’instant.',
    } satisfies Record<InboxView, string>,
    /** An empty search or filter: in « Toutes les demandes », or in a narrower view. */
    emptyFiltered: (view: string | undefined) =>
      view
        ? `Aucune demande de la vue « ${view} » ne correspond à la recherche ou aux filtres.`
        : 'Aucune demande ne correspond à la recherche ou aux filtres.',
    clearFilters: 'Effacer la recherche et les filtres',
    showAll: 'Voir toutes les demandes',
    columns: {
      due: 'Échéance',
      owner: 'Attribuée à',
      received: 'Reçue',
      person: 'Personne',
      contact: 'Contact',
      product: 'Produit',
      status: 'Statut',
      mails: 'E-mails',
    },
    open: (name: string) => `Ouvrir la demande de ${name}`,
    previous: 'Page précédente',
    next: 'Page suivante',
    pageOf: (page: number, pages: number) => `Page ${page} sur ${pages}`,
  },
  clientTypes: { particulier: 'Particulier', professionnel: 'Professionnel' } as Record<
    string,
    string
  >,
  lead: {
    received: 'Reçue le',
    fieldsTitle: 'La demande',
    fields: {
      ...LEAD_FIELD_LABELS,
      sourcePage: SOURCE_PAGE_LABEL,
      campaign: 'Campagne (utm)',
    },
    none: '—',
    consentTitle: 'Consentement',
    consentIntro:
      'Texte accepté par la personne en envoyant le formulaire : tout contact avec elle doit reposer sur ce consentement.',
    consentVersion: 'Version',
    consentAt: 'Donné le',
    consentPage: 'Depuis la page',
    relatedTitle: 'Autres demandes de cette personne (même e-mail ou téléphone)',
    relatedNone: 'Aucune autre demande.',
    mailsTitle: 'E-mails de cette demande',
    mailsNone: 'Aucun e-mail pour cette demande.',
    mailKind: {
      notification: 'Notification à l’équipe',
      confirmation: 'Confirmation au client',
      alert: 'Alerte d’afflux',
      digest: 'Résumé du matin',
      webhook_alert: 'Alerte du webhook CRM',
      schedule_update: 'Créneau mis à jour (au client)',
      schedule_cancel: 'Appels annulés (au client)',
      visitor_notice: 'Changement par le demandeur (à l’équipe)',
      handover: 'Demande confiée (au nouveau responsable)',
    } satisfies Record<MailKind, string>,
    mailAttempts: (count: number) => (count <= 1 ? `${count} essai` : `${count} essais`),
    mailLastError: 'Dernière erreur',
    retry: 'Renvoyer maintenant',
    retried: 'Les e-mails en échec seront renvoyés dans quelques secondes.',
    statusTitle: 'Statut et notes',
    statusLabel: 'Statut',
    noteLabel: 'Note (facultative)',
    save: 'Enregistrer',
    saved: 'Modification enregistrée.',
    notesTitle: 'Notes',
    notesNone: 'Aucune note.',
    auditTitle: 'Historique (non modifiable)',
    auditNone: 'Aucune modification.',
    eraseTitle: 'Effacer cette personne',
    eraseIntro:
      'Droit à l’effacement (RGPD) : supprime définitivement toutes les demandes de cette adresse e-mail, leurs e-mails et leurs notes. L’historique garde seulement la date, votre nom et le nombre de demandes effacées.',
    erase: 'Effacer cette personne…',
    eraseConfirmTitle: 'Confirmer l’effacement',
    eraseConfirm: (count: number) =>
      `Effacer définitivement ${count === 1 ? 'la demande' : `les ${count} demandes`} de cette personne ? Cette action est irréversible.`,
    eraseYes: 'Effacer définitivement',
    eraseNo: 'Annuler',
    erased: (count: number) =>
      count === 1
        ? 'La personne a été effacée (1 demande).'
        : `La personne a été effacée (${count} demandes).`,
  },
  errors: {
    generic: 'Une erreur est survenue. Réessayez.',
    network: 'Le serveur ne répond pas. Vérifiez votre connexion et réessayez.',
  },
} as const;

export { STATUS_LABELS };

/**
 * The delivery state of one e-mail, in French. An exhaustive switch over the store's status
 * union: a new status (e.g. `withheld` during a flood) fails the typecheck here until it has its
 * label.
 */
export function deliveryLabel(
  mail: Pick<MailState, 'status' | 'attempts' | 'withheldReason'>,
): string {
  const status: OutboxStatus = mail.status;
  switch (status) {
    case 'sent':
      return 'envoyé';
    case 'pending':
      return mail.attempts > 0 ? 'en échec, nouvel essai prévu' : 'en attente d’envoi';
    case 'failed':
      return 'échec définitif';
    case 'withheld':
      return mail.withheldReason === 'confirmation-recent'
        ? 'non envoyé : une confirmation est déjà partie vers cette adresse dans les 24 h'
        : 'retenu pendant un afflux (résumé dans l’alerte envoyée à l’entreprise)';
    default: {
      const unknown: never = status;
      return unknown;
    }
  }
}

/** Whether an e-mail is worth a "retry now". */
export function isFailing(mail: Pick<MailState, 'status' | 'attempts'>): boolean {
  return mail.status === 'failed' || (mail.status === 'pending' && mail.attempts > 0);
}

const dateTime = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'Europe/Paris',
});

export function formatDateTime(ms: number): string {
  return dateTime.format(ms);
}

const dateTimeSeconds = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'short',
  timeStyle: 'medium',
  timeZone: 'Europe/Paris',
});

/** With the seconds, for a delivery log whose attempts are seconds apart (`26/11/2026 03:04:05`). */
export function formatDateTimeSeconds(ms: number): string {
  return dateTimeSeconds.format(ms);
}

const relative = new Intl.RelativeTimeFormat('fr', { numeric: 'auto' });

/** "il y a 5 minutes", "hier", "il y a 3 jours". */
export function formatAge(ms: number, now: number): string {
  const minutes = Math.round((now - ms) / 60_000);
  if (minutes < 60) return relative.format(-Math.max(minutes, 0), 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 24) return relative.format(-hours, 'hour');
  return relative.format(-Math.round(hours / 24), 'day');
}

const percent = new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 0 });

export function formatShare(share: number): string {
  return percent.format(share);
}

/**
 * The French copy of the CRM webhook's staff pages (issue 26): the integrations page
 * (/equipe/integrations) and a request's « Envois au CRM ». Imported only by the staff routes,
 * so none of it is in a public page's scripts.
 */
import type {
  WebhookAttemptView,
  WebhookEndpointState,
  WebhookEventStatus,
  WebhookEventType,
} from '../../contracts/staff/webhooks-contract';
import { formatDateTime } from './staff';

export const WEBHOOK_EVENT_LABELS = {
  'lead.created': 'Nouvelle demande',
  'lead.status_changed': 'Changement de statut',
  'lead.erased': 'Effacement',
  'webhook.test': 'Test',
} as const satisfies Record<WebhookEventType, string>;

export const WEBHOOK_STATUS_LABELS = {
  pending: 'En attente',
  delivered: 'Livré',
  failed: 'Échec',
  cancelled: 'Annulé (effacement)',
} as const satisfies Record<WebhookEventStatus, string>;

function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString('fr-FR')} ${count === 1 ? one : many}`;
}

/** `1 234 ms` (French grouping, a non-breaking space before the unit). */
export function formatDurationMs(ms: number): string {
  return `${Math.round(ms).toLocaleString('fr-FR')}\u00a0ms`;
}

/**
 * An attempt's outcome: the server's French error when it failed (it names the status:
 * « réponse HTTP 500 », « redirection 302 non suivie », « délai dépassé (15 s) »), else `HTTP 200`.
 */
export function attemptOutcome(attempt: Pick<WebhookAttemptView, 'httpStatus' | 'error'>): string {
  if (attempt.error) return attempt.error;
  return attempt.httpStatus === null ? '—' : `HTTP ${attempt.httpStatus}`;
}

/** Whether an attempt succeeded (a 2xx), for its tone. */
export function attemptSucceeded(attempt: Pick<WebhookAttemptView, 'httpStatus'>): boolean {
  return attempt.httpStatus !== null && attempt.httpStatus >= 200 && attempt.httpStatus < 300;
}

/** The endpoint's state in French; `disabledAt` names when a 410 disabled it. */
export function endpointStateLabel(state: WebhookEndpointState, disabledAt: number | null): string {
  switch (state) {
    case 'active':
      return 'Actif';
    case 'disabled':
      return disabledAt === null
        ? 'Désactivé après une réponse 410 (Gone)'
        : `Désactivé après une réponse 410 (Gone), le ${formatDateTime(disabledAt)}`;
    case 'failing':
      return 'En échec : des envois attendent d’être renvoyés';
    default: {
      const unknown: never = state;
      return unknown;
    }
  }
}

export const webhooksText = {
  metaTitle: 'Intégrations — Espace équipe',
  title: 'Intégrations',
  intro:
    'Chaque nouvelle demande, changement de statut et effacement est envoyé au CRM de l’entreprise par un webhook signé (Standard Webhooks), réessayé pendant environ une journée en cas d’échec.',
  notConfiguredTitle: 'Aucun webhook configuré',
  notConfigured: {
    before: 'Aucun webhook CRM n’est configuré : rien n’est envoyé hors de ce site. Les réglages ',
    between: ' (l’adresse du CRM qui reçoit les envois) et ',
    after: ' (la clé qui signe chaque envoi) du serveur l’activent.',
  },
  endpointTitle: 'Point de réception',
  endpointUrl: 'Adresse',
  endpointState: 'État',
  pendingCount: 'Envois en attente',
  enable: 'Réactiver',
  enabled: (count: number) =>
    count === 0
      ? 'Le point de réception est réactivé.'
      : `Le point de réception est réactivé : ${plural(count, 'envoi en attente repart', 'envois en attente repartent')}.`,
  sendTest: 'Envoyer un test',
  testQueued: 'Un événement de test part vers le CRM dans quelques secondes.',
  refresh: 'Actualiser',
  updatedAt: (at: string) => `Mis à jour le ${at}.`,
  failuresTitle: 'Envois en échec',
  failuresNone: 'Aucun envoi en échec.',
  failuresCaption: 'Envois en échec, du plus récent au plus ancien',
  failuresShown: (shown: number, total: number) =>
    `Les ${shown.toLocaleString('fr-FR')} plus récents sur ${plural(total, 'envoi en échec', 'envois en échec')}.`,
  resendAll: 'Tout renvoyer',
  recentTitle: 'Derniers envois',
  recentNone: 'Aucun envoi pour l’instant.',
  recentCaption: 'Derniers essais d’envoi, du plus récent au plus ancien',
  columns: {
    event: 'Événement',
    request: 'Demande',
    createdAt: 'Créé le',
    lastAttempt: 'Dernier essai',
    attempts: 'Essais',
    action: 'Action',
    at: 'Heure',
    webhookId: 'webhook-id',
    outcome: 'Réponse',
    duration: 'Durée',
  },
  /** A request's link in a table: its id's first characters. */
  requestLink: (leadId: string) => `Demande ${leadId.slice(0, 8)}`,
  requestErased: 'Demande effacée',
  noRequest: '—',
  noAttempt: 'Aucun essai',
  resend: 'Renvoyer',
  /** « Renvoyer »'s accessible name: it tells one event's button from another's. */
  resendLabel: (webhookId: string) => `Renvoyer l’événement ${webhookId}`,
  resent: (count: number) =>
    count === 0
      ? 'Rien à renvoyer : l’envoi n’est plus en échec.'
      : count === 1
        ? 'L’envoi repart vers le CRM dans quelques secondes, avec le même webhook-id.'
        : `${plural(count, 'envoi repart', 'envois repartent')} vers le CRM dans quelques secondes, avec leurs webhook-id.`,
  lead: {
    title: 'Envois au CRM',
    none: 'Aucun envoi pour cette demande.',
    nextAttempt: (at: number) => `prochain essai le ${formatDateTime(at)}`,
    deliveredAt: (at: number) => `le ${formatDateTime(at)}`,
    attemptsCaption: (event: string, webhookId: string) =>
      `Essais de l’envoi « ${event} » (${webhookId})`,
    loadFailed: 'Les envois au CRM de cette demande n’ont pas pu être chargés.',
  },
} as const;

/**
 * The French copy of the CRM webhook's staff pages (ADR 0024): the integrations page
 * (/equipe/integrations) and a request's « Envois au CRM ». Imported only by the staff routes,
 * so none of it is in a public page's scripts.
 */
import type {
  IntegrationsPage,
  WebhookAttemptView,
  WebhookEndpointState,
  WebhookEventStatus,
  WebhookEventType,
} from '#contracts/staff/webhooks-contract.ts';
import { formatDateTime } from './staff.ts';

export const WEBHOOK_EVENT_LABELS = {
  'lead.created': 'Nouvelle demande',
  'lead.status_changed': 'Changement de statut',
  'lead.erased': 'Effacement',
  'lead.contact_changed': 'Changement du mode de recontact',
  'lead.assigned': 'Attribution',
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

/** Who and what a delivery was about, in words: « Nouvelle demande de Élise Durand ». */
export function eventInWords(type: WebhookEventType, person: string | null): string {
  switch (type) {
    case 'lead.created':
      return person
        ? `Nouvelle demande de ${person}`
        : 'Nouvelle demande (personne effacée depuis)';
    case 'lead.status_changed':
      return person
        ? `Changement de statut de la demande de ${person}`
        : 'Changement de statut (personne effacée depuis)';
    case 'lead.erased':
      return 'Effacement d’une demande (par l’équipe, par le demandeur ou en fin de conservation)';
    case 'lead.contact_changed':
      return person
        ? `Changement du mode de recontact par ${person}`
        : 'Changement du mode de recontact (personne effacée depuis)';
    case 'lead.assigned':
      return person
        ? `Attribution de la demande de ${person}`
        : 'Attribution (personne effacée depuis)';
    case 'webhook.test':
      return 'Envoi de test';
    default: {
      const unknown: never = type;
      return unknown;
    }
  }
}

/** The state in plain words, for the page's first block. */
export function endpointStatePlain(
  page: Pick<Extract<IntegrationsPage, { configured: true }>, 'endpoint' | 'failedTotal'>,
): string {
  const { state, disabledAt } = page.endpoint;
  switch (state) {
    case 'active':
      return 'Fonctionne';
    case 'disabled':
      return disabledAt === null
        ? 'Arrêté\u00a0: le CRM a demandé l’arrêt des envois'
        : `Arrêté\u00a0: le CRM a demandé l’arrêt des envois le ${formatDateTime(disabledAt)}`;
    case 'failing':
      return page.failedTotal > 0
        ? 'En échec\u00a0: des envois attendent d’être renvoyés'
        : 'Le dernier envoi n’est pas arrivé\u00a0: nouvel essai prévu';
    default: {
      const unknown: never = state;
      return unknown;
    }
  }
}

const DOES =
  'Cette page suit l’envoi automatique des demandes au logiciel client de l’entreprise (CRM)';

/** « 1 envoi » / « 3 envois », and the pronoun that stands for it. */
function sent(count: number) {
  return { count: plural(count, 'envoi', 'envois'), them: count === 1 ? 'le' : 'les' };
}

/** The page's first sentence: what it does and whether it works. */
export function integrationsSummary(page: IntegrationsPage): string {
  if (!page.configured) {
    return `${DOES}\u00a0: cet envoi n’est pas mis en place, les demandes restent seulement dans l’espace équipe.`;
  }
  const waiting =
    page.pending > 0 ? `, ${plural(page.pending, 'envoi en attente', 'envois en attente')}` : '';
  switch (page.endpoint.state) {
    case 'disabled':
      return `${DOES}\u00a0: il est arrêté, le CRM ayant demandé l’arrêt des envois${waiting}\u00a0; cliquez sur «\u00a0Réactiver\u00a0» quand le CRM est de nouveau prêt.`;
    case 'failing': {
      const failed = sent(page.failedTotal);
      return page.failedTotal > 0
        ? `${DOES}\u00a0: le CRM n’a pas reçu ${failed.count}\u00a0; renvoyez-${failed.them} ci-dessous quand il fonctionne de nouveau.`
        : `${DOES}\u00a0: le dernier envoi n’est pas arrivé, un nouvel essai est prévu${waiting}.`;
    }
    case 'active': {
      const delivered = page.recent.find((attempt) => attemptSucceeded(attempt));
      return delivered
        ? `${DOES}\u00a0: il fonctionne, le dernier envoi est arrivé dans le CRM le ${formatDateTime(delivered.at)}${waiting}.`
        : `${DOES}\u00a0: il est prêt, rien n’a encore été envoyé${waiting}.`;
    }
    default: {
      const unknown: never = page.endpoint.state;
      return unknown;
    }
  }
}

export const webhooksText = {
  metaTitle: 'Intégrations — Espace équipe',
  title: 'Intégrations',
  notConfiguredTitle: 'Aucun envoi au CRM',
  notConfiguredPlain:
    'Les demandes ne sont envoyées à aucun logiciel client (CRM)\u00a0: elles restent dans l’espace équipe. La personne qui gère le site peut mettre cet envoi en place.',
  notConfigured: {
    before: 'Les réglages du serveur ',
    between: ' (l’adresse du CRM qui reçoit les envois) et ',
    after: ' (la clé qui signe chaque envoi) activent l’envoi.',
  },
  endpointTitle: 'État de l’envoi au CRM',
  endpointUrl: 'Adresse du CRM',
  endpointState: 'État',
  endpointTechnicalState: 'État technique',
  settings: 'Réglages du serveur',
  technicalTitle: 'Détails techniques',
  /** Under « Détails techniques »: what the plain words above leave out. */
  technicalRetries:
    'Chaque événement est envoyé signé (Standard Webhooks) et retenté selon WEBHOOK_RETRY_DELAYS\u00a0; après son dernier essai il passe à l’état failed et n’est plus retenté\u00a0: «\u00a0Renvoyer\u00a0» le remet en file sous le même webhook-id. Une réponse 410 (Gone) désactive le point de réception jusqu’à «\u00a0Réactiver\u00a0».',
  technicalFailedCaption: 'Envois en échec\u00a0: identifiants, essais et dernières réponses',
  technicalRecentCaption: 'Derniers essais : identifiants, réponses et durées',
  pendingCount: 'Envois en attente',
  disabledHelp:
    'Le CRM ne reçoit plus rien\u00a0: il a fait savoir que l’adresse où le site lui envoie les demandes n’existe plus. Rien n’est perdu, ce qui devait partir est gardé. Quand la personne qui gère le CRM a vérifié cette adresse, cliquez sur «\u00a0Réactiver\u00a0»\u00a0: tout partira dans l’ordre.',
  enable: 'Réactiver',
  enabled: (count: number) =>
    count === 0
      ? 'Les envois au CRM reprennent.'
      : `Les envois au CRM reprennent\u00a0: ${plural(count, 'envoi en attente part', 'envois en attente partent')} dans quelques secondes.`,
  sendTest: 'Envoyer un test',
  testQueued:
    'Un envoi de test part vers le CRM dans quelques secondes\u00a0; son résultat s’affichera dans «\u00a0Derniers envois\u00a0» (bouton «\u00a0Actualiser\u00a0»).',
  refresh: 'Actualiser',
  updatedAt: (at: string) => `Mis à jour le ${at}.`,
  failuresTitle: 'Envois en échec',
  failuresHelp:
    'Le CRM n’a pas reçu ces envois, malgré plusieurs essais, et le site ne réessaiera plus de lui-même. Rien n’est perdu\u00a0: quand le CRM fonctionne de nouveau, cliquez sur «\u00a0Tout renvoyer\u00a0», ou sur «\u00a0Renvoyer\u00a0» pour un seul envoi.',
  failuresNone: 'Aucun envoi en échec.',
  failuresCaption: 'Envois en échec, du plus récent au plus ancien',
  failuresShown: (shown: number, total: number) =>
    `Les ${shown.toLocaleString('fr-FR')} plus récents sur ${plural(total, 'envoi en échec', 'envois en échec')}.`,
  resendAll: 'Tout renvoyer',
  recentTitle: 'Derniers envois',
  recentNone: 'Aucun envoi pour l’instant.',
  recentCaption: 'Derniers essais d’envoi, du plus récent au plus ancien',
  columns: {
    delivery: 'Envoi',
    result: 'Résultat',
    event: 'Événement',
    request: 'Demande',
    lastAttempt: 'Dernier essai',
    attempts: 'Essais',
    action: 'Action',
    at: 'Heure',
    webhookId: 'webhook-id',
    outcome: 'Réponse',
    duration: 'Durée',
  },
  /** Below a failed delivery's words: when it was made. */
  createdAt: (at: string) => `du ${at}`,
  received: 'Reçu par le CRM',
  failed: 'Non reçu',
  failedAt: (at: string) => `Non reçu (dernier essai le ${at})`,
  noAttempt: 'Aucun essai',
  resend: 'Renvoyer',
  /** « Renvoyer »'s accessible name on the request's page: it names the event's id. */
  resendLabel: (webhookId: string) => `Renvoyer l’événement ${webhookId}`,
  /** « Renvoyer »'s accessible name on the integrations page: the event in words and its time. */
  resendNamed: (event: string, at: string) => `Renvoyer : ${event} (${at})`,
  resent: (count: number) =>
    count === 0
      ? 'Rien à renvoyer\u00a0: cet envoi n’est plus en échec.'
      : count === 1
        ? 'L’envoi repart vers le CRM dans quelques secondes.'
        : `${plural(count, 'envoi repart', 'envois repartent')} vers le CRM dans quelques secondes.`,
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

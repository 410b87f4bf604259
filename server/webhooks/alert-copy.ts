import type { WebhookAlertKind } from '#server/db/tables/webhooks.ts';

/**
 * The French copy of the CRM webhook's alert e-mails to the company, for the salesperson who
 * reads them: what happened, that nothing is lost, what to do and where. The address, the HTTP
 * status, the event states and the setting names are only in « Détails techniques », at the end,
 * for the person who runs the site or the CRM (ADR 0038).
 */

function count(n: number, one: string, many: string): string {
  return `${n.toLocaleString('fr-FR')} ${n === 1 ? one : many}`;
}

export interface WebhookAlertCopy {
  subject: (failed: number) => string;
  heading: (failed: number) => string;
  /** The plain paragraphs: `at` is the alert's time in words (« 28 novembre 2026 à 14:05 »). */
  paragraphs: (facts: { at: string; failed: number }) => string[];
  /** What the person who runs the site or the CRM needs: the address, statuses, settings. */
  technical: (facts: { endpoint: string; failed: number }) => string[];
}

export const webhookAlertCopy = {
  exhausted: {
    subject: (failed) =>
      `Le logiciel client (CRM) n’a pas reçu ${count(failed, 'envoi', 'envois')}`,
    heading: (failed) =>
      failed === 1
        ? 'Un envoi n’est pas arrivé dans votre logiciel client (CRM)'
        : 'Des envois ne sont pas arrivés dans votre logiciel client (CRM)',
    paragraphs: ({ at, failed }) => [
      `Le ${at}, un envoi vers votre logiciel client (CRM) n’est pas arrivé, malgré plusieurs essais.`,
      `À cette heure, ${count(failed, 'envoi attend', 'envois attendent')} d’être renvoyé${failed === 1 ? '' : 's'} à la main\u00a0: une nouvelle demande ou un changement sur une demande (statut, effacement…). Le site ne réessaiera plus de lui-même.`,
      'Rien n’est perdu\u00a0: les demandes restent enregistrées et visibles dans l’espace équipe. Quand le CRM fonctionne de nouveau, ouvrez la page Intégrations et cliquez sur «\u00a0Tout renvoyer\u00a0» (ou sur «\u00a0Renvoyer\u00a0» pour un seul envoi).',
      'Si cela se reproduit alors que le CRM fonctionne, transférez ce message à la personne qui gère le site ou le CRM\u00a0: les détails techniques sont à la fin.',
      'Vous ne recevrez pas d’autre alerte de ce type pendant 24\u00a0heures, même si d’autres envois échouent.',
    ],
    technical: ({ endpoint, failed }) => [
      `Webhook\u00a0: ${endpoint}`,
      `${count(failed, 'événement est', 'événements sont')} à l’état «\u00a0failed\u00a0»\u00a0: tous les essais prévus (réglage WEBHOOK_RETRY_DELAYS) ont échoué, ils ne sont plus retentés d’eux-mêmes. «\u00a0Renvoyer\u00a0» les remet en file sous le même webhook-id.`,
      'Les réponses du CRM à chaque essai (statut HTTP ou erreur, durée) sont sous «\u00a0Détails techniques\u00a0» dans la page Intégrations.',
    ],
  },
  gone: {
    subject: () => 'Le logiciel client (CRM) ne reçoit plus les demandes',
    heading: () => 'Les envois vers votre logiciel client (CRM) sont arrêtés',
    paragraphs: ({ at }) => [
      `Le ${at}, votre logiciel client (CRM) a fait savoir que l’adresse où le site lui envoie les demandes n’existe plus. Le site a aussitôt arrêté de lui envoyer quoi que ce soit.`,
      'Rien n’est perdu\u00a0: les demandes restent enregistrées et visibles dans l’espace équipe, et ce qui devait partir vers le CRM est gardé.',
      'Demandez à la personne qui gère le CRM de vérifier son adresse de réception (les détails techniques sont à la fin de ce message). Ensuite, ouvrez la page Intégrations et cliquez sur «\u00a0Réactiver\u00a0»\u00a0: ce qui a été gardé partira dans l’ordre.',
    ],
    technical: ({ endpoint }) => [
      `Webhook\u00a0: ${endpoint}`,
      'Réponse HTTP 410 (Gone)\u00a0: le webhook est désactivé, plus aucun essai n’est fait.',
      'Les événements en attente et ceux créés entre-temps sont conservés\u00a0; à la réactivation («\u00a0Réactiver\u00a0»), ils partent dans l’ordre, sous leurs webhook-id. À vérifier\u00a0: l’adresse de réception côté CRM et le réglage WEBHOOK_URL du serveur.',
    ],
  },
} as const satisfies Record<WebhookAlertKind, WebhookAlertCopy>;

export const webhookAlertPlaces = {
  where: 'Page Intégrations de l’espace équipe\u00a0:',
  technicalTitle: 'Détails techniques (pour la personne qui gère le site ou le CRM)',
} as const;

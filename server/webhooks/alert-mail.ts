import { escapeHtml } from '#server/http/escape-html.ts';
import type { MailMessage, MailSettings } from '#server/outbox/index.ts';
import type { OutboxRow } from '#server/outbox/index.ts';
import type { WebhookAlertKind } from '#server/db/tables/webhooks.ts';

/**
 * The CRM webhook's alert e-mails to the company (issue 26): retries ran out (at most one per
 * 24 h, with the number of events failed when it was written), or the endpoint answered 410 and
 * was disabled. Each names the endpoint (without its query string) and where to act: the staff
 * inbox's integrations page. No person's data.
 */
const timeFormat = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Paris',
});

export const webhookAlertCopy = {
  subject: {
    exhausted: (failed: number) =>
      `Webhook CRM : ${failed} ${failed === 1 ? 'envoi en échec' : 'envois en échec'}`,
    gone: 'Webhook CRM désactivé : le CRM a répondu 410 (Gone)',
  },
  heading: {
    exhausted: 'Des demandes ne sont pas arrivées dans votre CRM',
    gone: 'Le webhook vers votre CRM est désactivé',
  },
  paragraphs: {
    exhausted: (endpoint: string, failed: number, at: string) => [
      `Le ${at}, un envoi vers ${endpoint} a échoué à chacun de ses essais.`,
      `${failed} ${failed === 1 ? 'événement est' : 'événements sont'} en échec à cette heure : ils ne seront plus retentés d’eux-mêmes.`,
      'Les demandes restent enregistrées et visibles dans l’espace équipe. Une fois le CRM de nouveau joignable, renvoyez-les depuis la page Intégrations (« Renvoyer » ou « Tout renvoyer »).',
      'Vous ne recevrez pas d’autre alerte de ce type pendant 24 heures, quel que soit le nombre d’échecs.',
    ],
    gone: (endpoint: string, at: string) => [
      `Le ${at}, ${endpoint} a répondu 410 (Gone) : l’adresse n’existe plus pour votre CRM. Le webhook a été désactivé aussitôt, plus aucun envoi n’est tenté.`,
      'Les événements en attente et ceux qui arrivent entre-temps sont conservés. Ils partiront dans l’ordre, sous leurs identifiants, quand vous réactiverez le webhook depuis la page Intégrations (« Réactiver »), après avoir vérifié l’adresse dans votre CRM (réglage WEBHOOK_URL).',
    ],
  },
  where: 'Page Intégrations de l’espace équipe :',
} as const;

export interface WebhookAlertFacts {
  kind: WebhookAlertKind;
  at: number;
  endpoint: string;
  failed: number;
}

export function buildWebhookAlert(
  facts: WebhookAlertFacts,
  siteUrl: string,
  settings: MailSettings,
  messageId: string,
): MailMessage {
  const copy = webhookAlertCopy;
  const at = timeFormat.format(new Date(facts.at));
  const paragraphs =
    facts.kind === 'gone'
      ? copy.paragraphs.gone(facts.endpoint, at)
      : copy.paragraphs.exhausted(facts.endpoint, facts.failed, at);
  const link = `${siteUrl.replace(/\/+$/, '')}/equipe/integrations`;
  const heading = copy.heading[facts.kind];
  const text = [
    heading,
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    copy.where,
    link,
    '',
  ].join('\n');
  const html = `<!doctype html>
<html lang="fr">
<head><meta charset="utf-8"><title>${escapeHtml(heading)}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; color: #0f172a; line-height: 1.5;">
<h1 style="font-size:20px;">${escapeHtml(heading)}</h1>
${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
<p>${escapeHtml(copy.where)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
</body>
</html>`;
  return {
    from: settings.from,
    to: settings.to,
    subject: facts.kind === 'gone' ? copy.subject.gone : copy.subject.exhausted(facts.failed),
    text,
    html,
    messageId,
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
}

/** The outbox's writer of `webhook_alert` rows: reads the alert, writes its e-mail. */
export function webhookAlertWriter(
  readAlert: (id: number) => Promise<WebhookAlertFacts | undefined>,
  siteUrl: () => string,
) {
  return async (row: OutboxRow, settings: MailSettings): Promise<MailMessage | undefined> => {
    if (row.webhookAlertId === null) return undefined;
    const alert = await readAlert(row.webhookAlertId);
    return alert && buildWebhookAlert(alert, siteUrl(), settings, row.messageId);
  };
}

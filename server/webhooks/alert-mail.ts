import { escapeHtml } from '#server/http/escape-html.ts';
import type { MailMessage, MailSettings } from '#server/outbox/index.ts';
import type { OutboxRow } from '#server/outbox/index.ts';
import type { WebhookAlertKind } from '#server/db/tables/webhooks.ts';
import { webhookAlertCopy, webhookAlertPlaces } from './alert-copy.ts';

/**
 * The CRM webhook's alert e-mails to the company (ADR 0024): retries ran out (at most one per
 * 24 h, with the number of events failed when it was written), or the endpoint answered 410 and
 * was disabled. Each says in plain words what happened and where to act (the staff inbox's
 * integrations page); the endpoint (without its query string), the status and the settings come
 * last, under « Détails techniques » (the copy: alert-copy.ts). No person's data.
 */
const timeFormat = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Paris',
});

export interface WebhookAlertFacts {
  kind: WebhookAlertKind;
  at: number;
  endpoint: string;
  failed: number;
}

function alertText(heading: string, paragraphs: string[], link: string, technical: string[]) {
  return [
    heading,
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    webhookAlertPlaces.where,
    link,
    '',
    '',
    webhookAlertPlaces.technicalTitle,
    '',
    ...technical.flatMap((line) => [line, '']),
  ].join('\n');
}

/** The technical part folded in a disclosure; shown open by the clients that do not fold it. */
function alertHtml(heading: string, paragraphs: string[], link: string, technical: string[]) {
  return `<!doctype html>
<html lang="fr">
<head><meta charset="utf-8"><title>${escapeHtml(heading)}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; color: #0f172a; line-height: 1.5;">
<h1 style="font-size:20px;">${escapeHtml(heading)}</h1>
${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
<p>${escapeHtml(webhookAlertPlaces.where)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<details style="margin-top:24px; color:#334155; font-size:14px;">
<summary style="font-weight:bold;">${escapeHtml(webhookAlertPlaces.technicalTitle)}</summary>
${technical.map((line) => `<p style="word-break:break-all;">${escapeHtml(line)}</p>`).join('\n')}
</details>
</body>
</html>`;
}

export function buildWebhookAlert(
  facts: WebhookAlertFacts,
  siteUrl: string,
  settings: MailSettings,
  messageId: string,
): MailMessage {
  const copy = webhookAlertCopy[facts.kind];
  const paragraphs = copy.paragraphs({
    at: timeFormat.format(new Date(facts.at)),
    failed: facts.failed,
  });
  const technical = copy.technical({ endpoint: facts.endpoint, failed: facts.failed });
  const link = `${siteUrl.replace(/\/+$/, '')}/equipe/integrations`;
  const heading = copy.heading(facts.failed);
  return {
    from: settings.from,
    to: settings.to,
    subject: copy.subject(facts.failed),
    text: alertText(heading, paragraphs, link, technical),
    html: alertHtml(heading, paragraphs, link, technical),
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

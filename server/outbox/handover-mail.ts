import { escapeHtml } from '#server/http/escape-html.ts';
import type { Lead } from '#server/db/records/lead.ts';
import { handoverCopy } from './handover-copy.ts';
import type { MailMessage } from './mail-transport.ts';
import type { MailPerson } from './people.ts';
import { dueRow, layout, type MailSettings, staffLeadUrl } from './templates.ts';

/**
 * « Confier à … » (ADR 0048): the request's link to its new owner, with its product, due time
 * and reference; nothing of the person who asked (no name, phone, e-mail address or message).
 */
export function buildHandover(
  lead: Lead,
  person: MailPerson,
  settings: MailSettings,
  messageId: string,
): MailMessage {
  const copy = handoverCopy;
  const base = settings.siteUrl?.();
  const pageUrl = base ? staffLeadUrl(base, lead.id) : undefined;
  const rows: Array<[string, string]> = [
    [copy.product, lead.produit || copy.noProduct],
    ...dueRow(lead, settings),
    [copy.reference, lead.id],
  ];
  const text = [
    copy.greeting(person.firstName),
    '',
    copy.intro,
    '',
    ...rows.map(([label, value]) => `${label}\u00a0: ${value}`),
    '',
    ...(pageUrl ? [`${copy.openLead}\u00a0:`, pageUrl] : [copy.noLink]),
    '',
    copy.footer,
    '',
  ].join('\n');
  const html = layout(
    copy.heading,
    `<p>${escapeHtml(copy.greeting(person.firstName))}</p>
<p>${escapeHtml(copy.intro)}</p>
<ul>
${rows.map(([label, value]) => `<li>${escapeHtml(label)}&nbsp;: ${escapeHtml(value)}</li>`).join('\n')}
</ul>
${pageUrl ? `<p><a href="${escapeHtml(pageUrl)}">${escapeHtml(copy.openLead)}</a></p>` : `<p>${escapeHtml(copy.noLink)}</p>`}
<p style="color:#475569;">${escapeHtml(copy.footer)}</p>`,
  );
  return {
    from: settings.from,
    to: person.email,
    subject: copy.subject(lead.produit),
    text,
    html,
    messageId,
    headers: { 'X-Lead-Id': lead.id, 'Auto-Submitted': 'auto-generated' },
  };
}

import { type CallbackTime } from '#contracts/contact/callback-time.ts';
import { slotsSummary, STORED_CHANNEL_LABELS } from '#contracts/contact/choice-records.ts';
import { formatDueTime } from '#contracts/staff/callback-format.ts';
import { DUE_LABELS, dueWorkOf } from '#contracts/staff/labels.ts';
import { LEAD_FIELDS } from '#contracts/contact/lead-contract.ts';
import { STAFF_PAGE_PREFIX } from '#contracts/staff/contract.ts';
import { escapeHtml } from '#server/http/escape-html.ts';
import type { Lead } from '#server/db/records/lead.ts';
import type { MailKind } from '#server/db/schema.ts';
import {
  alertCopy,
  confirmationCopy,
  notificationCopy,
  type AlertFacts,
  visitorReply,
} from './content.ts';
import type { MailMessage } from './mail-transport.ts';
import {
  invitationAttachment,
  type MailSchedule,
  VISITOR_LINK_LABEL,
  type VisitorLinks,
  whenFacts,
} from './schedule-mail.ts';

export type { MailMessage } from './mail-transport.ts';

export interface MailSettings {
  from: string;
  to: string;
  /** The call-back clock's due time of a request, written out (the notification states it). */
  dueTime?: (receivedAt: number) => string;
  /** The same due time on the company's wall clock, for the visitor's confirmation. */
  callbackBy?: (receivedAt: number) => CallbackTime;
  /**
   * The site's public URL (SITE_URL), the base of the link to a request's staff page in the
   * notification; without it the notification gives the reference only.
   */
  siteUrl?: () => string;
  /** The company's time zone: the notification's due time of a chosen slot. */
  timeZone?: string;
  /** The chosen slots' calendar: the confirmation's slot and its invitation (ADR 0029). */
  schedule?: MailSchedule;
  /**
   * Mints the visitor page's link of each confirmation and update (with `siteUrl`); absent on
   * the Supabase Edge worker, whose e-mails then carry no link.
   */
  visitorLinks?: VisitorLinks;
}

/** What the worker adds to a visitor's e-mail when it builds it. */
export interface VisitorExtras {
  /** The visitor page's link with a fresh token. */
  link?: string;
  /** When the e-mail is built (the invitation's DTSTAMP). */
  now: number;
}

/** A request's staff page: the id only in the address, never anything the person typed. */
export function staffLeadUrl(siteUrl: string, leadId: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${STAFF_PAGE_PREFIX}/demandes/${encodeURIComponent(leadId)}`;
}

/**
 * The stable Message-ID of one outbox message: a resend after a crash carries the same one. A
 * kind a request may have several of (the visitor's changes) numbers them: `<id.kind.n@domain>`.
 */
export function messageIdFor(leadId: string, kind: MailKind, domain: string, n?: number): string {
  return n === undefined ? `<${leadId}.${kind}@${domain}>` : `<${leadId}.${kind}.${n}@${domain}>`;
}

const dateFormat = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'full',
  timeStyle: 'short',
  timeZone: 'Europe/Paris',
});

export function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="fr">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; color: #0f172a; line-height: 1.5;">
${body}
</body>
</html>
`;
}

/**
 * « À rappeler avant », or « À répondre avant » for the e-mail only (ADR 0036): the chosen slot's
 * due time when stored, else the promise's.
 */
export function dueRow(lead: Lead, settings: MailSettings): Array<[string, string]> {
  const label = DUE_LABELS[dueWorkOf(lead.contact.choice.channel)];
  if (lead.contact.dueAt !== null && settings.timeZone) {
    return [[label, formatDueTime(lead.contact.dueAt, settings.timeZone)]];
  }
  return settings.dueTime ? [[label, settings.dueTime(lead.createdAt)]] : [];
}

/** The link's paragraph in text and in HTML (empty without a link). */
export function visitorLinkParts(link: string | undefined): { text: string[]; html: string } {
  if (!link) return { text: [], html: '' };
  return {
    text: [`${VISITOR_LINK_LABEL}\u00a0:`, link, ''],
    html: `<p><a href="${escapeHtml(link)}">${escapeHtml(VISITOR_LINK_LABEL)}</a></p>\n`,
  };
}

export function buildNotification(
  lead: Lead,
  settings: MailSettings,
  messageId: string,
): MailMessage {
  const copy = notificationCopy;
  // Every lead field but the message, which follows the table.
  const rows: Array<[string, string]> = [
    ...LEAD_FIELDS.filter((field) => field !== 'message').map((field): [string, string] => [
      copy.labels[field],
      field === 'produit' ? lead.produit || copy.noProduct : lead[field],
    ]),
    [copy.labels.channel, STORED_CHANNEL_LABELS[lead.contact.choice.channel]],
    [copy.labels.slots, slotsSummary(lead.contact.choice)],
    [copy.labels.consent, copy.consentGiven(lead.consent.version, lead.contact.choice.channel)],
    ...(lead.contact.text
      ? [
          [copy.labels.choice, copy.choiceGiven(lead.contact.version, lead.contact.text)] as [
            string,
            string,
          ],
        ]
      : []),
    ...(lead.sourcePage ? [[copy.labels.sourcePage, lead.sourcePage] as [string, string]] : []),
    [copy.labels.receivedAt, dateFormat.format(new Date(lead.createdAt))],
    ...dueRow(lead, settings),
    [copy.labels.reference, lead.id],
  ];
  const message = lead.message || copy.noMessage;
  const base = settings.siteUrl?.();
  const pageUrl = base ? staffLeadUrl(base, lead.id) : undefined;
  const text = [
    copy.heading,
    '',
    copy.intro(lead.contact.choice),
    '',
    ...rows.map(([label, value]) => `${label} : ${value}`.replace(' :', '\u00a0:')),
    '',
    ...(pageUrl ? [`${copy.openLead}\u00a0:`, pageUrl, ''] : []),
    `${copy.labels.message}\u00a0:`,
    message,
    '',
    copy.replyHint,
    '',
  ].join('\n');
  const tableRows = rows
    .map(
      ([label, value]) =>
        `<tr><th scope="row" style="text-align:left;padding:4px 12px 4px 0;vertical-align:top;">${escapeHtml(label)}</th><td style="padding:4px 0;">${escapeHtml(value)}</td></tr>`,
    )
    .join('\n');
  const html = layout(
    copy.heading,
    `<h1 style="font-size:20px;">${escapeHtml(copy.heading)}</h1>
<p>${escapeHtml(copy.intro(lead.contact.choice))}</p>
<table role="presentation" style="border-collapse:collapse;">
${tableRows}
</table>
${pageUrl ? `<p>${escapeHtml(copy.openLead)}&nbsp;: <a href="${escapeHtml(pageUrl)}">${escapeHtml(pageUrl)}</a></p>\n` : ''}<h2 style="font-size:16px;">${escapeHtml(copy.labels.message)}</h2>
<p style="white-space:pre-wrap;">${escapeHtml(message)}</p>
<p style="color:#475569;">${escapeHtml(copy.replyHint)}</p>`,
  );
  return {
    from: settings.from,
    to: settings.to,
    replyTo: lead.email,
    subject: copy.subject(lead.produit),
    text,
    html,
    messageId,
    headers: { 'X-Lead-Id': lead.id },
  };
}

/**
 * The visitor's confirmation: fixed text only, nothing they typed. When we answer comes from the
 * request's current choice, with the slot's invitation for a phone choice with slots.
 */
export function buildConfirmation(
  lead: Lead,
  settings: MailSettings,
  messageId: string,
  extras: VisitorExtras = { now: lead.createdAt },
): MailMessage {
  const copy = confirmationCopy;
  const when = whenFacts(lead, settings);
  const paragraphs = copy.paragraphs(when.sentence);
  const link = visitorLinkParts(extras.link);
  const reply = visitorReply(lead.contact.choice.channel);
  const text = [
    copy.greeting,
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...link.text,
    copy.contactHeading,
    ...copy.contactLines.map(({ label, value }) => `- ${label}\u00a0: ${value}`),
    '',
    ...copy.signature,
    '',
    '--',
    reply.footer,
    '',
  ].join('\n');
  const html = layout(
    copy.subject,
    `<p>${escapeHtml(copy.greeting)}</p>
${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
${link.html}<p>${escapeHtml(copy.contactHeading)}</p>
<ul>
${copy.contactLines
  .map(({ label, value }) => `<li>${escapeHtml(label)}\u00a0: ${escapeHtml(value)}</li>`)
  .join('\n')}
</ul>
<p>${copy.signature.map(escapeHtml).join('<br>')}</p>
<p style="color:#475569;font-size:12px;">${escapeHtml(reply.footer)}</p>`,
  );
  return {
    from: settings.from,
    to: lead.email,
    ...(reply.replyTo ? { replyTo: reply.replyTo } : {}),
    subject: copy.subject,
    text,
    html,
    messageId,
    headers: { 'X-Lead-Id': lead.id, 'Auto-Submitted': 'auto-replied' },
    ...(when.slot && settings.schedule
      ? {
          attachments: [
            invitationAttachment(lead, settings.schedule, 'PUBLISH', extras.now, when.slot),
          ],
        }
      : {}),
  };
}

const timeFormat = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'Europe/Paris',
});

/** The flood alert to the company: counts and where to see the requests, no visitor's data. */
export function buildAlert(
  facts: AlertFacts,
  settings: MailSettings,
  messageId: string,
): MailMessage {
  const copy = alertCopy;
  const paragraphs = copy.paragraphs(facts, (date) => timeFormat.format(date));
  const text = [
    copy.heading,
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    copy.whereHeading,
    ...copy.where.map((place) => `- ${place}`),
    '',
    copy.caution,
    '',
  ].join('\n');
  const html = layout(
    copy.heading,
    `<h1 style="font-size:20px;">${escapeHtml(copy.heading)}</h1>
${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
<p>${escapeHtml(copy.whereHeading)}</p>
<ul>
${copy.where.map((place) => `<li>${escapeHtml(place)}</li>`).join('\n')}
</ul>
<p style="color:#475569;">${escapeHtml(copy.caution)}</p>`,
  );
  return {
    from: settings.from,
    to: settings.to,
    subject: copy.subject(facts),
    text,
    html,
    messageId,
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
}

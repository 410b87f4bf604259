/**
 * The e-mails of a visitor's change on the visitor page (ADR 0029), rendered from the
 * request's current state when sent: to the visitor, the updated slot (`schedule_update`) or the
 * end of the calls (`schedule_cancel`), each with its invitation and a new link; to the company,
 * the notice of the change (`visitor_notice`). The visitor's e-mails are fixed text, nothing the
 * visitor typed, answerable for the e-mail only (ADR 0036); the company's notice names the person.
 */
import { siteConfig } from '#config/site.ts';
import { slotsSummary, STORED_CHANNEL_LABELS } from '#contracts/contact/choice-records.ts';
import { LEAD_FIELD_LABELS } from '#contracts/contact/field-labels.ts';
import { escapeHtml } from '#server/http/escape-html.ts';
import type { Lead } from '#server/db/records/lead.ts';
import type { MailMessage } from './mail-transport.ts';
import { invitationAttachment, whenFacts } from './schedule-mail.ts';
import {
  layout,
  type MailSettings,
  staffLeadUrl,
  type VisitorExtras,
  visitorLinkParts,
} from './templates.ts';
import { notificationCopy, visitorReply } from './content.ts';

const NBSP = '\u00a0';

const visitorCopy = {
  updateSubject: `Votre créneau a bien été modifié – ${siteConfig.companyName}`,
  updateHeading: 'Votre créneau a bien été modifié.',
  cancelSubject: `Nous ne vous appellerons plus – ${siteConfig.companyName}`,
  cancelHeading: 'Nous ne vous appellerons plus.',
  cancelSentence: `Comme vous l’avez demandé, nous ne vous appellerons plus au sujet de cette demande${NBSP}: nous vous répondrons par e-mail.`,
  contact: `Pour nous joindre${NBSP}: ${siteConfig.phone.display} ou ${siteConfig.email}.`,
  signature: ['Bien cordialement,', `L’équipe ${siteConfig.companyName}`],
  greeting: 'Bonjour,',
};

/** One of the visitor's change e-mails: the paragraphs, the link, the signature. */
function visitorMessage(
  lead: Lead,
  settings: MailSettings,
  messageId: string,
  extras: VisitorExtras,
  content: { subject: string; paragraphs: string[] },
): MailMessage {
  const copy = visitorCopy;
  const link = visitorLinkParts(extras.link);
  const reply = visitorReply(lead.contact.choice.channel);
  const paragraphs = [...content.paragraphs, copy.contact];
  const text = [
    copy.greeting,
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...link.text,
    ...copy.signature,
    '',
    '--',
    reply.footer,
    '',
  ].join('\n');
  const html = layout(
    content.subject,
    `<p>${escapeHtml(copy.greeting)}</p>
${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
${link.html}<p>${copy.signature.map(escapeHtml).join('<br>')}</p>
<p style="color:#475569;font-size:12px;">${escapeHtml(reply.footer)}</p>`,
  );
  return {
    from: settings.from,
    to: lead.email,
    ...(reply.replyTo ? { replyTo: reply.replyTo } : {}),
    subject: content.subject,
    text,
    html,
    messageId,
    headers: { 'X-Lead-Id': lead.id, 'Auto-Submitted': 'auto-replied' },
  };
}

/**
 * `schedule_update`: the new slot (or promise), its invitation (same UID, its SEQUENCE), or its
 * withdrawal when no slot is chosen any more.
 */
export function buildScheduleUpdate(
  lead: Lead,
  settings: MailSettings,
  messageId: string,
  extras: VisitorExtras,
): MailMessage {
  const when = whenFacts(lead, settings);
  const message = visitorMessage(lead, settings, messageId, extras, {
    subject: visitorCopy.updateSubject,
    paragraphs: [visitorCopy.updateHeading, when.sentence],
  });
  if (!settings.schedule) return message;
  // Changed to « dès que possible »: no slot is promised any more, so the event an earlier
  // invitation may have put in the calendar is withdrawn (a CANCEL of an unknown UID is ignored).
  return {
    ...message,
    attachments: [
      when.slot
        ? invitationAttachment(lead, settings.schedule, 'PUBLISH', extras.now, when.slot)
        : invitationAttachment(lead, settings.schedule, 'CANCEL', extras.now),
    ],
  };
}

/** `schedule_cancel`: no more calls, the answer by e-mail, the invitation withdrawn. */
export function buildScheduleCancel(
  lead: Lead,
  settings: MailSettings,
  messageId: string,
  extras: VisitorExtras,
): MailMessage {
  const message = visitorMessage(lead, settings, messageId, extras, {
    subject: visitorCopy.cancelSubject,
    paragraphs: [visitorCopy.cancelHeading, visitorCopy.cancelSentence],
  });
  if (!settings.schedule) return message;
  return {
    ...message,
    attachments: [invitationAttachment(lead, settings.schedule, 'CANCEL', extras.now)],
  };
}

/**
 * `visitor_notice`: the company told of the visitor's change. It names the person as the
 * notification of a new request does (first name, name, e-mail, phone; it goes to the company's
 * own mailbox) and a reply writes to them; the subject carries nothing personal.
 */
export function buildVisitorNotice(
  lead: Lead,
  settings: MailSettings,
  messageId: string,
): MailMessage {
  const withdrawn = lead.contact.phoneWithdrawnAt !== null;
  const subject = withdrawn
    ? 'Le demandeur ne souhaite plus être appelé'
    : 'Créneau modifié par le demandeur';
  const name = `${lead.prenom} ${lead.nom}`;
  const heading = withdrawn
    ? `${name} ne souhaite plus être appelé(e)`
    : `Créneau modifié par ${name}`;
  const base = settings.siteUrl?.();
  const pageUrl = base ? staffLeadUrl(base, lead.id) : undefined;
  const rows: Array<[string, string]> = [
    ...(['prenom', 'nom', 'email', 'telephone'] as const).map((field): [string, string] => [
      LEAD_FIELD_LABELS[field],
      lead[field],
    ]),
    ['Recontact', STORED_CHANNEL_LABELS[lead.contact.choice.channel]],
    ['Créneaux', slotsSummary(lead.contact.choice)],
    ['Référence', lead.id],
  ];
  const text = [
    heading,
    '',
    ...rows.map(([label, value]) => `${label}${NBSP}: ${value}`),
    '',
    ...(pageUrl ? [`La demande dans l’espace équipe${NBSP}:`, pageUrl, ''] : []),
    notificationCopy.replyHint,
    '',
  ].join('\n');
  const html = layout(
    subject,
    `<h1 style="font-size:20px;">${escapeHtml(heading)}</h1>
<ul>
${rows.map(([label, value]) => `<li>${escapeHtml(label)}${NBSP}: ${escapeHtml(value)}</li>`).join('\n')}
</ul>
${pageUrl ? `<p>La demande dans l’espace équipe&nbsp;: <a href="${escapeHtml(pageUrl)}">${escapeHtml(pageUrl)}</a></p>\n` : ''}<p style="color:#475569;">${escapeHtml(notificationCopy.replyHint)}</p>`,
  );
  return {
    from: settings.from,
    to: settings.to,
    replyTo: lead.email,
    subject,
    text,
    html,
    messageId,
    headers: { 'X-Lead-Id': lead.id, 'Auto-Submitted': 'auto-generated' },
  };
}

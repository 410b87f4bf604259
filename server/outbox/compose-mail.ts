import { visitorPageLink } from '#contracts/contact/visitor-page.ts';
import type { Lead } from '#server/db/records/lead.ts';
import type { MailKind } from '#server/db/schema.ts';
import type { MailMessage } from './mail-transport.ts';
import { buildHandover } from './handover-mail.ts';
import { withOwner } from './people.ts';
import type { OutboxRow } from './rows.ts';
import {
  buildAlert,
  buildConfirmation,
  buildNotification,
  type MailSettings,
  type VisitorExtras,
} from './templates.ts';
import { buildScheduleCancel, buildScheduleUpdate, buildVisitorNotice } from './visitor-mail.ts';
import type { OutboxOptions } from './worker-options.ts';

/**
 * The kinds whose e-mail goes to the visitor, with a link to the visitor page: given up when the
 * visitor's server refuses it for good (the company's e-mails never are).
 */
export const TO_VISITOR: ReadonlySet<MailKind> = new Set([
  'confirmation',
  'schedule_update',
  'schedule_cancel',
]);

/**
 * The extras of a visitor's e-mail: a fresh link (its token minted now, only its hash stored)
 * when the settings can make one (the Node server); none on the Edge worker.
 */
async function visitorExtras(
  kind: MailKind,
  lead: Lead,
  settings: MailSettings,
  now: number,
): Promise<VisitorExtras> {
  const base = settings.siteUrl?.();
  if (!TO_VISITOR.has(kind) || !settings.visitorLinks || !base) return { now };
  const token = await settings.visitorLinks.mint(lead.id, now);
  return { now, link: visitorPageLink(base, token) };
}

/** The e-mail of a request's outbox row, from the request's current state. */
export async function buildLeadMail(
  kind: MailKind,
  lead: Lead,
  settings: MailSettings,
  messageId: string,
  now: number,
): Promise<MailMessage> {
  switch (kind) {
    case 'notification':
      return buildNotification(lead, settings, messageId);
    case 'visitor_notice':
      return buildVisitorNotice(lead, settings, messageId);
    case 'confirmation':
      return buildConfirmation(
        lead,
        settings,
        messageId,
        await visitorExtras(kind, lead, settings, now),
      );
    case 'schedule_update':
      return buildScheduleUpdate(
        lead,
        settings,
        messageId,
        await visitorExtras(kind, lead, settings, now),
      );
    case 'schedule_cancel':
      return buildScheduleCancel(
        lead,
        settings,
        messageId,
        await visitorExtras(kind, lead, settings, now),
      );
    default:
      throw new Error(`a ${kind} is not built from a request`);
  }
}

/** What `composeRow` needs of the worker's options. */
type ComposeOptions = Pick<OutboxOptions, 'store' | 'leads' | 'digest' | 'webhookAlert'> & {
  notificationWindowMs: number;
  notificationLimit: number;
  now: () => number;
};

/** The alert of a notification window, with the count of its requests at sending time. */
async function alert(options: ComposeOptions, row: OutboxRow, settings: MailSettings) {
  const { notificationWindowMs, notificationLimit } = options;
  const window = await options.leads.notificationWindow(row.createdAt, notificationWindowMs);
  return buildAlert(
    {
      requests: window.requests,
      limit: notificationLimit,
      windowStart: new Date(window.start),
      windowEnd: new Date(window.end),
    },
    settings,
    row.messageId,
  );
}

/** The message of a claimed outbox row, or undefined when what it reports is gone. */
export async function composeRow(
  options: ComposeOptions,
  row: OutboxRow,
  lead: Lead | undefined,
  settings: MailSettings,
): Promise<MailMessage | undefined> {
  if (row.kind === 'digest') return options.digest?.(row, settings);
  if (row.kind === 'webhook_alert') return options.webhookAlert?.(row, settings);
  if (!lead) return undefined;
  if (row.kind === 'alert') return alert(options, row, settings);
  if (row.kind === 'handover') {
    const person = row.personId === null ? undefined : await options.store.person(row.personId);
    return person && buildHandover(lead, person, settings, row.messageId);
  }
  if (row.kind === 'notification') {
    // To MAIL_TO and to the request's owner when it has one (ADR 0048).
    const to = withOwner(settings.to, await options.store.ownerOf(lead.id));
    return buildNotification(lead, { ...settings, to }, row.messageId);
  }
  return buildLeadMail(row.kind, lead, settings, row.messageId, options.now());
}

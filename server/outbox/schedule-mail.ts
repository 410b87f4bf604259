/**
 * What the visitor's e-mails say of when we answer (ADR 0029), from the request's
 * current choice: the chosen slot's sentence and its calendar invitation, the promise's
 * « au plus tard … » otherwise, the written answer for the e-mail only.
 */
import { siteConfig } from '#config/site.ts';
import {
  type CallbackTime,
  dateText,
  formatCallbackTime,
} from '#contracts/contact/callback-time.ts';
import { type ContactChoice, hourText, type SlotRange } from '#contracts/contact/contact-choice.ts';
import type { Lead } from '#server/db/records/lead.ts';
import { calendarContentType, calendarInvitation, type CalendarEvent } from './ics.ts';
import type { MailAttachment } from './mail-transport.ts';

const NBSP = '\u00a0';

/** One occurrence of a chosen slot (server/callback `SlotOccurrence`). */
export interface ChosenSlot {
  /** The local date, `YYYY-MM-DD`. */
  date: string;
  /** The slot in local minutes. */
  slot: SlotRange;
  start: number;
  end: number;
}

/** The company's calendar as the visitor's e-mails need it (built by the composition). */
export interface MailSchedule {
  /** The first occurrence of a chosen slot starting at or after `from` (`nextChosenSlot`). */
  nextSlot(from: number, choice: ContactChoice): ChosenSlot | undefined;
  /** The domain of the invitations' UID (the company's mail domain). */
  uidDomain: string;
}

/**
 * Mints a visitor page link's token for a request (server/visitor `VisitorLinkStore`, given by
 * the Node composition; the Edge worker has none and sends no link).
 */
export interface VisitorLinks {
  mint(leadId: string, now: number): Promise<string>;
}

/** « mardi 2 décembre entre 14 h et 17 h » */
function slotWhen(occurrence: ChosenSlot): string {
  const { slot } = occurrence;
  return `${dateText(occurrence.date)} entre ${hourText(slot.start)} et ${hourText(slot.end)}`;
}

export interface WhenFacts {
  sentence: string;
  /** The slot the invitation publishes, for a phone choice with slots. */
  slot?: ChosenSlot;
}

export interface WhenSettings {
  callbackBy?: (receivedAt: number) => CallbackTime;
  schedule?: MailSchedule;
}

/** When we answer, as the visitor reads it, from the request's current choice. */
export function whenFacts(lead: Lead, settings: WhenSettings): WhenFacts {
  const { choice, givenAt } = lead.contact;
  const promise = settings.callbackBy?.(givenAt);
  if (choice.channel === 'email') {
    return {
      sentence: promise
        ? `Nous vous répondrons par e-mail au plus tard ${formatCallbackTime(promise)}.`
        : `Nous vous répondrons par e-mail sous 24${NBSP}h (jours ouvrés).`,
    };
  }
  const slot =
    choice.channel === 'telephone' ? settings.schedule?.nextSlot(givenAt, choice) : undefined;
  if (slot) return { sentence: `Nous vous appellerons ${slotWhen(slot)}.`, slot };
  return {
    sentence: promise
      ? `Nous vous rappellerons au plus tard ${formatCallbackTime(promise)}.`
      : `Un conseiller ${siteConfig.companyName} vous rappellera sous 24${NBSP}h (jours ouvrés) pour en parler avec vous.`,
  };
}

const INVITATION_FILE = 'rappel.ics';

/** The `.ics` attachment of a request: its slot published, or withdrawn. */
export function invitationAttachment(
  lead: Lead,
  schedule: MailSchedule,
  method: CalendarEvent['method'],
  stamp: number,
  slot?: ChosenSlot,
): MailAttachment {
  const company = siteConfig.companyName;
  const phone = siteConfig.phone.display;
  const event: CalendarEvent = {
    method,
    uid: `${lead.id}@${schedule.uidDomain}`,
    sequence: lead.contact.sequence,
    stamp,
    ...(slot ? { start: slot.start, end: slot.end } : {}),
    summary:
      method === 'CANCEL' ? `Rappel annulé – ${company}` : `Rappel par ${company} (${phone})`,
    description:
      method === 'CANCEL'
        ? `Vous avez choisi de ne plus être appelé(e)${NBSP}: ${company} vous répondra par e-mail. Pour nous joindre${NBSP}: ${phone}.`
        : `${company} vous appellera pendant ce créneau au sujet de votre demande. Pour nous joindre${NBSP}: ${phone}.`,
    organizer: { name: company, email: siteConfig.email },
  };
  return {
    filename: INVITATION_FILE,
    contentType: calendarContentType(method),
    content: calendarInvitation(event),
  };
}

/** The link paragraph's text. */
export const VISITOR_LINK_LABEL = 'Suivre ou modifier ma demande';

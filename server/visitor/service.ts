import {
  CHOICE_VERSION,
  type ContactChoice,
  type DayName,
  encodeSlot,
  parseSlot,
  type SlotRange,
} from '#contracts/contact/contact-choice.ts';
import { choiceWording, hasChosenSlots, isoWeekdayOf } from '#contracts/contact/choice-records.ts';
import type { VisitorView } from '#contracts/contact/visitor-api.ts';
import type { MailKind } from '#contracts/staff/statuses.ts';
import { type CallbackCalendar, dueAtFor } from '#server/callback/index.ts';
import type { VisitorLinkStore } from './link-store.ts';
import { VISITOR_MESSAGES } from './messages.ts';
import type { VisitorRecord, VisitorStore } from './store.ts';
import { visitorView } from './view.ts';

export interface VisitorServiceDeps {
  links: VisitorLinkStore;
  store: VisitorStore;
  calendar: CallbackCalendar;
  /** The company's mail domain, for the e-mails' Message-IDs. */
  messageDomain: string;
  now?: () => number;
}

/** `<leadId>.<kind>.<n>@<domain>`: one Message-ID per change (n: the new SEQUENCE). */
export function visitorMessageId(leadId: string, kind: MailKind, n: number, domain: string) {
  return `<${leadId}.${kind}.${n}@${domain}>`;
}

/** What a visitor's act gives: the request after it, or why not. */
export type VisitorOutcome =
  | { status: 'ok'; view: VisitorView }
  /** A wrong, expired or used-up token: one answer for all. */
  | { status: 'unknown' }
  | { status: 'invalid'; fields: { jours?: string; creneaux?: string } }
  | { status: 'closed' };

/**
 * What the visitor may do on `/ma-demande` (issue 37, ADR 0029), each act opened by the link's
 * token (one indexed read; a malformed token costs none): read the request, change its days
 * and slots, withdraw the phone consent (« Ne plus m'appeler »), erase it.
 */
export class VisitorService {
  readonly #deps: VisitorServiceDeps;
  readonly #now: () => number;

  constructor(deps: VisitorServiceDeps) {
    this.#deps = deps;
    this.#now = deps.now ?? Date.now;
  }

  async #open(token: unknown, now: number): Promise<VisitorRecord | undefined> {
    const leadId = await this.#deps.links.leadOf(token, now);
    return leadId === undefined ? undefined : this.#deps.store.record(leadId);
  }

  async read(token: unknown): Promise<VisitorOutcome> {
    const now = this.#now();
    const record = await this.#open(token, now);
    if (!record) return { status: 'unknown' };
    return { status: 'ok', view: visitorView(record, this.#deps.calendar, now) };
  }

  /** The days and slots, checked against what the form offers, as the endpoint checks them. */
  #choice(
    days: readonly DayName[],
    slots: readonly string[],
  ): { choice: ContactChoice } | { fields: { jours?: string; creneaux?: string } } {
    const { calendar } = this.#deps;
    const isoDays = [...new Set(days.map(isoWeekdayOf))].sort((a, b) => a - b);
    if (isoDays.some((day) => !calendar.workingDays.has(day))) {
      return { fields: { jours: VISITOR_MESSAGES.dayNotOffered } };
    }
    const offered = new Set(calendar.callWindows.map(encodeSlot));
    const ranges: SlotRange[] = [];
    for (const text of new Set(slots)) {
      const slot = parseSlot(text);
      if (!slot || !offered.has(encodeSlot(slot))) {
        return { fields: { creneaux: VISITOR_MESSAGES.slotNotOffered } };
      }
      ranges.push(slot);
    }
    ranges.sort((a, b) => a.start - b.start);
    return { choice: { channel: 'telephone', days: isoDays, slots: ranges } };
  }

  async changeSlots(
    token: unknown,
    days: readonly DayName[],
    slots: readonly string[],
  ): Promise<VisitorOutcome> {
    const now = this.#now();
    const record = await this.#open(token, now);
    if (!record) return { status: 'unknown' };
    const view = visitorView(record, this.#deps.calendar, now);
    if (!view.canChangeSlots) return { status: 'closed' };
    const checked = this.#choice(days, slots);
    if ('fields' in checked) return { status: 'invalid', fields: checked.fields };
    const { choice } = checked;
    return this.#change(record, now, {
      contact: { choice, text: choiceWording(choice), version: CHOICE_VERSION },
      action: 'visitor_slots',
      // The mail helper renders the current choice (an invitation when a slot is chosen).
      visitorMail: 'schedule_update',
    });
  }

  async stopCalls(token: unknown): Promise<VisitorOutcome> {
    const now = this.#now();
    const record = await this.#open(token, now);
    if (!record) return { status: 'unknown' };
    // Already on the e-mail: nothing to withdraw, nothing written.
    if (record.choice.channel === 'email') {
      return { status: 'ok', view: visitorView(record, this.#deps.calendar, now) };
    }
    const choice: ContactChoice = { channel: 'email', days: [], slots: [] };
    return this.#change(record, now, {
      contact: { choice, text: VISITOR_MESSAGES.stopCallsWording, version: CHOICE_VERSION },
      action: 'visitor_stop_calls',
      // An invitation was sent only for chosen slots: cancel it then; otherwise the page says it.
      visitorMail: hasChosenSlots(record.choice) ? 'schedule_cancel' : undefined,
    });
  }

  async #change(
    record: VisitorRecord,
    now: number,
    change: {
      contact: { choice: ContactChoice; text: string; version: string };
      action: 'visitor_slots' | 'visitor_stop_calls';
      visitorMail: 'schedule_update' | 'schedule_cancel' | undefined;
    },
  ): Promise<VisitorOutcome> {
    const { calendar, messageDomain, store } = this.#deps;
    const dueAt = dueAtFor(now, change.contact.choice, calendar);
    const done = await store.changeContact({
      leadId: record.id,
      now,
      contact: { ...change.contact, dueAt },
      action: change.action,
      visitorMail: change.visitorMail,
      messageId: (kind, n) => visitorMessageId(record.id, kind, n, messageDomain),
    });
    if (!done) return { status: 'unknown' };
    const after = await store.record(record.id);
    if (!after) return { status: 'unknown' };
    return { status: 'ok', view: visitorView(after, calendar, now) };
  }

  /** Erases the request; its id (for its `.eml` files), or undefined for an unknown token. */
  async erase(token: unknown): Promise<string | undefined> {
    const now = this.#now();
    const leadId = await this.#deps.links.leadOf(token, now);
    if (leadId === undefined) return undefined;
    return (await this.#deps.store.erase(leadId, now)) ? leadId : undefined;
  }
}

import {
  CHOICE_VERSION,
  type ContactChoice,
  type DayName,
  encodeSlot,
  parseSlot,
  type SlotRange,
} from '#contracts/contact/contact-choice.ts';
import { choiceWording, hasChosenSlots, isoWeekdayOf } from '#contracts/contact/choice-records.ts';
import type { VisitorPersonView, VisitorView } from '#contracts/contact/visitor-api.ts';
import type { MailKind } from '#contracts/staff/statuses.ts';
import { type CallbackCalendar, dueAtFor } from '#server/callback/index.ts';
import type { RetentionStore } from '#server/retention/index.ts';
import type { VisitorLinkStore } from './link-store.ts';
import { VISITOR_MESSAGES } from './messages.ts';
import { personView } from './person.ts';
import { VISITOR_ACTOR, type VisitorRecord, type VisitorStore } from './store.ts';
import { visitorView } from './view.ts';

export interface VisitorServiceDeps {
  links: VisitorLinkStore;
  store: VisitorStore;
  /** The person's erasure: the one staff use (server/retention), ADR 0031. */
  retention: Pick<RetentionStore, 'eraseByLead'>;
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

/** What reading a link gives: the person's requests, or an unknown token. */
export type VisitorReadOutcome =
  { status: 'ok'; person: VisitorPersonView } | { status: 'unknown' };

/**
 * What the visitor may do on `/ma-demande` (issue 37, ADR 0029), each act opened by the link's
 * token (one indexed read; a malformed token costs none). The link proves the e-mail address
 * (ADR 0031): read the person's requests; on one of them, named by its id and checked to have
 * that address, change its days and slots or withdraw the phone consent (« Ne plus
 * m'appeler »); erase the person, every request of the address, as staff do.
 */
export class VisitorService {
  readonly #deps: VisitorServiceDeps;
  readonly #now: () => number;

  constructor(deps: VisitorServiceDeps) {
    this.#deps = deps;
    this.#now = deps.now ?? Date.now;
  }

  /**
   * The request `requestId` when the token is valid and the request has the link's e-mail
   * address; undefined otherwise (the same answer as a bad token).
   */
  async #open(token: unknown, requestId: unknown, now: number): Promise<VisitorRecord | undefined> {
    const leadId = await this.#deps.links.requestOf(token, requestId, now);
    return leadId === undefined ? undefined : this.#deps.store.record(leadId);
  }

  async read(token: unknown): Promise<VisitorReadOutcome> {
    const person = await personView(this.#deps, token, this.#now());
    return person ? { status: 'ok', person } : { status: 'unknown' };
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
    requestId: unknown,
    days: readonly DayName[],
    slots: readonly string[],
  ): Promise<VisitorOutcome> {
    const now = this.#now();
    const record = await this.#open(token, requestId, now);
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

  async stopCalls(token: unknown, requestId: unknown): Promise<VisitorOutcome> {
    const now = this.#now();
    const record = await this.#open(token, requestId, now);
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

  /**
   * Erases the person of the link (every request of its e-mail address) with staff's erasure,
   * audited as `visitor_erase` by `demandeur` with the count; the erased ids (for their mail
   * files), or undefined for an unknown token or when nothing was left to erase.
   */
  async erase(token: unknown): Promise<string[] | undefined> {
    const now = this.#now();
    const leadId = await this.#deps.links.leadOf(token, now);
    if (leadId === undefined) return undefined;
    const ids = await this.#deps.retention.eraseByLead(leadId, VISITOR_ACTOR, now, 'visitor_erase');
    // Another erasure (a second tab) took them first: this one erased nothing.
    return ids && ids.length > 0 ? ids : undefined;
  }
}

import { normaliseChoiceInput, notOffered } from '#contracts/contact/choice-input.ts';
import { PHONE_CONSENT_VERSION } from '#contracts/contact/phone-consent.ts';
import type { VisitorView } from '#contracts/contact/visitor-api.ts';
import type { MailKind } from '#contracts/staff/statuses.ts';
import type { CallbackCalendar } from '#server/callback/index.ts';
import { decideChange, type VisitorAct } from './change-rules.ts';
import type { VisitorLinkStore } from './link-store.ts';
import { VISITOR_MESSAGES } from './messages.ts';
import type { VisitorStore } from './store.ts';
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
  /** `unchanged`: the act asked for what already stood, so nothing was written or sent. */
  | { status: 'ok'; view: VisitorView; unchanged?: true }
  /** A wrong, expired or used-up token: one answer for all. */
  | { status: 'unknown' }
  | { status: 'invalid'; fields: { jours?: string; creneaux?: string } }
  | { status: 'closed' }
  /** Days and slots asked for while calls are withdrawn (another tab, a double tap). */
  | { status: 'withdrawn' }
  /** Past the day's bound of changes of this request (MAX_CHANGES_PER_DAY). */
  | { status: 'limited'; retryAfterSeconds: number }
  /** The new consent's wording changed since the page showed it. */
  | { status: 'stale' };

/**
 * What the visitor may do on `/ma-demande` (issue 37, ADR 0029), each act opened by the link's
 * token (one indexed read; a malformed token costs none): read the request, change its days
 * and slots, withdraw the phone consent (« Ne plus m'appeler ») or give it again (« Être
 * rappelé(e) par téléphone »), erase it. Each change is decided and written in one transaction
 * on the request's locked row (change-rules.ts, contact-write.ts, ADR 0030).
 */
export class VisitorService {
  readonly #deps: VisitorServiceDeps;
  readonly #now: () => number;

  constructor(deps: VisitorServiceDeps) {
    this.#deps = deps;
    this.#now = deps.now ?? Date.now;
  }

  async read(token: unknown): Promise<VisitorOutcome> {
    const now = this.#now();
    const leadId = await this.#deps.links.leadOf(token, now);
    const record = leadId === undefined ? undefined : await this.#deps.store.record(leadId);
    if (!record) return { status: 'unknown' };
    return { status: 'ok', view: visitorView(record, this.#deps.calendar, now) };
  }

  /** The days and slots, normalised then checked against what the form offers (ADR 0030). */
  #choice(
    days: readonly unknown[],
    slots: readonly unknown[],
  ): { act: VisitorAct } | { fields: { jours?: string; creneaux?: string } } {
    const input = normaliseChoiceInput(days, slots);
    const field = 'field' in input ? input.field : notOffered(input, this.#deps.calendar);
    if (field === 'jours') return { fields: { jours: VISITOR_MESSAGES.dayNotOffered } };
    if (field === 'creneaux') return { fields: { creneaux: VISITOR_MESSAGES.slotNotOffered } };
    if ('field' in input) return { fields: {} };
    return { act: { kind: 'slots', days: input.days, slots: input.slots } };
  }

  async changeSlots(
    token: unknown,
    days: readonly unknown[],
    slots: readonly unknown[],
  ): Promise<VisitorOutcome> {
    const now = this.#now();
    const leadId = await this.#deps.links.leadOf(token, now);
    if (leadId === undefined) return { status: 'unknown' };
    const checked = this.#choice(days, slots);
    if ('fields' in checked) return { status: 'invalid', fields: checked.fields };
    return this.#change(leadId, now, checked.act);
  }

  /** « Ne plus m’appeler »: always applies, past the day's bound too; wins over any racing change. */
  async stopCalls(token: unknown): Promise<VisitorOutcome> {
    const now = this.#now();
    const leadId = await this.#deps.links.leadOf(token, now);
    if (leadId === undefined) return { status: 'unknown' };
    return this.#change(leadId, now, { kind: 'stop' });
  }

  /**
   * « Être rappelé(e) par téléphone »: the new consent to calls, `version` being the one of the
   * wording the page showed (a page older than the wording must be reloaded to be read).
   */
  async allowCalls(token: unknown, version: string): Promise<VisitorOutcome> {
    const now = this.#now();
    const leadId = await this.#deps.links.leadOf(token, now);
    if (leadId === undefined) return { status: 'unknown' };
    if (version !== PHONE_CONSENT_VERSION) return { status: 'stale' };
    return this.#change(leadId, now, { kind: 'allow_calls' });
  }

  async #change(leadId: string, now: number, act: VisitorAct): Promise<VisitorOutcome> {
    const { calendar, messageDomain, store } = this.#deps;
    const result = await store.changeContact({
      leadId,
      now,
      decide: (current) => decideChange(act, current, now, calendar),
      messageId: (kind, n) => visitorMessageId(leadId, kind, n, messageDomain),
    });
    if (result.status === 'limited') {
      return { status: 'limited', retryAfterSeconds: Math.ceil(result.retryAfterMs / 1000) };
    }
    if (result.status === 'closed' || result.status === 'withdrawn')
      return { status: result.status };
    const after = result.status === 'gone' ? undefined : await store.record(leadId);
    if (!after) return { status: 'unknown' };
    const view = visitorView(after, calendar, now);
    return result.status === 'unchanged'
      ? { status: 'ok', view, unchanged: true }
      : { status: 'ok', view };
  }

  /** Erases the request; its id (for its `.eml` files), or undefined for an unknown token. */
  async erase(token: unknown): Promise<string | undefined> {
    const now = this.#now();
    const leadId = await this.#deps.links.leadOf(token, now);
    if (leadId === undefined) return undefined;
    return (await this.#deps.store.erase(leadId, now)) ? leadId : undefined;
  }
}

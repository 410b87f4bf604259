import { normaliseChoiceInput, notOffered } from '#contracts/contact/choice-input.ts';
import { PHONE_CONSENT_VERSION } from '#contracts/contact/phone-consent.ts';
import type { VisitorPersonView, VisitorView } from '#contracts/contact/visitor-api.ts';
import type { MailKind } from '#contracts/staff/statuses.ts';
import type { CallbackCalendar } from '#server/callback/index.ts';
import type { RetentionStore } from '#server/retention/index.ts';
import { decideChange, type VisitorAct } from './change-rules.ts';
import type { VisitorLinkStore } from './link-store.ts';
import { VISITOR_MESSAGES } from './messages.ts';
import { personView } from './person.ts';
import { VISITOR_ACTOR, type VisitorStore } from './store.ts';
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
function visitorMessageId(leadId: string, kind: MailKind, n: number, domain: string) {
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

/** What reading a link gives: the person's requests, or an unknown token. */
export type VisitorReadOutcome =
  { status: 'ok'; person: VisitorPersonView } | { status: 'unknown' };

/**
 * What the visitor may do on `/ma-demande` (ADR 0029), each act opened by the link's
 * token (one indexed read; a malformed token costs none). The link proves the e-mail address
 * (ADR 0031): read the person's requests; on one of them, named by its id and checked to have
 * that address, change its days and slots, withdraw the phone consent (« Ne plus m'appeler »)
 * or give it again (« Être rappelé(e) par téléphone »); erase the person, every request of the
 * address, as staff do. Each change is decided and written in one transaction on the request's
 * locked row (change-rules.ts, contact-write.ts, ADR 0030).
 */
export class VisitorService {
  readonly #deps: VisitorServiceDeps;
  readonly #now: () => number;

  constructor(deps: VisitorServiceDeps) {
    this.#deps = deps;
    this.#now = deps.now ?? Date.now;
  }

  /**
   * The id of the request `requestId` when the token is valid and the request has the link's
   * e-mail address; undefined otherwise (the same answer as a bad token).
   */
  #open(token: unknown, requestId: unknown, now: number): Promise<string | undefined> {
    return this.#deps.links.requestOf(token, requestId, now);
  }

  async read(token: unknown): Promise<VisitorReadOutcome> {
    const person = await personView(this.#deps, token, this.#now());
    return person ? { status: 'ok', person } : { status: 'unknown' };
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
    requestId: unknown,
    days: readonly unknown[],
    slots: readonly unknown[],
  ): Promise<VisitorOutcome> {
    const now = this.#now();
    const leadId = await this.#open(token, requestId, now);
    if (leadId === undefined) return { status: 'unknown' };
    const checked = this.#choice(days, slots);
    if ('fields' in checked) return { status: 'invalid', fields: checked.fields };
    return this.#change(leadId, now, checked.act);
  }

  /** « Ne plus m’appeler »: always applies, past the day's bound too; wins over any racing change. */
  async stopCalls(token: unknown, requestId: unknown): Promise<VisitorOutcome> {
    const now = this.#now();
    const leadId = await this.#open(token, requestId, now);
    if (leadId === undefined) return { status: 'unknown' };
    return this.#change(leadId, now, { kind: 'stop' });
  }

  /**
   * « Être rappelé(e) par téléphone »: the new consent to calls, `version` being the one of the
   * wording the page showed (a page older than the wording must be reloaded to be read).
   */
  async allowCalls(token: unknown, requestId: unknown, version: string): Promise<VisitorOutcome> {
    const now = this.#now();
    const leadId = await this.#open(token, requestId, now);
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

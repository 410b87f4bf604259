import { randomUUID } from 'node:crypto';

import { pickLeadFields } from '#contracts/contact/lead-contract.ts';
import {
  ContactRequestSchema,
  type ContactRequest,
  type FieldErrors,
  fieldErrors,
} from '#contracts/contact/schema.ts';
import type { Logger } from '#server/logger.ts';
import { messageIdFor } from '#server/outbox/index.ts';
import type { RateVerdict, StoredBudget } from '#server/http/client-budget.ts';
import type { MailKind } from '#server/db/schema.ts';
import type { LeadAssigner } from './assignment.ts';
import type { LeadStore } from './lead-store.ts';
import { MemoryRefusals } from './memory-refusals.ts';
import type { FloodPolicy, SubmissionInput, SubmitVerdict } from './submission.ts';
import { newWebhookId } from '#server/webhooks/index.ts';
import { type ContactOffer, requestContact } from './request-contact.ts';
import type { Consent, NewContact } from './store.ts';

/**
 * From a decoded request body to a stored lead: the shared schema, the per-client rate limit, the
 * honeypot, and one transaction holding the lead, its consent and its outbox rows with their
 * Message-IDs. Knows nothing of HTTP: the JSON endpoint, the native form path and the tests
 * call it alike, and map its outcome to their answers.
 */
export type SubmitOutcome =
  /**
   * `receivedAt`: when the request was stored (the call-back clock starts there); `contact`:
   * the visitor's choice of contact as stored, with its due time; `earlierConfirmation`: no
   * confirmation is sent, one went to the address within 24 h (ADR 0031).
   */
  | {
      status: 'stored';
      id: string;
      receivedAt: number;
      contact: NewContact;
      earlierConfirmation?: true;
    }
  /** A robot filled the honeypot: answered like `stored`, nothing kept or sent. */
  | { status: 'discarded'; id: string; receivedAt: number; contact: NewContact }
  /** The same request (e-mail, phone, message) came in moments ago: acknowledged like it. */
  | { status: 'duplicate'; id: string; receivedAt: number; contact: NewContact }
  | { status: 'invalid'; error: string; fields: FieldErrors }
  | { status: 'rate-limited'; retryAfterSeconds: number }
  /** The site-wide budget of new requests is spent for now (every instance together). */
  | { status: 'overloaded'; retryAfterSeconds: number }
  | { status: 'unavailable' };

type AdmitOutcome =
  | { status: 'admitted' }
  | { status: 'rate-limited'; retryAfterSeconds: number }
  | { status: 'overloaded'; retryAfterSeconds: number }
  | { status: 'unavailable' };

/** The flood rules' settings (ADR 0008). */
interface FloodSettings {
  /** SITE_RATE_LIMIT_PER_MINUTE: new requests per minute, all instances together. */
  siteRequestsPerMinute: number;
  /** NOTIFICATIONS_PER_10_MINUTES: individual notifications before one alert stands for them. */
  notificationsPer10Minutes: number;
}

const SITE_BUDGET_WINDOW_MS = 60_000;
export const NOTIFICATION_WINDOW_MS = 10 * 60_000;
const DUPLICATE_WINDOW_MS = 10 * 60_000;
const CONFIRMATION_INTERVAL_MS = 24 * 60 * 60_000;

export interface LeadServiceDeps {
  store: LeadStore;
  limiter: StoredBudget;
  logger: Logger;
  sendConfirmation: boolean;
  messageDomain: string;
  /** Store the campaign tags a request carries (RECORD_CAMPAIGNS); the source page always. */
  recordCampaigns?: boolean;
  flood: FloodSettings;
  /** The CRM webhook is on: each stored request queues its `lead.created` (ADR 0024). */
  webhooks?: boolean;
  /** Called once a lead is stored, to send its e-mails now. */
  onStored?: () => void;
  /** Chooses each stored request's owner in its transaction (ADR 0045). */
  assigner?: LeadAssigner;
  now?: () => number;
  /** The days and slots a visitor may choose, and the due time of a choice (ADR 0029). */
  contactOffer?: ContactOffer;
}

export interface LeadService {
  /**
   * A cheap early refusal, before the body is parsed: the site's budget known to be spent (from
   * memory, no database) or the client over its rate limit.
   */
  admit(clientKey: string): Promise<AdmitOutcome>;
  /** Validates `data` (a decoded body of unknown shape) and stores it. Never throws. */
  submitLead(data: unknown, clientKey: string): Promise<SubmitOutcome>;
}

/** The generic message of a body that is not an object at all. */
const INVALID_REQUEST = 'Requête invalide.';

export function createLeadService(deps: LeadServiceDeps): LeadService {
  const { store, limiter, logger } = deps;
  const now = deps.now ?? Date.now;
  const memory = new MemoryRefusals();
  const unavailable = (error: unknown): { status: 'unavailable' } => {
    // The logger writes an Error with its stack, personal data masked.
    logger.error('storage_unavailable', { error });
    return { status: 'unavailable' };
  };

  return {
    async admit(clientKey) {
      const at = now();
      const spent = memory.overloaded(at) ?? memory.limited(clientKey, at);
      if (spent) return spent;
      let verdict: RateVerdict;
      try {
        verdict = await limiter.check(clientKey, at);
      } catch (error) {
        return unavailable(error);
      }
      if (verdict.allowed) return { status: 'admitted' };
      memory.rememberLimited(clientKey, at, verdict.retryAfterSeconds);
      return { status: 'rate-limited', retryAfterSeconds: verdict.retryAfterSeconds };
    },

    async submitLead(data, clientKey) {
      const given = parseSubmission(data, now, deps.contactOffer);
      if ('status' in given) return given;
      const { at } = given;
      const spent = memory.overloaded(at);
      if (spent) return spent;
      const input = submissionInput(deps, given, randomUUID(), clientKey);
      let verdict: SubmitVerdict;
      try {
        // The rate-limit hit and the site's budget are counted in the same transaction as the
        // insert, so concurrent requests (on any instance) cannot overrun them.
        verdict = await store.submit(input);
      } catch (error) {
        return unavailable(error);
      }
      if (!verdict.allowed) return refusal(memory, verdict, clientKey, at);
      return accepted(deps, verdict, input, given.contact);
    },
  };
}

/** A submission's request as the schema parsed it, with its consent and contact choice. */
interface ParsedSubmission {
  request: ContactRequest;
  /** When it was received (read once the body passed the schema). */
  at: number;
  consent: Consent;
  contact: NewContact;
}

/** The decoded body checked against the shared schema and the contact offer. */
function parseSubmission(
  data: unknown,
  now: () => number,
  offer: ContactOffer | undefined,
): ParsedSubmission | Extract<SubmitOutcome, { status: 'invalid' }> {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return { status: 'invalid', error: INVALID_REQUEST, fields: {} };
  }
  const parsed = ContactRequestSchema.safeParse(data);
  if (!parsed.success) {
    return {
      status: 'invalid',
      error: parsed.error.issues[0]?.message ?? INVALID_REQUEST,
      fields: fieldErrors(parsed.error),
    };
  }
  const request = parsed.data;
  const at = now();
  const given = requestContact(request, at, offer);
  if ('fields' in given) {
    const [message = INVALID_REQUEST] = Object.values(given.fields);
    return { status: 'invalid', error: message, fields: given.fields };
  }
  return { request, at, consent: given.consent, contact: given.contact };
}

/** What the store is asked to write for a parsed request (a honeypot hit: counted only). */
function submissionInput(
  deps: LeadServiceDeps,
  { request, at, consent, contact }: ParsedSubmission,
  id: string,
  clientKey: string,
): SubmissionInput {
  const kinds: MailKind[] = deps.sendConfirmation
    ? ['notification', 'confirmation']
    : ['notification'];
  return {
    id,
    lead: pickLeadFields(request),
    consent,
    contact,
    mails: kinds.map((kind) => ({ kind, messageId: messageIdFor(id, kind, deps.messageDomain) })),
    now: at,
    origin: {
      sourcePage: request.pageOrigine,
      ...(deps.recordCampaigns
        ? {
            utmSource: request.utmSource,
            utmMedium: request.utmMedium,
            utmCampaign: request.utmCampaign,
          }
        : {}),
    },
    rate: deps.limiter.policyFor(clientKey),
    store: request.website.trim() === '',
    flood: floodPolicy(deps, id),
    ...(deps.webhooks ? { webhookId: newWebhookId() } : {}),
    ...(deps.assigner ? { assigner: deps.assigner } : {}),
  };
}

function floodPolicy(deps: LeadServiceDeps, id: string): FloodPolicy {
  return {
    siteBudget: { limit: deps.flood.siteRequestsPerMinute, windowMs: SITE_BUDGET_WINDOW_MS },
    notifications: {
      limit: deps.flood.notificationsPer10Minutes,
      windowMs: NOTIFICATION_WINDOW_MS,
      alertMessageId: messageIdFor(id, 'alert', deps.messageDomain),
    },
    duplicateWindowMs: DUPLICATE_WINDOW_MS,
    confirmationIntervalMs: CONFIRMATION_INTERVAL_MS,
  };
}

/** A refusal of the store, remembered so that the next requests are refused from memory. */
function refusal(
  memory: MemoryRefusals,
  verdict: Extract<SubmitVerdict, { allowed: false }>,
  clientKey: string,
  at: number,
): SubmitOutcome {
  if (verdict.limit === 'client') {
    memory.rememberLimited(clientKey, at, verdict.retryAfterSeconds);
    return { status: 'rate-limited', retryAfterSeconds: verdict.retryAfterSeconds };
  }
  memory.rememberSiteBudgetSpent(at, SITE_BUDGET_WINDOW_MS);
  return { status: 'overloaded', retryAfterSeconds: verdict.retryAfterSeconds };
}

/** The outcome of an accepted submission: duplicate, discarded (honeypot) or stored. */
function accepted(
  deps: LeadServiceDeps,
  verdict: Extract<SubmitVerdict, { allowed: true }>,
  input: SubmissionInput,
  contact: NewContact,
): SubmitOutcome {
  const { id, now: at } = input;
  // Counted in the endpoint's aggregated log, not one line each (a flood repeats itself).
  if (verdict.outcome === 'duplicate') {
    return { status: 'duplicate', id: verdict.id, receivedAt: verdict.receivedAt, contact };
  }
  if (input.store === false) {
    // Answered as if stored, so the robot learns nothing; nothing stored or sent.
    deps.logger.info('lead_honeypot', { status: 'discarded' });
    return { status: 'discarded', id, receivedAt: at, contact };
  }
  deps.logger.info('lead_stored', { leadId: id, status: 'stored' });
  deps.onStored?.();
  return verdict.outcome === 'stored' && verdict.earlierConfirmation
    ? { status: 'stored', id, receivedAt: at, contact, earlierConfirmation: true }
    : { status: 'stored', id, receivedAt: at, contact };
}

import { randomUUID } from 'node:crypto';

import { CONSENT_TEXT, CONSENT_VERSION } from '../../contact/consent.ts';
import { pickLeadFields } from '../../contact/lead-contract.ts';
import { ContactRequestSchema, type FieldErrors, fieldErrors } from '../../contact/schema.ts';
import type { Logger } from '../logger.ts';
import { messageIdFor } from '../mail/templates.ts';
import type { RateLimiter, RateVerdict } from '../rate-limit.ts';
import type { LeadStore, MailKind } from '../store/index.ts';

/**
 * From a decoded request body to a stored lead: the shared schema, the per-client rate limit, the
 * honeypot, and one transaction holding the lead, its consent and its outbox rows with their
 * Message-IDs. Knows nothing of HTTP: the JSON endpoint, the native form path and the tests
 * call it alike, and map its outcome to their answers.
 */
export type SubmitOutcome =
  | { status: 'stored'; id: string }
  /** A robot filled the honeypot: answered like `stored`, nothing kept or sent. */
  | { status: 'discarded'; id: string }
  | { status: 'invalid'; error: string; fields: FieldErrors }
  | { status: 'rate-limited'; retryAfterSeconds: number }
  | { status: 'unavailable' };

export type AdmitOutcome =
  | { status: 'admitted' }
  | { status: 'rate-limited'; retryAfterSeconds: number }
  | { status: 'unavailable' };

export interface LeadServiceDeps {
  store: LeadStore;
  limiter: RateLimiter;
  logger: Logger;
  sendConfirmation: boolean;
  messageDomain: string;
  /** Called once a lead is stored, to send its e-mails now. */
  onStored?: () => void;
  now?: () => number;
}

export interface LeadService {
  /** A cheap early refusal for a client over its rate limit, before its body is read. */
  admit(clientKey: string): Promise<AdmitOutcome>;
  /** Validates `data` (a decoded body of unknown shape) and stores it. Never throws. */
  submitLead(data: unknown, clientKey: string): Promise<SubmitOutcome>;
}

/** The generic message of a body that is not an object at all. */
export const INVALID_REQUEST = 'Requête invalide.';

export function createLeadService(deps: LeadServiceDeps): LeadService {
  const { store, limiter, logger } = deps;
  const now = deps.now ?? Date.now;
  const kinds: MailKind[] = deps.sendConfirmation
    ? ['notification', 'confirmation']
    : ['notification'];

  const unavailable = (error: unknown): { status: 'unavailable' } => {
    // The logger writes an Error with its stack, personal data masked.
    logger.error('storage_unavailable', { error });
    return { status: 'unavailable' };
  };

  return {
    async admit(clientKey) {
      let verdict: RateVerdict;
      try {
        verdict = await limiter.check(clientKey, now());
      } catch (error) {
        return unavailable(error);
      }
      return verdict.allowed
        ? { status: 'admitted' }
        : { status: 'rate-limited', retryAfterSeconds: verdict.retryAfterSeconds };
    },

    async submitLead(data, clientKey) {
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
      const honeypot = request.website.trim() !== '';
      const id = randomUUID();
      const at = now();

      let verdict: RateVerdict;
      try {
        // The rate-limit hit is counted in the same transaction as the insert, so concurrent
        // requests (on any instance) cannot overrun the limit.
        verdict = await store.submit({
          id,
          lead: pickLeadFields(request),
          consent: { text: CONSENT_TEXT, version: CONSENT_VERSION, givenAt: at },
          mails: kinds.map((kind) => ({
            kind,
            messageId: messageIdFor(id, kind, deps.messageDomain),
          })),
          now: at,
          rate: limiter.policyFor(clientKey),
          store: !honeypot,
        });
      } catch (error) {
        return unavailable(error);
      }
      if (!verdict.allowed) {
        return { status: 'rate-limited', retryAfterSeconds: verdict.retryAfterSeconds };
      }
      if (honeypot) {
        // Answered as if stored, so the robot learns nothing; nothing stored or sent.
        logger.info('lead_honeypot', { status: 'discarded' });
        return { status: 'discarded', id };
      }
      logger.info('lead_stored', { leadId: id, status: 'stored' });
      deps.onStored?.();
      return { status: 'stored', id };
    },
  };
}

import { randomUUID } from 'node:crypto';

import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, Hono } from 'hono';

import { CONSENT_TEXT, CONSENT_VERSION } from '../contact/consent';
import { ContactRequestSchema, fieldErrors, LIMITS } from '../contact/schema';
import { CACHE_NONE } from './cache-control';
import type { Logger } from './logger';
import { messageIdFor } from './mail/templates';
import { clientAddress, clientKey, type RateLimiter } from './rate-limit';
import type { LeadStore, MailKind } from './store';

/**
 * `POST /functions/v1/send-contact-email`: the Supabase function contract the form speaks.
 * Checks, in order: content type (415), size (413), JSON (400), the shared schema (400), the
 * rate limit (429); then stores the request, its consent and its e-mails in one transaction and
 * answers `{ ok: true, id }`. Every error answer is `{ error }` in French, never a stack trace.
 */
export const CONTACT_PATH = '/functions/v1/send-contact-email';

export const CORS_ALLOWED_HEADERS = 'apikey, authorization, content-type, x-client-info';
export const CORS_ALLOWED_METHODS = 'POST, OPTIONS';

export const ERRORS = {
  contentType: 'La demande doit être envoyée au format JSON.',
  tooLarge: 'La demande est trop volumineuse.',
  malformed: 'La demande est illisible. Veuillez réessayer.',
  invalid: 'Requête invalide.',
  rateLimited:
    'Vous avez envoyé trop de demandes. Veuillez réessayer plus tard ou nous appeler directement.',
  unavailable:
    'Le service est momentanément indisponible. Veuillez réessayer dans quelques minutes ou nous appeler.',
} as const;

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export interface ContactEndpointDeps {
  store: LeadStore;
  limiter: RateLimiter;
  logger: Logger;
  /** The origins a browser may call from (read on each request: the port may be known late). */
  origins: () => readonly string[];
  /** Header naming the client address when behind a proxy; unset = the socket address. */
  trustProxy?: string;
  sendConfirmation: boolean;
  messageDomain: string;
  /** Called once a request is stored, to send its e-mails now. */
  onStored?: () => void;
  now?: () => number;
}

class BodyTooLarge extends Error {}
class ForbiddenKey extends Error {}

async function readLimitedBody(request: Request, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (Number.isFinite(declared) && declared > maxBytes) throw new BodyTooLarge();
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLarge();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** JSON.parse that refuses prototype-pollution keys at any depth. */
export function parseJsonSafely(text: string): unknown {
  return JSON.parse(text, (key, value: unknown) => {
    if (FORBIDDEN_KEYS.has(key)) throw new ForbiddenKey();
    return value;
  });
}

function isJsonContentType(value: string | undefined): boolean {
  if (!value) return false;
  const [type, ...params] = value.split(';').map((part) => part.trim().toLowerCase());
  if (type !== 'application/json') return false;
  const charset = params.find((param) => param.startsWith('charset='));
  return !charset || charset.replace(/"/g, '') === 'charset=utf-8';
}

function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

export function registerContactEndpoint(app: Hono, deps: ContactEndpointDeps): void {
  const { store, limiter, logger } = deps;
  const now = deps.now ?? Date.now;

  const corsHeaders = (c: Context): Record<string, string> => {
    const origin = c.req.header('origin');
    const headers: Record<string, string> = { Vary: 'Origin', 'Cache-Control': CACHE_NONE };
    if (origin && deps.origins().includes(origin)) {
      headers['Access-Control-Allow-Origin'] = origin;
      headers['Access-Control-Expose-Headers'] = 'Retry-After';
    }
    return headers;
  };

  app.options(CONTACT_PATH, (c) => {
    const headers = corsHeaders(c);
    if (headers['Access-Control-Allow-Origin']) {
      headers['Access-Control-Allow-Methods'] = CORS_ALLOWED_METHODS;
      headers['Access-Control-Allow-Headers'] = CORS_ALLOWED_HEADERS;
      headers['Access-Control-Max-Age'] = '600';
      delete headers['Access-Control-Expose-Headers'];
    }
    return c.body(null, 204, headers);
  });

  app.post(CONTACT_PATH, async (c) => {
    const headers = corsHeaders(c);
    const fail = (status: 400 | 413 | 415 | 429 | 503, error: string, extra?: object) => {
      logger.info('lead_rejected', { status });
      return c.json({ error, ...extra }, status, headers);
    };
    const rateLimited = (retryAfterSeconds: number) => {
      logger.info('lead_rejected', { status: 429 });
      return c.json({ error: ERRORS.rateLimited }, 429, {
        ...headers,
        'Retry-After': String(retryAfterSeconds),
      });
    };

    if (!isJsonContentType(c.req.header('content-type'))) return fail(415, ERRORS.contentType);

    const key = clientKey(clientAddress(socketAddress(c), c.req.raw.headers, deps.trustProxy));
    let early;
    try {
      early = limiter.check(key, now());
    } catch (error) {
      logger.error('storage_unavailable', { error: (error as Error).message });
      return fail(503, ERRORS.unavailable);
    }
    if (!early.allowed) return rateLimited(early.retryAfterSeconds);

    let data: unknown;
    try {
      const bytes = await readLimitedBody(c.req.raw, LIMITS.bodyBytes);
      const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      data = parseJsonSafely(text);
    } catch (error) {
      if (error instanceof BodyTooLarge) return fail(413, ERRORS.tooLarge);
      return fail(400, ERRORS.malformed);
    }
    if (typeof data !== 'object' || data === null || Array.isArray(data)) {
      return fail(400, ERRORS.invalid);
    }

    const parsed = ContactRequestSchema.safeParse(data);
    if (!parsed.success) {
      const fields = fieldErrors(parsed.error);
      const first = parsed.error.issues[0]?.message ?? ERRORS.invalid;
      return fail(400, first, { fields });
    }
    const request = parsed.data;
    const honeypot = request.website.trim() !== '';
    const id = randomUUID();
    const at = now();

    let verdict;
    try {
      verdict = store.transaction(() => {
        const rate = limiter.consume(key, at);
        if (!rate.allowed || honeypot) return rate;
        const kinds: MailKind[] = deps.sendConfirmation
          ? ['notification', 'confirmation']
          : ['notification'];
        store.insertLead(
          id,
          {
            clientType: request.clientType,
            nom: request.nom,
            prenom: request.prenom,
            adresse: request.adresse,
            telephone: request.telephone,
            email: request.email,
            produit: request.produit,
            message: request.message,
          },
          { text: CONSENT_TEXT, version: CONSENT_VERSION, givenAt: at },
          kinds.map((kind) => ({ kind, messageId: messageIdFor(id, kind, deps.messageDomain) })),
          at,
        );
        return rate;
      });
    } catch (error) {
      logger.error('storage_unavailable', { error: (error as Error).message });
      return fail(503, ERRORS.unavailable);
    }
    if (!verdict.allowed) return rateLimited(verdict.retryAfterSeconds);
    if (honeypot) {
      // Answer as if stored, so the robot learns nothing; store and send nothing.
      logger.info('lead_honeypot', { status: 'discarded' });
      return c.json({ ok: true, id }, 200, headers);
    }
    logger.info('lead_stored', { leadId: id, status: 'stored' });
    deps.onStored?.();
    return c.json({ ok: true, id }, 200, headers);
  });
}

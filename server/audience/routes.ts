import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';

import { AUDIENCE_BEACON_PATH, MAX_BEACON_BYTES } from '#contracts/audience/contract.ts';
import { CACHE_NONE } from '#server/http/cache-control.ts';
import type { AudienceService } from './service.ts';

/**
 * The beacon endpoint, shared by the Node server and the `audience-beacon` Edge Function (no
 * Node-only import here).
 */

/** French answers of the beacon endpoint (a browser ignores them; a person testing reads them). */
const AUDIENCE_ERRORS = {
  tooLarge: 'Mesure d’audience trop volumineuse (1 Ko au plus).',
  malformed: 'Mesure d’audience illisible.',
  tooMany: 'Trop de mesures d’audience depuis cette adresse : réessayez dans une minute.',
} as const;

export interface AudienceBeaconDeps {
  service: AudienceService;
  /** The client's rate-limit key (as the contact endpoint computes it, TRUST_PROXY included). */
  clientKey: (c: Context) => string;
}

/**
 * `POST /functions/v1/audience-beacon`: 204 when read (counted or deliberately not: GPC, DNT, a
 * robot, a staff page), 413 over 1 KB, 400 unreadable, 429 over the client's budget. Nothing is
 * written to the database here: the service's buffer is.
 */
export function registerAudienceBeacon(app: Hono, deps: AudienceBeaconDeps): void {
  const limit = bodyLimit({
    maxSize: MAX_BEACON_BYTES,
    onError: (c) => c.json({ error: AUDIENCE_ERRORS.tooLarge }, 413),
  });
  app.post(AUDIENCE_BEACON_PATH, limit, async (c) => {
    let body: string;
    try {
      body = new TextDecoder('utf-8', { fatal: true }).decode(await c.req.arrayBuffer());
    } catch {
      return c.json({ error: AUDIENCE_ERRORS.malformed }, 400);
    }
    const outcome = deps.service.record(c.req.raw.headers, body, deps.clientKey(c));
    if (outcome === 'malformed') return c.json({ error: AUDIENCE_ERRORS.malformed }, 400);
    if (outcome === 'over-budget') {
      return c.json({ error: AUDIENCE_ERRORS.tooMany }, 429, { 'Retry-After': '60' });
    }
    return c.body(null, 204, { 'Cache-Control': CACHE_NONE });
  });
}

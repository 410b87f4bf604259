import type { Hono } from 'hono';
import { z } from 'zod';

import { VISITOR_API, type VisitorErased } from '#contracts/contact/visitor-api.ts';
import { VISITOR_MESSAGES } from './messages.ts';
import { visitorRouteKit, type VisitorApiDeps, type VisitorRouteKit } from './route-kit.ts';
import type { VisitorService } from './service.ts';

const TokenBody = z.object({ jeton: z.unknown() });
/** An act on one request names it: its id (checked to have the link's address, ADR 0031). */
const RequestId = z.string().max(64);
const RequestBody = z.object({ jeton: z.unknown(), demande: RequestId });
// Days and slots are read as text and normalised by the service (choice-input.ts, ADR 0030).
const SlotsBody = z.object({
  jeton: z.unknown(),
  demande: RequestId,
  jours: z.array(z.string().max(20)).max(14),
  creneaux: z.array(z.string().max(20)).max(12),
});
const AllowCallsBody = z.object({
  jeton: z.unknown(),
  demande: RequestId,
  accord: z.literal(true),
  version: z.string().max(20),
});
const EraseBody = z.object({ jeton: z.unknown(), confirmer: z.literal(true) });

/**
 * The visitor page's API (ADR 0029), all POST under `VISITOR_API_PREFIX`, the token in the JSON
 * body. In order: no-store and noindex on every answer; the guard's checks (./route-kit.ts:
 * another site 403, a client over its budget 429 held for `refusalDelayMs`, content type 415,
 * size 413, the whole body read (ADR 0033), past the bound of requests in progress 429 at once);
 * a body that is not the act's JSON 400; then the service: a wrong, expired or used-up token 404
 * with one message whatever the case. Refusals are logged in aggregate (`visitor_refused`, a
 * reason, a status, a count); no token, address or slot is ever logged.
 */
export function registerVisitorApi(app: Hono, deps: VisitorApiDeps): void {
  const kit = visitorRouteKit(app, deps);
  registerReadRoute(app, kit, deps.service);
  registerChangeRoutes(app, kit, deps.service);
  registerEraseRoute(app, kit, deps);
}

/** What the link shows: the person's requests, their choices. */
function registerReadRoute(app: Hono, kit: VisitorRouteKit, service: VisitorService): void {
  app.post(VISITOR_API.read, kit.guard, async (c) => {
    const body = await kit.readBody(c, TokenBody);
    if (!body) return kit.malformed(c);
    const outcome = await service.read(body.jeton);
    return outcome.status === 'ok' ? c.json(outcome.person) : kit.unknown(c);
  });
}

/** A request's changes: its days and slots, no more calls, calls allowed again. */
function registerChangeRoutes(app: Hono, kit: VisitorRouteKit, service: VisitorService): void {
  app.post(VISITOR_API.slots, kit.guard, async (c) => {
    const body = await kit.readBody(c, SlotsBody);
    if (!body) return kit.malformed(c);
    const { jeton, demande, jours, creneaux } = body;
    return kit.answer(c, await service.changeSlots(jeton, demande, jours, creneaux), 'slots');
  });

  app.post(VISITOR_API.stopCalls, kit.guard, async (c) => {
    const body = await kit.readBody(c, RequestBody);
    if (!body) return kit.malformed(c);
    return kit.answer(c, await service.stopCalls(body.jeton, body.demande), 'stop_calls');
  });

  app.post(VISITOR_API.allowCalls, kit.guard, async (c) => {
    const body = await kit.readBody(c, AllowCallsBody);
    if (!body) return kit.malformed(c);
    const outcome = await service.allowCalls(body.jeton, body.demande, body.version);
    return kit.answer(c, outcome, 'allow_calls');
  });
}

/** The erasure of every request the link covers (ADR 0031), its traces cleared after it. */
function registerEraseRoute(app: Hono, kit: VisitorRouteKit, deps: VisitorApiDeps): void {
  app.post(VISITOR_API.erase, kit.guard, async (c) => {
    const body = await kit.readBody(c, EraseBody);
    if (!body) return kit.fail(c, 400, 'malformed', { error: VISITOR_MESSAGES.confirmErase });
    const ids = await deps.service.erase(body.jeton);
    if (ids === undefined) return kit.unknown(c);
    await deps.onErased(ids);
    deps.onChanged();
    deps.logger.info('visitor_changed', { action: 'erase', count: ids.length });
    return c.json({ erased: ids.length } satisfies VisitorErased);
  });
}

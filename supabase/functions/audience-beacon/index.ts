/**
 * The Supabase Edge Function `audience-beacon`: the Node server's audience endpoint on Deno, with
 * the same modules (beacon parsing, GPC/DNT/robot rules, per-client budget, in-memory aggregate,
 * batched adding upserts), on the project's database. The isolate's aggregate is written every
 * 5 s; each counted beacon asks the runtime (`EdgeRuntime.waitUntil`) to keep the isolate until
 * that write has ended, so counts are not lost when an idle isolate is stopped.
 */
import { Hono } from 'hono';

import { AUDIENCE_BEACON_PATH } from '#contracts/audience/contract.ts';
import { AudienceStore, buildAudience } from '#server/audience/index.ts';
// The routes are not in the entry module: the staff CLI loads it and no HTTP code.
import { registerAudienceBeacon } from '#server/audience/routes.ts';
import { clientAddress, clientKey } from '#server/http/request-client.ts';
import { createEdgePipeline, runAfterAnswer } from '#supabase/functions/_shared/edge-pipeline.ts';

declare const Deno: {
  env: { toObject(): Record<string, string> };
  serve(handler: (request: Request) => Response | Promise<Response>): unknown;
};

const { settings, logger, stores } = createEdgePipeline(Deno.env.toObject());
const audience = buildAudience(settings, new AudienceStore(stores.database), { logger });
audience.start();

const app = new Hono();
registerAudienceBeacon(app, {
  service: audience,
  // Supabase's gateway sets X-Forwarded-For (TRUST_PROXY, edge-pipeline.ts).
  clientKey: (c) => clientKey(clientAddress(undefined, c.req.raw.headers, settings.TRUST_PROXY)),
});
app.use(AUDIENCE_BEACON_PATH, async (c, next) => {
  await next();
  if (c.res.status === 204) runAfterAnswer(() => audience.whenFlushed());
});

/** Supabase passes the request with the function's name as its path (no `/functions/v1`). */
const FUNCTIONS_PREFIX = AUDIENCE_BEACON_PATH.slice(0, AUDIENCE_BEACON_PATH.lastIndexOf('/'));

Deno.serve((request) => {
  const url = new URL(request.url);
  if (!url.pathname.startsWith(`${FUNCTIONS_PREFIX}/`)) {
    url.pathname = `${FUNCTIONS_PREFIX}${url.pathname}`;
  }
  return app.fetch(new Request(url, request));
});

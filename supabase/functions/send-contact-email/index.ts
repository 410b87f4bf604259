/**
 * The Supabase Edge Function `send-contact-email`: the Node server's contact endpoint on Deno,
 * with the same modules (schema, submit service, store queries, answers, CORS). The lead, its
 * consent and its outbox rows are committed in the project's database before the answer. The
 * e-mails are sent by the `outbox-worker` function (pg_cron calls it every minute); where the
 * hosted runtime offers `EdgeRuntime.waitUntil`, a send also starts right after the answer.
 */
import { Hono } from 'hono';

import { CONTACT_ENDPOINT_PATH } from '#contracts/contact/lead-contract.ts';
import { RefusalLog } from '#server/http/refusal-log.ts';
// The routes are not in the entry module: the staff CLI loads it and no HTTP code.
import { registerContactEndpoint } from '#server/leads/routes.ts';
import { createEdgePipeline, edgeLeads } from '#supabase/functions/_shared/edge-pipeline.ts';

declare const Deno: {
  env: { toObject(): Record<string, string> };
  serve(handler: (request: Request) => Response | Promise<Response>): unknown;
};

const pipeline = createEdgePipeline(Deno.env.toObject());
const { settings, logger, callback } = pipeline;
// The site's URL: where a native post is redirected to, and the default CORS origin.
if (!settings.SITE_URL) throw new Error('SITE_URL is not set (supabase secrets set SITE_URL=…)');
const siteUrl = settings.SITE_URL;
const origins = settings.SITE_ORIGINS ?? [new URL(siteUrl).origin];

// The flood caps are kept in the database by the store's submit path (one transaction per group
// of requests, under advisory locks): every isolate and the Node server share them.
const leads = edgeLeads(pipeline);
const app = new Hono();
registerContactEndpoint(app, {
  leads,
  logger,
  origins: () => origins,
  siteUrl,
  trustProxy: settings.TRUST_PROXY,
  // Per isolate: bounds the requests waiting for this isolate's database connections.
  maxRequestsInProgress: settings.MAX_LEAD_REQUESTS_IN_PROGRESS,
  // 0 unless set (edge-pipeline.ts): holding a refusal would keep an invocation open for nothing.
  refusalDelayMs: settings.REFUSAL_DELAY_MS,
  refusalLog: new RefusalLog(logger),
  callbackFacts: callback.facts,
});

/** Supabase passes the request with the function's name as its path (no `/functions/v1`). */
const FUNCTIONS_PREFIX = CONTACT_ENDPOINT_PATH.slice(0, CONTACT_ENDPOINT_PATH.lastIndexOf('/'));

Deno.serve((request) => {
  const url = new URL(request.url);
  if (!url.pathname.startsWith(`${FUNCTIONS_PREFIX}/`)) {
    url.pathname = `${FUNCTIONS_PREFIX}${url.pathname}`;
  }
  return app.fetch(new Request(url, request));
});

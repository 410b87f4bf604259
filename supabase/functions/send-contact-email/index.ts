/**
 * The Supabase Edge Function `send-contact-email`: the Node server's contact endpoint on Deno,
 * with the same modules (schema, submit service, store queries, answers, CORS). The lead, its
 * consent and its outbox rows are committed in the project's database before the answer. The
 * e-mails are sent by the `outbox-worker` function (pg_cron calls it every minute); where the
 * hosted runtime offers `EdgeRuntime.waitUntil`, a send also starts right after the answer.
 */
import { Hono } from 'hono';

import { CONTACT_ENDPOINT_PATH } from '#contracts/contact/lead-contract.ts';
import { callbackFactsBy } from '#server/callback/answer.ts';
import { registerContactEndpoint } from '#server/leads/routes.ts';
import { composeLeadService } from '#server/compose/services.ts';
import { RefusalLog } from '#server/http/refusal-log.ts';
import { createEdgePipeline, runAfterAnswer } from '#supabase/functions/_shared/edge-pipeline.ts';

declare const Deno: {
  env: { toObject(): Record<string, string> };
  serve(handler: (request: Request) => Response | Promise<Response>): unknown;
};

const { env, logger, stores, worker, webhooks, callbackBy, calendar } = createEdgePipeline(
  Deno.env.toObject(),
);
// The site's URL: where a native post is redirected to, and the default CORS origin.
if (!env.SITE_URL) throw new Error('SITE_URL is not set (supabase secrets set SITE_URL=…)');
const siteUrl = env.SITE_URL;
const origins = env.SITE_ORIGINS ?? [new URL(siteUrl).origin];

const leads = composeLeadService(
  stores,
  {
    rateLimitPerHour: env.RATE_LIMIT_PER_HOUR,
    sendConfirmation: env.SEND_CONFIRMATION,
    recordCampaigns: env.RECORD_CAMPAIGNS,
    // The flood caps (ADR 0008), kept in the database by the store's submit path (one
    // transaction per group of requests, under advisory locks): every isolate and the Node
    // server share them.
    siteRateLimitPerMinute: env.SITE_RATE_LIMIT_PER_MINUTE,
    notificationsPer10Minutes: env.NOTIFICATIONS_PER_10_MINUTES,
  },
  {
    logger,
    // The CRM webhook's `lead.created` is written with the request (ADR 0024).
    webhooks: webhooks !== undefined,
    calendar,
    onStored: () => {
      if (webhooks) {
        runAfterAnswer(() =>
          webhooks.worker
            .runOnce()
            .catch((error: unknown) => logger.error('webhook_error', { error })),
        );
      }
      if (worker) {
        runAfterAnswer(() =>
          worker.runOnce().catch((error: unknown) => logger.error('outbox_error', { error })),
        );
      }
    },
  },
);
const app = new Hono();
registerContactEndpoint(app, {
  leads,
  logger,
  origins: () => origins,
  siteUrl,
  trustProxy: env.TRUST_PROXY,
  // Per isolate: bounds the requests waiting for this isolate's database connections.
  maxRequestsInProgress: env.MAX_LEAD_REQUESTS_IN_PROGRESS,
  // 0 unless set (edge-pipeline.ts): holding a refusal would keep an invocation open for nothing.
  refusalDelayMs: env.REFUSAL_DELAY_MS,
  refusalLog: new RefusalLog(logger),
  callbackFacts: callbackFactsBy(calendar, callbackBy),
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

/**
 * The Supabase Edge Function `outbox-worker`: sends the e-mails that are due, with the Node
 * server's outbox worker (claims with a lease and `FOR UPDATE SKIP LOCKED`, retries with backoff,
 * a final failed state) and the HTTP mail transport. pg_cron calls it every minute through
 * pg_net (supabase/migrations/*_outbox_worker_schedule.sql), with the secret kept in Vault; any
 * call without that secret is refused. It also delivers the CRM webhook's events that are due
 * (WEBHOOK_URL) with the Node server's webhook worker.
 */
import { createEdgePipeline, sameSecret } from '#supabase/functions/_shared/edge-pipeline.ts';

declare const Deno: {
  env: { toObject(): Record<string, string> };
  serve(handler: (request: Request) => Response | Promise<Response>): unknown;
};

export const WORKER_ERRORS = {
  method: 'Méthode non autorisée : utilisez POST.',
  secret: 'Accès refusé : secret du planificateur absent ou incorrect.',
  noTransport: 'L’envoi des e-mails n’est pas configuré (MAIL_API_URL et MAIL_API_KEY).',
  failed: 'L’envoi des e-mails a échoué ; il sera repris au prochain passage.',
} as const;

export const WORKER_SECRET_HEADER = 'x-outbox-worker-secret';

const { logger, worker, webhooks, workerSecret } = createEdgePipeline(Deno.env.toObject());

function answer(status: number, body: Record<string, unknown>): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  });
}

Deno.serve(async (request) => {
  if (request.method !== 'POST') return answer(405, { error: WORKER_ERRORS.method });
  const given = request.headers.get(WORKER_SECRET_HEADER);
  let expected: string | undefined;
  try {
    expected = await workerSecret();
  } catch (error) {
    logger.error('outbox_error', { error });
    return answer(503, { error: WORKER_ERRORS.failed });
  }
  if (!given || !expected || !(await sameSecret(given, expected))) {
    logger.warn('outbox_worker_refused', { reason: 'secret' });
    return answer(401, { error: WORKER_ERRORS.secret });
  }
  // The CRM webhook's events first: they need no mail transport.
  let delivered = 0;
  try {
    delivered = (await webhooks?.worker.runOnce()) ?? 0;
  } catch (error) {
    logger.error('webhook_error', { error });
  }
  if (!worker) return answer(503, { error: WORKER_ERRORS.noTransport });
  try {
    const handled = await worker.runOnce();
    return answer(200, { ok: true, handled, ...(webhooks ? { webhooks: delivered } : {}) });
  } catch (error) {
    logger.error('outbox_error', { error });
    return answer(503, { error: WORKER_ERRORS.failed });
  }
});

import type { Context, Hono, MiddlewareHandler } from 'hono';

import { STAFF_API_PREFIX, type StaffIdentity } from '#contracts/staff/contract.ts';
import {
  WEBHOOK_API,
  WEBHOOK_ID,
  type WebhookActionResult,
} from '#contracts/staff/webhooks-contract.ts';
import type { WebhookService } from './service.ts';

/**
 * The staff API's webhook routes (ADR 0024), behind the staff API's session check and its
 * cross-site refusal (both in server/staff/api.ts). Without a webhook, the pages say so.
 */
export const WEBHOOK_STAFF_ERRORS = {
  // Shown on the integrations page when the webhook was turned off after it loaded: plain words,
  // the settings are in its « Détails techniques ».
  notConfigured:
    'L’envoi au logiciel client (CRM) n’est plus en place\u00a0: rien ne peut lui être envoyé. Rechargez la page.',
  notFailed: 'Cet envoi n’est pas en échec : il n’y a rien à renvoyer.',
  notFound: 'Cet envoi n’existe pas.',
} as const;

const LEAD_ID = /^[A-Za-z0-9-]{1,64}$/;

function actor(c: Context): string {
  // Set by the staff API's `requireStaff` before any of these handlers runs.
  return (c.get('staff' as never) as StaffIdentity).email;
}

export function registerWebhookStaffRoutes(
  app: Hono,
  deps: {
    requireStaff: MiddlewareHandler;
    /** The session check of a request's own events (hides the requests not visible). */
    requireLeadStaff?: MiddlewareHandler;
    service: WebhookService | undefined;
  },
): void {
  const { requireStaff, service } = deps;
  const result = (c: Context, count: number) => c.json({ count } satisfies WebhookActionResult);
  const notConfigured = (c: Context) => c.json({ error: WEBHOOK_STAFF_ERRORS.notConfigured }, 404);

  app.get(WEBHOOK_API.overview, requireStaff, async (c) =>
    c.json(service ? await service.integrationsPage() : { configured: false }),
  );

  const requireLeadStaff = deps.requireLeadStaff ?? requireStaff;
  app.get(`${STAFF_API_PREFIX}/demandes/:id/webhooks`, requireLeadStaff, async (c) => {
    const id = c.req.param('id') ?? '';
    if (!LEAD_ID.test(id)) return c.json({ error: WEBHOOK_STAFF_ERRORS.notFound }, 404);
    return c.json(service ? await service.leadWebhooks(id) : { configured: false, events: [] });
  });

  app.post(
    `${STAFF_API_PREFIX}/integrations/evenements/:webhookId/renvoyer`,
    requireStaff,
    async (c) => {
      if (!service) return notConfigured(c);
      const webhookId = c.req.param('webhookId') ?? '';
      if (!WEBHOOK_ID.test(webhookId)) return c.json({ error: WEBHOOK_STAFF_ERRORS.notFound }, 404);
      const count = await service.resend(webhookId, actor(c));
      if (count === 0) return c.json({ error: WEBHOOK_STAFF_ERRORS.notFailed }, 409);
      return result(c, count);
    },
  );

  app.post(WEBHOOK_API.resendAll, requireStaff, async (c) => {
    if (!service) return notConfigured(c);
    return result(c, await service.resend('all', actor(c)));
  });

  app.post(WEBHOOK_API.enable, requireStaff, async (c) => {
    if (!service) return notConfigured(c);
    return result(c, await service.enable(actor(c)));
  });

  app.post(WEBHOOK_API.test, requireStaff, async (c) => {
    if (!service) return notConfigured(c);
    await service.sendTest(actor(c));
    return result(c, 1);
  });
}

import type { Hono } from 'hono';

import { STAFF_API, STAFF_API_PREFIX } from '#contracts/staff/contract.ts';
import { InboxFilterSchema, StatusChangeSchema } from '#contracts/staff/schemas.ts';
import type { StaffRouteKit } from '#server/http/staff-route-kit.ts';
import { exportFileName, requestsCsv, type LeadStore } from '#server/leads/index.ts';
import type { Logger } from '#server/logger.ts';
import type { Database } from '#server/db/database.ts';
import { clearErasedTraces, type RetentionStore } from '#server/retention/index.ts';
import { STAFF_ERRORS } from '#server/staff/index.ts';
import { readExportForm } from './export.ts';
import type { InboxService } from './service.ts';
import type { InboxStore } from './store.ts';

export interface InboxRoutesDeps {
  /** `database`: what an erasure clears after its commit (`clearErasedTraces`, ADR 0032). */
  stores: { database: Database; leads: LeadStore; inbox: InboxStore; retention: RetentionStore };
  /** The inbox's pages and the lead's page, with their call-back clock. */
  pages: InboxService;
  logger: Logger;
  /** Wakes the outbox worker after "retry now". */
  onRetry: () => void;
  /** A status change or an erasure was committed (wakes the CRM webhook's worker). */
  onChanged?: () => void;
}

/**
 * The staff inbox's routes, behind the staff session (server/staff/routes.ts): search, the
 * counters, CSV export, a request's page, its status, its erasure and "retry now".
 */
export function registerInboxRoutes(app: Hono, kit: StaffRouteKit, deps: InboxRoutesDeps): void {
  const { stores, pages, logger } = deps;

  app.post(STAFF_API.search, kit.requireStaff, kit.limitSize, async (c) => {
    const body = await kit.readJson(c, InboxFilterSchema);
    if (!body.ok) return body.response;
    return c.json(await pages.page(body.value));
  });

  app.get(STAFF_API.counters, kit.requireStaff, async (c) => c.json(await pages.counters()));

  app.post(STAFF_API.exportCsv, kit.requireStaff, kit.limitSize, async (c) => {
    const form = await readExportForm(c);
    if (form === 'type') return kit.fail(c, 415, STAFF_ERRORS.contentType);
    if (form === 'invalid') return kit.fail(c, 400, STAFF_ERRORS.invalid);
    const rows = await pages.exportRows(form.filter);
    const now = kit.now();
    await stores.inbox.recordExport(c.get('staff').email, rows.length, now);
    const timeZone = pages.timeZone;
    const name = exportFileName(form.scope, form.filter, now, timeZone, form.columns);
    return c.body(requestsCsv(rows, { timeZone, columns: form.columns }), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}"`,
    });
  });

  app.get(`${STAFF_API_PREFIX}/demandes/:id`, kit.requireStaff, async (c) => {
    const id = kit.leadId(c);
    const detail = id ? await pages.leadPage(id) : undefined;
    if (!detail) return kit.fail(c, 404, STAFF_ERRORS.notFound);
    return c.json(detail);
  });

  app.post(
    `${STAFF_API_PREFIX}/demandes/:id/statut`,
    kit.requireStaff,
    kit.limitSize,
    async (c) => {
      const id = kit.leadId(c);
      if (!id) return kit.fail(c, 404, STAFF_ERRORS.notFound);
      const body = await kit.readJson(c, StatusChangeSchema);
      if (!body.ok) return body.response;
      const changed = await stores.inbox.changeStatus({
        leadId: id,
        status: body.value.status,
        note: body.value.note || undefined,
        actor: c.get('staff').email,
        now: kit.now(),
      });
      if (!changed) return kit.fail(c, 404, STAFF_ERRORS.notFound);
      deps.onChanged?.();
      return c.json(await pages.leadPage(id));
    },
  );

  app.post(`${STAFF_API_PREFIX}/demandes/:id/effacer`, kit.requireStaff, async (c) => {
    const id = kit.leadId(c);
    const ids = id
      ? await stores.retention.eraseByLead(id, c.get('staff').email, kit.now())
      : undefined;
    if (!ids) return kit.fail(c, 404, STAFF_ERRORS.notFound);
    await clearErasedTraces(stores.database, ids, logger);
    deps.onChanged?.();
    logger.info('staff_erased', { count: ids.length });
    return c.json({ erased: ids.length });
  });

  app.post(`${STAFF_API_PREFIX}/demandes/:id/renvoyer`, kit.requireStaff, async (c) => {
    const id = kit.leadId(c);
    const count = id
      ? await stores.inbox.retryMailNow(id, c.get('staff').email, kit.now())
      : undefined;
    if (count === undefined || !id) return kit.fail(c, 404, STAFF_ERRORS.notFound);
    deps.onRetry();
    return c.json(await pages.leadPage(id));
  });
}

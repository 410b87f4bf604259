import type { Context, Hono, MiddlewareHandler } from 'hono';

import { STAFF_API, STAFF_API_PREFIX } from '#contracts/staff/contract.ts';
import { InboxFilterSchema, StatusChangeSchema } from '#contracts/staff/schemas.ts';
import type { StaffEnv, StaffRouteKit } from '#server/http/staff-route-kit.ts';
import { exportFileName, requestsCsv, type LeadStore } from '#server/leads/index.ts';
import type { Logger } from '#server/logger.ts';
import type { Database } from '#server/db/database.ts';
import { clearErasedTraces, type RetentionStore } from '#server/retention/index.ts';
import { STAFF_ERRORS } from '#server/staff/index.ts';
import type { LeadAccess } from '#server/team/index.ts';
import { readExportForm } from './export.ts';
import type { InboxService } from './service.ts';
import type { InboxStore } from './store.ts';

export interface InboxRoutesDeps {
  /** `database`: what an erasure clears after its commit (`clearErasedTraces`, ADR 0032). */
  stores: { database: Database; leads: LeadStore; inbox: InboxStore; retention: RetentionStore };
  /** Who sees which request (ADR 0046): what is hidden answers as a request that does not exist. */
  access: LeadAccess;
  /** The inbox's pages and the lead's page, with their call-back clock. */
  pages: InboxService;
  logger: Logger;
  /** Wakes the outbox worker after "retry now". */
  onRetry: () => void;
  /** A status change or an erasure was committed (wakes the CRM webhook's worker). */
  onChanged?: () => void;
}

/** What a commercial reads where only a responsable may act (ADR 0046). */
export const RESPONSABLES_ONLY = {
  erase: 'Seul un responsable peut effacer une personne.',
  exportAll: 'Seul un responsable peut exporter toutes les demandes.',
  page: 'Seul un responsable peut ouvrir cette page.',
} as const;

/**
 * `kit` whose session check also hides the requests `staff` may not see (ADR 0046): on a route
 * with a request's `:id`, a restricted commercial's request for one that is not visible, or does
 * not exist, answers 404 with the words of a request that does not exist, before the route's
 * handler runs (which answers the same for one that does not exist). For the routes of other capabilities that
 * take a request's id (the call log, the webhook's events of a request).
 */
export function hidingUnseen(kit: StaffRouteKit, access: LeadAccess): StaffRouteKit {
  const requireStaff: MiddlewareHandler<StaffEnv> = async (c, next) => {
    let hidden = false;
    const refused = await kit.requireStaff(c, async () => {
      const id = kit.leadId(c);
      if (id && (await access.hides(c.get('staff'), id))) hidden = true;
      else await next();
    });
    if (refused) return refused;
    if (hidden) return kit.fail(c, 404, STAFF_ERRORS.notFound);
  };
  return { ...kit, requireStaff };
}

/** 403 for a commercial: the route is for responsables only (ADR 0046). */
export function responsablesOnly(kit: StaffRouteKit, error: string): MiddlewareHandler<StaffEnv> {
  return async (c, next) => {
    if (c.get('staff').role !== 'responsable') return kit.fail(c, 403, error);
    await next();
  };
}

/**
 * The staff inbox's routes, behind the staff session (server/staff/routes.ts): search, the
 * counters, CSV export, a request's page, its status, its erasure and "retry now". Each shows and
 * touches only what the signed-in person may see (`deps.access`, ADR 0046).
 */
export function registerInboxRoutes(
  app: Hono,
  plainKit: StaffRouteKit,
  deps: InboxRoutesDeps,
): void {
  const { stores, pages, logger, access } = deps;
  const kit = hidingUnseen(plainKit, access);
  const viewer = (c: Context<StaffEnv>) => access.viewerOf(c.get('staff'));

  app.post(STAFF_API.search, kit.requireStaff, kit.limitSize, async (c) => {
    const body = await kit.readJson(c, InboxFilterSchema);
    if (!body.ok) return body.response;
    return c.json(await pages.page(body.value, undefined, await viewer(c)));
  });

  app.get(STAFF_API.counters, kit.requireStaff, async (c) => c.json(await pages.counters()));

  app.post(STAFF_API.exportCsv, kit.requireStaff, kit.limitSize, async (c) => {
    const form = await readExportForm(c);
    if (form === 'type') return kit.fail(c, 415, STAFF_ERRORS.contentType);
    if (form === 'invalid') return kit.fail(c, 400, STAFF_ERRORS.invalid);
    if (form.scope === 'tout' && c.get('staff').role !== 'responsable') {
      return kit.fail(c, 403, RESPONSABLES_ONLY.exportAll);
    }
    const rows = await pages.exportRows(form.filter, await viewer(c));
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
    const detail = id ? await pages.leadPage(id, await viewer(c)) : undefined;
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
      return c.json(await pages.leadPage(id, await viewer(c)));
    },
  );

  const eraser = responsablesOnly(kit, RESPONSABLES_ONLY.erase);
  app.post(`${STAFF_API_PREFIX}/demandes/:id/effacer`, plainKit.requireStaff, eraser, async (c) => {
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
    return c.json(await pages.leadPage(id, await viewer(c)));
  });
}

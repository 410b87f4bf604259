import type { Hono } from 'hono';

import { STAFF_API, STAFF_API_PREFIX } from '#contracts/staff/contract.ts';
import { CallRecordSchema } from '#contracts/staff/schemas.ts';
import type { StaffRouteKit } from '#server/http/staff-route-kit.ts';
import { STAFF_ERRORS } from '#server/staff/index.ts';
import type { CallbackService } from './service.ts';

export interface CallbackRoutesDeps {
  callback: CallbackService;
  /** A call was recorded (wakes the CRM webhook's worker: it may change the status). */
  onChanged?: () => void;
}

/** The call-back clock's routes, behind the staff session: the counters and the call log. */
export function registerCallbackRoutes(
  app: Hono,
  kit: StaffRouteKit,
  deps: CallbackRoutesDeps,
): void {
  const { callback } = deps;

  app.get(STAFF_API.counters, kit.requireStaff, async (c) => c.json(await callback.counters()));

  app.post(
    `${STAFF_API_PREFIX}/demandes/:id/appels`,
    kit.requireStaff,
    kit.limitSize,
    async (c) => {
      const id = kit.leadId(c);
      if (!id) return kit.fail(c, 404, STAFF_ERRORS.notFound);
      const body = await kit.readJson(c, CallRecordSchema);
      if (!body.ok) return body.response;
      const { outcome, note } = body.value;
      // Nothing is preselected in the form: a save without an outcome is refused, in words.
      if (!outcome) return kit.fail(c, 400, STAFF_ERRORS.callOutcomeMissing);
      const recorded = await callback.recordCall(id, outcome, note ?? '', c.get('staff').email);
      if (recorded === 'not-found') return kit.fail(c, 404, STAFF_ERRORS.notFound);
      // The person asked for the e-mail only (issue 37): « Répondu par e-mail » alone is allowed.
      if (recorded === 'email-only') return kit.fail(c, 409, STAFF_ERRORS.callEmailOnly);
      deps.onChanged?.();
      return c.json(await callback.leadPage(id));
    },
  );
}

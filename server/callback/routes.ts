import type { Hono } from 'hono';

import { CallLogSchema } from '#contracts/staff/calling.ts';
import { STAFF_API_PREFIX, type LeadPage } from '#contracts/staff/contract.ts';
import type { CallingService } from '#server/calling/index.ts';
import type { StaffRouteKit } from '#server/http/staff-route-kit.ts';
import { STAFF_ERRORS } from '#server/staff/index.ts';
import type { CallbackService } from './service.ts';

export interface CallbackRoutesDeps {
  callback: CallbackService;
  /** The request's page the call log answers with (the inbox's, server/inbox/service.ts). */
  leadPage: (id: string) => Promise<LeadPage | undefined>;
  /**
   * The calling marks (ADR 0047): who may see the request, and the colleague's live mark that
   * refuses an unconfirmed log (409, the question). Without it: no check.
   */
  calling?: CallingService;
  /** A call was recorded (wakes the CRM webhook's worker: it may change the status). */
  onChanged?: () => void;
}

/** The call-back clock's route, behind the staff session: the call log. */
export function registerCallbackRoutes(
  app: Hono,
  kit: StaffRouteKit,
  deps: CallbackRoutesDeps,
): void {
  const { callback, calling } = deps;

  app.post(
    `${STAFF_API_PREFIX}/demandes/:id/appels`,
    kit.requireStaff,
    kit.limitSize,
    async (c) => {
      const id = kit.leadId(c);
      const staff = c.get('staff');
      if (!id || (calling && !(await calling.canSee(staff, id)))) {
        return kit.fail(c, 404, STAFF_ERRORS.notFound);
      }
      const body = await kit.readJson(c, CallLogSchema);
      if (!body.ok) return body.response;
      const { outcome, note, confirme } = body.value;
      // Nothing is preselected in the form: a save without an outcome is refused, in words.
      if (!outcome) return kit.fail(c, 400, STAFF_ERRORS.callOutcomeMissing);
      const guard = calling?.callLogGuard(staff.id, confirme === true);
      const recorded = await callback.recordCall(id, outcome, note ?? '', staff.email, guard);
      if (recorded === 'not-found') return kit.fail(c, 404, STAFF_ERRORS.notFound);
      // The person asked for the e-mail only (ADR 0029): « Répondu par e-mail » alone is allowed.
      if (recorded === 'email-only') return kit.fail(c, 409, STAFF_ERRORS.callEmailOnly);
      // A colleague calls this person now (ADR 0047): asked to confirm, nothing recorded.
      if (recorded !== 'recorded') return c.json(recorded, 409);
      deps.onChanged?.();
      return c.json(await deps.leadPage(id));
    },
  );
}

import type { Hono } from 'hono';

import { STAFF_API_PREFIX, type LeadPage } from '#contracts/staff/contract.ts';
import { CallRecordSchema } from '#contracts/staff/schemas.ts';
import type { StaffRouteKit } from '#server/http/staff-route-kit.ts';
import { STAFF_ERRORS } from '#server/staff/index.ts';
import type { CallbackService } from './service.ts';

export interface CallbackRoutesDeps {
  callback: CallbackService;
  /** The request's page the call log answers with (the inbox's, server/inbox/service.ts). */
  leadPage: (id: string) => Promise<LeadPage | undefined>;
  /** A call was recorded (wakes the CRM webhook's worker: it may change the status). */
  onChanged?: () => void;
}

/** The call-back clock's route, behind the staff session: the call log. */
export function registerCallbackRoutes(
  app: Hono,
  kit: StaffRouteKit,
  deps: CallbackRoutesDeps,
): void {
  const { callback } = deps;

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
      // The person asked for the e-mail only (ADR 0029): « Répondu par e-mail » alone is allowed.
      if (recorded === 'email-only') return kit.fail(c, 409, STAFF_ERRORS.callEmailOnly);
      deps.onChanged?.();
      return c.json(await deps.leadPage(id));
    },
  );
}

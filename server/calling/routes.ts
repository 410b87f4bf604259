import type { Hono } from 'hono';

import { CALLING_API, type LiveCallMarks } from '#contracts/staff/calling.ts';
import { STAFF_API_PREFIX } from '#contracts/staff/contract.ts';
import type { StaffRouteKit } from '#server/http/staff-route-kit.ts';
import { STAFF_ERRORS } from '#server/staff/index.ts';
import type { CallingService } from './service.ts';

/**
 * The calling marks' routes (ADR 0047), behind the staff session and its cross-site refusal:
 * start or renew one's mark on a request (a request not visible answers as one that does not
 * exist), and the colleagues' live marks, which open lists and pages poll.
 */
export function registerCallingRoutes(
  app: Hono,
  kit: StaffRouteKit,
  calling: CallingService,
): void {
  app.post(
    `${STAFF_API_PREFIX}/demandes/:id/appel-en-cours`,
    kit.requireStaff,
    kit.limitSize,
    async (c) => {
      const id = kit.leadId(c);
      const mark = id ? await calling.start(c.get('staff'), id) : undefined;
      if (!mark) return kit.fail(c, 404, STAFF_ERRORS.notFound);
      return c.json(mark);
    },
  );
  app.get(CALLING_API.live, kit.requireStaff, async (c) =>
    c.json({ appels: await calling.live(c.get('staff')) } satisfies LiveCallMarks),
  );
}

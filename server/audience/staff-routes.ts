import type { Context, Hono, MiddlewareHandler } from 'hono';

import {
  AUDIENCE_API,
  AUDIENCE_PERIODS,
  type AudiencePeriod,
} from '#contracts/audience/aggregates.ts';
import type { AudienceStore } from './store.ts';
import { audienceCsv, audienceReport } from './report.ts';

const PERIOD_ERROR = 'Période inconnue : 7, 30 ou 90 jours.';

function period(c: Context): AudiencePeriod | undefined {
  const value = Number(c.req.query('jours') ?? '30');
  return (AUDIENCE_PERIODS as readonly number[]).includes(value)
    ? (value as AudiencePeriod)
    : undefined;
}

/** The staff page's reads, behind the staff API's session check (`requireStaff`). */
export function registerAudienceStaffRoutes(
  app: Hono,
  deps: {
    requireStaff: MiddlewareHandler;
    store: () => AudienceStore;
    now: () => number;
  },
): void {
  app.get(AUDIENCE_API.report, deps.requireStaff, async (c) => {
    const days = period(c);
    if (!days) return c.json({ error: PERIOD_ERROR }, 400);
    return c.json(await audienceReport(deps.store(), days, deps.now()));
  });
  app.get(AUDIENCE_API.exportCsv, deps.requireStaff, async (c) => {
    const days = period(c);
    if (!days) return c.json({ error: PERIOD_ERROR }, 400);
    const now = deps.now();
    const csv = await audienceCsv(deps.store(), days, now);
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="audience-${days}-jours.csv"`,
    });
  });
}

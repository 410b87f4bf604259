/**
 * The calling marks, built from the database, the clock and the company's time zone: the Node
 * server's composition (server/compose-routes.ts) builds them here.
 */
import type { Database } from '#server/db/database.ts';
import { type AbsenceClock, LeadAccess } from '#server/team/index.ts';
import { CallingService } from './service.ts';

export function buildCalling(
  database: Database,
  deps: { clock: () => number; timeZone: string; markMs?: number; absences?: AbsenceClock },
): CallingService {
  const { absences, ...rest } = deps;
  return new CallingService({
    scope: database,
    access: new LeadAccess(database, absences),
    ...rest,
  });
}

/**
 * The sales team, built from the settings (server/env.ts) and the database: the service, and
 * the operator's way in (STAFF_EMAILS: each listed address made an active responsable at start).
 */
import type { Database } from '#server/db/database.ts';
import type { ServerEnv } from '#server/env.ts';
import type { AbsenceClock } from './access.ts';
import { OwnershipService } from './ownership.ts';
import { TeamService } from './service.ts';
import { TeamSettingsService } from './settings.ts';

export interface Team {
  service: TeamService;
  /** Makes every STAFF_EMAILS address an active responsable; run once before serving. */
  seed(now: number): Promise<void>;
}

export function buildTeam(settings: Pick<ServerEnv, 'STAFF_EMAILS'>, database: Database): Team {
  const service = new TeamService(database);
  return { service, seed: (now) => service.ensureResponsables(settings.STAFF_EMAILS, now) };
}

/** « Je la prends », « Confier à … » and the assignment settings, on `database` (ADR 0045). */
export function assignmentServices(database: Database, absences?: AbsenceClock) {
  return {
    ownership: new OwnershipService(database, absences),
    settings: new TeamSettingsService(database),
  };
}

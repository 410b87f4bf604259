/**
 * The sales team's entry module (ADR 0044): the people who may sign in, their role and whether
 * they are active; the team's settings. Its HTTP routes (./routes.ts) are registered by the
 * composition root only.
 */
export {
  type AbsenceClock,
  LeadAccess,
  type LeadViewer,
  type OwnRestriction,
  takableBy,
} from './access.ts';
export { buildTeam } from './build.ts';
export { isAbsentOn } from './assignment-rule.ts';
export { teamAssigner } from './batch-assigner.ts';
export { TEAM_REFUSALS } from './messages.ts';
export { changeOwner, type OwnerChange } from './owner-change.ts';
export { OwnershipService } from './ownership.ts';
export { TeamService, type TeamOutcome } from './service.ts';

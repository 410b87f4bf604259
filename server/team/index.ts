/**
 * The sales team's entry module (ADR 0044): the people who may sign in, their role and whether
 * they are active; the team's settings. Who handles each request (ADR 0045): the assignment
 * rule injected into the lead capability (`teamAssigner`), `isAbsentOn`, the one write path of
 * an owner change (`changeOwner`). Its HTTP routes (./routes.ts, ./ownership-routes.ts) are
 * registered by the composition root only.
 */
export { LeadAccess, type LeadViewer, takableBy } from './access.ts';
export { isAbsentOn } from './assignment-rule.ts';
export { assignmentServices, buildTeam } from './build.ts';
export { teamAssigner } from './batch-assigner.ts';
export { TEAM_REFUSALS } from './messages.ts';
export { changeOwner } from './owner-change.ts';
export { TeamService, type TeamOutcome } from './service.ts';

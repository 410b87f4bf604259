/**
 * The sales team's entry module (ADR 0044): the people who may sign in, their role and whether
 * they are active; the team's settings. Who handles each request (ADR 0045): the assignment
 * rule injected into the lead capability (`teamAssigner`); who sees which request
 * (`LeadAccess`). Its HTTP routes (./routes.ts, ./ownership-routes.ts) are
 * registered by the composition root only.
 */
export { type AbsenceClock, LeadAccess, type LeadViewer, takableBy } from './access.ts';
export { assignmentServices, buildTeam } from './build.ts';
export { teamAssigner } from './batch-assigner.ts';
export { TEAM_REFUSALS } from './messages.ts';
export { TeamService, type TeamOutcome } from './service.ts';

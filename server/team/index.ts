/**
 * The sales team's entry module (ADR 0044): the people who may sign in, their role and whether
 * they are active; the team's settings. Its HTTP routes (./routes.ts) are registered by the
 * composition root only.
 */
export { buildTeam, type Team } from './build.ts';
export { REFUSAL_STATUS, TEAM_ERRORS, TEAM_REFUSALS } from './messages.ts';
export { TeamService, type TeamOutcome, type TeamRefusal } from './service.ts';
export { TeamStore } from './store.ts';

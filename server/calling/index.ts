/**
 * The calling marks' entry module (ADR 0047): « Marie Dupont appelle… » on a request while she
 * calls, seen by every colleague, and the call log's confirmation. Its HTTP routes
 * (./routes.ts) are registered by the composition root only.
 */
export { buildCalling } from './build.ts';
export { CallingService } from './service.ts';

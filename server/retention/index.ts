/**
 * Retention and erasure's entry module: the daily purge and a person's erasure, each in one
 * transaction across the capabilities' tables, and what every erasure clears after its commit
 * (`clearErasedTraces`: mail files, the database's traces; ADR 0032).
 */
export { clearErasedTraces } from './erased-traces.ts';
export { runPurge } from './retention.ts';
export { RetentionStore } from './store.ts';
export { buildPurgeSchedule, type PurgeSchedule } from './build.ts';

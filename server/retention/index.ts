/**
 * Retention and erasure's entry module: the daily purge and a person's erasure, each in one
 * transaction across the capabilities' tables.
 */
export { removeMailFiles, runPurge } from './retention.ts';
export { RetentionStore, type PurgeResult } from './store.ts';

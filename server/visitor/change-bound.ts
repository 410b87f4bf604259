/**
 * The bound on one request's changes (ADR 0030): at most MAX_CHANGES_PER_DAY within any
 * CHANGE_WINDOW_MS, counted in the database (the request's audit entries, read under the row's
 * lock), so it holds across instances and whatever addresses the client rotates through.
 */
export const MAX_CHANGES_PER_DAY = 10;
export const CHANGE_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Staff access's entry module (ADR 0015): sign-in links, sessions and their stores. The staff
 * API's routes (./routes.ts) are registered by the composition root only.
 */
export { issueSignInLink, staffKeys } from './auth.ts';
export { STAFF_ERRORS } from './messages.ts';
export { SessionStore, STAFF_IDLE_MS } from './session-store.ts';
export { StaffAuthStore } from './store.ts';

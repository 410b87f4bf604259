/**
 * Staff access's entry module (ADR 0015): sign-in links, sessions and their stores. The staff
 * API's routes (./routes.ts) are registered by the composition root only.
 */
export {
  hashSecret,
  issueSignInLink,
  newSecret,
  SESSION_ABSOLUTE_MS,
  SIGN_IN_TOKEN_TTL_MS,
} from './auth.ts';
export { STAFF_ERRORS } from './messages.ts';
export { SessionStore, STAFF_IDLE_MS } from './session-store.ts';
export { StaffAuthStore } from './store.ts';

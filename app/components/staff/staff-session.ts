import type { StaffIdentity } from '#contracts/staff/contract.ts';

/**
 * The id of the pathless layout route holding every staff page behind a session
 * (`routes/staff/session.tsx`, docs/decisions/0039): the staff layout reads its loader's answer
 * for its bar. No import but types: the route table (app/routes.ts) reads it.
 */
export const STAFF_SESSION_ROUTE = 'staff-session';

/** What the session route's loader answers. */
export interface StaffSession {
  me: StaffIdentity;
}

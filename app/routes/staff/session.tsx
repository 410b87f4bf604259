import { getJson } from '#app/components/staff/staff-api.ts';
import { signedIn } from '#app/components/staff/staff-error.tsx';
import type { StaffSession } from '#app/components/staff/staff-session.ts';
import { STAFF_API, type StaffIdentity } from '#contracts/staff/contract.ts';

/**
 * The pages behind a staff session (a pathless layout route, id `STAFF_SESSION_ROUTE`): who is
 * signed in, or to the sign-in page without a session. Its children's loaders run beside it.
 */
export function clientLoader(): Promise<StaffSession> {
  return signedIn(async () => ({ me: await getJson<StaffIdentity>(STAFF_API.session) }));
}

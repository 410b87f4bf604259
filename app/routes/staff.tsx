import { Outlet, useRouteLoaderData } from 'react-router';

import { STAFF_SESSION_ROUTE, type StaffSession } from '#app/components/staff/staff-session.ts';
import { StaffShell } from '#app/components/staff/staff-shell.tsx';
import { staffText } from '#app/content/staff.ts';
import type { RouteHandle } from '#app/route-handle.ts';
import type { Route } from './+types/staff';

/**
 * The staff pages, `/equipe` and its child routes (app/routes.ts, docs/decisions/0039):
 * client-rendered, never prerendered, never in the sitemap, their code in chunks no public page
 * loads. The server answers these paths with the SPA fallback page, `no-store` and `noindex`; the
 * data comes from the staff API. This layout draws the staff chrome (`StaffShell`; the root route
 * leaves the public shell out for it): with the signed-in person's address and the navigation
 * when the session route (`routes/staff/session.tsx`) matched, bare on the sign-in page.
 * Every staff page's error (an unknown path, a request that no longer exists, a failure) is shown
 * by its error boundary.
 */
export const handle: RouteHandle = { ownChrome: true };

export const meta: Route.MetaFunction = () => [
  { title: staffText.metaTitle },
  { name: 'robots', content: 'noindex, nofollow' },
];

export default function StaffLayout() {
  const session = useRouteLoaderData<StaffSession>(STAFF_SESSION_ROUTE);
  return (
    <StaffShell me={session?.me}>
      <Outlet />
    </StaffShell>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from '#app/components/staff/staff-error.tsx';

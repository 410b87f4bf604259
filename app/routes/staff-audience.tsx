import { useLoaderData } from 'react-router';

import { AudienceScreen } from '#app/components/staff/audience/audience-screen.tsx';
import { getJson } from '#app/components/staff/staff-api.ts';
import { signedIn } from '#app/components/staff/staff-error.tsx';
import { StaffShell } from '#app/components/staff/staff-shell.tsx';
import { audienceText } from '#app/content/audience.ts';
import type { RouteHandle } from '#app/route-handle.ts';
import { STAFF_API, type StaffIdentity } from '#contracts/staff/contract.ts';
import {
  AUDIENCE_API,
  AUDIENCE_PERIODS,
  type AudiencePeriod,
  type AudienceReport,
} from '#contracts/audience/aggregates.ts';
import type { Route } from './+types/staff-audience';

/**
 * The staff audience page, `/equipe/audience` (issue 28, ADR 0023). A route of its own (a splat,
 * so never prerendered), so that its chart library (Chart.js, statically imported by its chart)
 * is in its chunk alone: only this page loads it, and no other module needs Vite's preload
 * helper for it. Client-rendered in the staff chrome like the inbox.
 */
export const handle: RouteHandle = { ownChrome: true };

export const meta: Route.MetaFunction = () => [
  { title: audienceText.metaTitle },
  { name: 'robots', content: 'noindex, nofollow' },
];

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const asked = Number(new URL(request.url).searchParams.get('jours'));
  const days: AudiencePeriod = (AUDIENCE_PERIODS as readonly number[]).includes(asked)
    ? (asked as AudiencePeriod)
    : 30;
  return signedIn(async () => {
    const [me, report] = await Promise.all([
      getJson<StaffIdentity>(STAFF_API.session),
      getJson<AudienceReport>(`${AUDIENCE_API.report}?jours=${days}`),
    ]);
    return { me, report };
  });
}

export default function StaffAudienceRoute() {
  const { me, report } = useLoaderData<typeof clientLoader>();
  return (
    <StaffShell me={me}>
      <AudienceScreen report={report} />
    </StaffShell>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from '#app/components/staff/staff-error.tsx';

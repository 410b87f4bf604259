import { AudienceScreen } from '#app/components/staff/audience/audience-screen.tsx';
import { getJson } from '#app/components/staff/staff-api.ts';
import { signedIn } from '#app/components/staff/staff-error.tsx';
import { audienceText } from '#app/content/audience.ts';
import {
  AUDIENCE_API,
  AUDIENCE_PERIODS,
  type AudiencePeriod,
  type AudienceReport,
} from '#contracts/audience/aggregates.ts';
import type { Route } from './+types/audience';

/**
 * `/equipe/audience` (ADR 0023): a route of its own so that its chart library (Chart.js,
 * statically imported by its chart) is in its chunk alone: only this page loads it, and no other
 * module needs Vite's preload helper for it.
 */
export const meta: Route.MetaFunction = () => [
  { title: audienceText.metaTitle },
  { name: 'robots', content: 'noindex, nofollow' },
];

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const asked = Number(new URL(request.url).searchParams.get('jours'));
  const days: AudiencePeriod = (AUDIENCE_PERIODS as readonly number[]).includes(asked)
    ? (asked as AudiencePeriod)
    : 30;
  return signedIn(async () => ({
    report: await getJson<AudienceReport>(`${AUDIENCE_API.report}?jours=${days}`),
  }));
}

export default function StaffAudienceRoute({ loaderData }: Route.ComponentProps) {
  return <AudienceScreen report={loaderData.report} />;
}

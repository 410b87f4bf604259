import { getJson, StaffApiError } from '#app/components/staff/staff-api.ts';
import { signedIn } from '#app/components/staff/staff-error.tsx';
import { TeamScreen, type TeamPageData } from '#app/components/staff/team/team-screen.tsx';
import { teamText } from '#app/content/team.ts';
import { OWNERSHIP_API, type TeamSettings } from '#contracts/staff/ownership.ts';
import {
  TEAM_API,
  type TeamCounters,
  type TeamHistory,
  type TeamPerson,
} from '#contracts/staff/team.ts';
import type { Route } from './+types/team';

/**
 * `/equipe/equipe` (ADR 0044): the team's people, their role, name and absence, add, change a
 * role, deactivate (their requests to the rule or a colleague), reactivate; the assignment
 * settings, each person's counters, the team's history. Responsables only: a commercial who
 * opens it reads why.
 */
export const meta: Route.MetaFunction = () => [
  { title: teamText.metaTitle },
  { name: 'robots', content: 'noindex, nofollow' },
];

/** A part of the page that may be missing (the section is then left out), but not the session. */
async function optional<T>(path: string): Promise<T | undefined> {
  try {
    return await getJson<T>(path);
  } catch (error) {
    if (error instanceof StaffApiError && error.status === 401) throw error;
    return undefined;
  }
}

export function clientLoader(): Promise<TeamPageData> {
  return signedIn(async () => {
    try {
      const [{ people }, settings, counters, history] = await Promise.all([
        getJson<{ people: TeamPerson[] }>(TEAM_API.people),
        optional<TeamSettings>(OWNERSHIP_API.settings),
        optional<TeamCounters>(TEAM_API.counters),
        optional<TeamHistory>(TEAM_API.history),
      ]);
      return { people, settings, counters, history };
    } catch (error) {
      if (error instanceof StaffApiError && error.status === 403) {
        return { people: [], forbidden: error.message };
      }
      throw error;
    }
  });
}

export default function StaffTeamRoute({ loaderData }: Route.ComponentProps) {
  return <TeamScreen {...loaderData} />;
}

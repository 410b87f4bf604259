import { getJson, StaffApiError } from '#app/components/staff/staff-api.ts';
import { signedIn } from '#app/components/staff/staff-error.tsx';
import { TeamScreen } from '#app/components/staff/team/team-screen.tsx';
import { teamText } from '#app/content/team.ts';
import { TEAM_API, type TeamPerson } from '#contracts/staff/team.ts';
import type { Route } from './+types/team';

/**
 * `/equipe/equipe` (ADR 0044): the team's people, their role, add, change a role, deactivate,
 * reactivate. Responsables only: a commercial who opens it reads why.
 */
export const meta: Route.MetaFunction = () => [
  { title: teamText.metaTitle },
  { name: 'robots', content: 'noindex, nofollow' },
];

export function clientLoader() {
  return signedIn(async () => {
    try {
      return { people: (await getJson<{ people: TeamPerson[] }>(TEAM_API.people)).people };
    } catch (error) {
      if (error instanceof StaffApiError && error.status === 403) {
        return { people: [], forbidden: error.message };
      }
      throw error;
    }
  });
}

export default function StaffTeamRoute({ loaderData }: Route.ComponentProps) {
  return <TeamScreen people={loaderData.people} forbidden={loaderData.forbidden} />;
}

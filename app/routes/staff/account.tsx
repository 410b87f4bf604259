import { getJson } from '#app/components/staff/staff-api.ts';
import { signedIn } from '#app/components/staff/staff-error.tsx';
import { AccountScreen } from '#app/components/staff/team/account-screen.tsx';
import { accountText } from '#app/content/team.ts';
import { TEAM_API, type MyAccount } from '#contracts/staff/team.ts';
import type { Route } from './+types/account';

/** `/equipe/mon-compte` (ADR 0044): the signed-in person's absence and morning digest. */
export const meta: Route.MetaFunction = () => [
  { title: accountText.metaTitle },
  { name: 'robots', content: 'noindex, nofollow' },
];

export function clientLoader(): Promise<{ account: MyAccount }> {
  return signedIn(async () => ({ account: await getJson<MyAccount>(TEAM_API.me) }));
}

export default function StaffAccountRoute({ loaderData }: Route.ComponentProps) {
  return <AccountScreen account={loaderData.account} />;
}

import { SignInScreen, takeTokenFromFragment } from '#app/components/staff/sign-in-screen.tsx';
import type { Route } from './+types/sign-in';

/** `/equipe/connexion`: the sign-in, outside the session route; opened from a link, its token. */
export function clientLoader() {
  return { linkToken: takeTokenFromFragment() };
}

export default function StaffSignInRoute({ loaderData }: Route.ComponentProps) {
  return <SignInScreen key={loaderData.linkToken ?? ''} linkToken={loaderData.linkToken} />;
}

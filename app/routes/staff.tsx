import { data, useLoaderData } from 'react-router';

import { DEFAULT_VIEW, InboxScreen, type InboxData } from '#app/components/staff/inbox-screen.tsx';
import { LeadScreen } from '#app/components/staff/lead-screen.tsx';
import { signedIn } from '#app/components/staff/staff-error.tsx';
import { SignInScreen, takeTokenFromFragment } from '#app/components/staff/sign-in-screen.tsx';
import { rememberedFilter } from '#app/components/staff/filter-memory.ts';
import { getJson, postJson } from '#app/components/staff/staff-api.ts';
import { StaffShell } from '#app/components/staff/staff-shell.tsx';
import { staffText } from '#app/content/staff.ts';
import type { RouteHandle } from '#app/route-handle.ts';
import {
  STAFF_API,
  type Counters,
  type InboxPage,
  type LeadPage,
  type StaffIdentity,
} from '#contracts/staff/contract.ts';
import { WEBHOOK_API, type LeadWebhooks } from '#contracts/staff/webhooks-contract.ts';
import type { Route } from './+types/staff';

/**
 * The staff inbox, `/equipe/*`: one client-rendered route (a splat, so never prerendered, never in
 * the sitemap), its code in its own chunk that no public page loads. The server answers these
 * paths with the SPA fallback page, `no-store` and `noindex`; the data comes from the staff API.
 * It draws its own chrome (`StaffShell`): the root route leaves the public shell out for it.
 */
export const handle: RouteHandle = { ownChrome: true };

export const meta: Route.MetaFunction = () => [
  { title: staffText.metaTitle },
  { name: 'robots', content: 'noindex, nofollow' },
];

type Screen =
  | { screen: 'sign-in'; linkToken?: string }
  | ({ screen: 'inbox'; me: StaffIdentity } & InboxData)
  | { screen: 'lead'; me: StaffIdentity; lead: LeadPage; webhooks: LeadWebhooks | null };

export async function clientLoader({ params }: Route.ClientLoaderArgs): Promise<Screen> {
  const path = (params['*'] ?? '').replace(/\/+$/, '');
  if (path === 'connexion') return { screen: 'sign-in', linkToken: takeTokenFromFragment() };
  if (path === '') {
    return signedIn(async () => {
      const filter = { vue: DEFAULT_VIEW, ...rememberedFilter() };
      const [me, page, counters] = await Promise.all([
        getJson<StaffIdentity>(STAFF_API.session),
        postJson<InboxPage>(STAFF_API.search, filter),
        getJson<Counters>(STAFF_API.counters),
      ]);
      return { screen: 'inbox', me, page, counters, filter };
    });
  }
  const match = /^demandes\/([A-Za-z0-9-]{1,64})$/.exec(path);
  if (match?.[1]) {
    const id = match[1];
    return signedIn(async () => {
      const me = await getJson<StaffIdentity>(STAFF_API.session);
      // The CRM's deliveries beside the request; if they fail to load, the request still shows.
      const [lead, webhooks] = await Promise.all([
        getJson<LeadPage>(STAFF_API.lead(id)),
        getJson<LeadWebhooks>(WEBHOOK_API.lead(id)).catch(() => null),
      ]);
      return { screen: 'lead', me, lead, webhooks };
    });
  }
  throw data(null, { status: 404 });
}

export default function StaffRoute() {
  const loaded = useLoaderData<typeof clientLoader>();
  switch (loaded.screen) {
    case 'sign-in':
      return (
        <StaffShell>
          <SignInScreen key={loaded.linkToken ?? ''} linkToken={loaded.linkToken} />
        </StaffShell>
      );
    case 'inbox':
      return (
        <StaffShell me={loaded.me}>
          <InboxScreen key="inbox" initial={loaded} />
        </StaffShell>
      );
    default:
      return (
        <StaffShell me={loaded.me}>
          <LeadScreen key={loaded.lead.id} initial={loaded.lead} webhooks={loaded.webhooks} />
        </StaffShell>
      );
  }
}

export { StaffErrorBoundary as ErrorBoundary } from '#app/components/staff/staff-error.tsx';

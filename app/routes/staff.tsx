import {
  data,
  isRouteErrorResponse,
  Link,
  redirect,
  useLoaderData,
  useRouteError,
} from 'react-router';

import { AudienceScreen } from '../components/staff/audience/audience-screen';
import { InboxScreen, type InboxData } from '../components/staff/inbox-screen';
import { LeadScreen } from '../components/staff/lead-screen';
import { SignInScreen, takeTokenFromFragment } from '../components/staff/sign-in-screen';
import { rememberedFilter } from '../components/staff/filter-memory';
import { getJson, postJson, StaffApiError } from '../components/staff/staff-api';
import { StaffShell } from '../components/staff/staff-shell';
import { audienceText } from '../content/audience';
import { staffText } from '../content/staff';
import type { RouteHandle } from '../route-handle';
import {
  STAFF_API,
  STAFF_PAGE_PREFIX,
  STAFF_SIGN_IN_PAGE,
  type Counters,
  type InboxPage,
  type LeadDetail,
  type StaffIdentity,
} from '../../staff/contract';
import {
  AUDIENCE_API,
  AUDIENCE_PERIODS,
  type AudiencePeriod,
  type AudienceReport,
} from '../../audience/contract';
import type { Route } from './+types/staff';

/**
 * The staff inbox, `/equipe/*`: one client-rendered route (a splat, so never prerendered, never in
 * the sitemap), its code in its own chunk that no public page loads. The server answers these
 * paths with the SPA fallback page, `no-store` and `noindex`; the data comes from the staff API.
 * It draws its own chrome (`StaffShell`): the root route leaves the public shell out for it.
 */
export const handle: RouteHandle = { ownChrome: true };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.screen === 'audience' ? audienceText.metaTitle : staffText.metaTitle },
  { name: 'robots', content: 'noindex, nofollow' },
];

type Screen =
  | { screen: 'sign-in'; linkToken?: string }
  | ({ screen: 'inbox'; me: StaffIdentity } & InboxData)
  | { screen: 'lead'; me: StaffIdentity; lead: LeadDetail }
  | { screen: 'audience'; me: StaffIdentity; report: AudienceReport };

/** 401 from the API: to the sign-in page. */
async function signedIn<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof StaffApiError && error.status === 401) throw redirect(STAFF_SIGN_IN_PAGE);
    if (error instanceof StaffApiError && error.status === 404) {
      throw data(error.message, { status: 404 });
    }
    throw error;
  }
}

export async function clientLoader({ params, request }: Route.ClientLoaderArgs): Promise<Screen> {
  const path = (params['*'] ?? '').replace(/\/+$/, '');
  if (path === 'audience') {
    const asked = Number(new URL(request.url).searchParams.get('jours'));
    const days: AudiencePeriod = (AUDIENCE_PERIODS as readonly number[]).includes(asked)
      ? (asked as AudiencePeriod)
      : 30;
    return signedIn(async () => {
      const [me, report] = await Promise.all([
        getJson<StaffIdentity>(STAFF_API.session),
        getJson<AudienceReport>(`${AUDIENCE_API.report}?jours=${days}`),
      ]);
      return { screen: 'audience', me, report };
    });
  }
  if (path === 'connexion') return { screen: 'sign-in', linkToken: takeTokenFromFragment() };
  if (path === '') {
    return signedIn(async () => {
      const filter = rememberedFilter();
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
      const lead = await getJson<LeadDetail>(STAFF_API.lead(id));
      return { screen: 'lead', me, lead };
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
    case 'audience':
      return (
        <StaffShell me={loaded.me}>
          <AudienceScreen report={loaded.report} />
        </StaffShell>
      );
    default:
      return (
        <StaffShell me={loaded.me}>
          <LeadScreen key={loaded.lead.id} initial={loaded.lead} />
        </StaffShell>
      );
  }
}

/**
 * An unknown staff path, a request that no longer exists, or a failure: said inside the staff
 * chrome (navigation, no account: who is signed in is not known here).
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  const text = notFound ? staffText.notFound : staffText.failure;
  // A request that no longer exists comes with the API's own French message.
  const detail =
    notFound && typeof error.data === 'string' && error.data !== '' ? error.data : text.text;
  return (
    <StaffShell navigation>
      <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight text-brand-950">{text.title}</h1>
        <p className="mt-3 max-w-prose text-lg text-slate-700">{detail}</p>
        <Link
          to={STAFF_PAGE_PREFIX}
          className="mt-6 inline-flex min-h-11 items-center font-semibold text-brand-800 underline"
        >
          {staffText.backToInbox}
        </Link>
      </div>
    </StaffShell>
  );
}

import { rememberedFilter } from '#app/components/staff/filter-memory.ts';
import { DEFAULT_VIEW, InboxScreen } from '#app/components/staff/inbox-screen.tsx';
import { getJson, postJson } from '#app/components/staff/staff-api.ts';
import { signedIn } from '#app/components/staff/staff-error.tsx';
import { STAFF_API, type Counters, type InboxPage } from '#contracts/staff/contract.ts';
import type { Route } from './+types/inbox';

/** `/equipe`: the list, in the filter last used (kept in memory only). */
export function clientLoader() {
  return signedIn(async () => {
    const filter = { vue: DEFAULT_VIEW, ...rememberedFilter() };
    const [page, counters] = await Promise.all([
      postJson<InboxPage>(STAFF_API.search, filter),
      getJson<Counters>(STAFF_API.counters),
    ]);
    return { page, counters, filter };
  });
}

export default function StaffInboxRoute({ loaderData }: Route.ComponentProps) {
  return <InboxScreen key="inbox" initial={loaderData} />;
}

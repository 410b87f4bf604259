import { rememberedFilter } from '#app/components/staff/filter-memory.ts';
import { InboxScreen } from '#app/components/staff/inbox-screen.tsx';
import { defaultViewFor } from '#app/components/staff/owner-parts.tsx';
import { getJson, postJson } from '#app/components/staff/staff-api.ts';
import { signedIn } from '#app/components/staff/staff-error.tsx';
import {
  STAFF_API,
  type Counters,
  type InboxPage,
  type StaffIdentity,
} from '#contracts/staff/contract.ts';
import type { Route } from './+types/inbox';

/**
 * `/equipe`: the list, in the filter last used (kept in memory only), else in the person's
 * default view (« Mes demandes » for a commercial, ADR 0046).
 */
export function clientLoader() {
  return signedIn(async () => {
    const remembered = rememberedFilter();
    const vue = remembered.vue ?? defaultViewFor(await getJson<StaffIdentity>(STAFF_API.session));
    const filter = { ...remembered, vue };
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

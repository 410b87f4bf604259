import { data } from 'react-router';

import { LeadScreen } from '#app/components/staff/lead-screen.tsx';
import { getJson } from '#app/components/staff/staff-api.ts';
import { signedIn } from '#app/components/staff/staff-error.tsx';
import { STAFF_API, type LeadPage } from '#contracts/staff/contract.ts';
import { WEBHOOK_API, type LeadWebhooks } from '#contracts/staff/webhooks-contract.ts';
import type { Route } from './+types/lead';

/** What a request's id looks like; anything else is the staff 404, without asking the API. */
const LEAD_ID = /^[A-Za-z0-9-]{1,64}$/;

/** `/equipe/demandes/:id`: a request, and the CRM's deliveries beside it. */
export function clientLoader({ params }: Route.ClientLoaderArgs) {
  const id = params.id;
  if (!LEAD_ID.test(id)) throw data(null, { status: 404 });
  return signedIn(async () => {
    // If the deliveries fail to load, the request still shows.
    const [lead, webhooks] = await Promise.all([
      getJson<LeadPage>(STAFF_API.lead(id)),
      getJson<LeadWebhooks>(WEBHOOK_API.lead(id)).catch(() => null),
    ]);
    return { lead, webhooks };
  });
}

export default function StaffLeadRoute({ loaderData }: Route.ComponentProps) {
  const { lead, webhooks } = loaderData;
  return <LeadScreen key={lead.id} initial={lead} webhooks={webhooks} />;
}

import { useLoaderData } from 'react-router';

import { getJson } from '#app/components/staff/staff-api.ts';
import { signedIn } from '#app/components/staff/staff-error.tsx';
import { StaffShell } from '#app/components/staff/staff-shell.tsx';
import { IntegrationsScreen } from '#app/components/staff/webhooks/integrations-screen.tsx';
import { webhooksText } from '#app/content/webhooks.ts';
import type { RouteHandle } from '#app/route-handle.ts';
import { STAFF_API, type StaffIdentity } from '#contracts/staff/contract.ts';
import { WEBHOOK_API, type IntegrationsPage } from '#contracts/staff/webhooks-contract.ts';
import type { Route } from './+types/staff-integrations';

/**
 * The staff integrations page, `/equipe/integrations` (issue 26, ADR 0024): the CRM webhook's
 * endpoint, its failures and its latest deliveries. A route of its own (a splat, so never
 * prerendered), client-rendered in the staff chrome like the inbox.
 */
export const handle: RouteHandle = { ownChrome: true };

export const meta: Route.MetaFunction = () => [
  { title: webhooksText.metaTitle },
  { name: 'robots', content: 'noindex, nofollow' },
];

export async function clientLoader() {
  return signedIn(async () => {
    const [me, page] = await Promise.all([
      getJson<StaffIdentity>(STAFF_API.session),
      getJson<IntegrationsPage>(WEBHOOK_API.overview),
    ]);
    return { me, page };
  });
}

export default function StaffIntegrationsRoute() {
  const { me, page } = useLoaderData<typeof clientLoader>();
  return (
    <StaffShell me={me}>
      <IntegrationsScreen page={page} />
    </StaffShell>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from '#app/components/staff/staff-error.tsx';

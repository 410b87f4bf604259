import { getJson } from '#app/components/staff/staff-api.ts';
import { signedIn } from '#app/components/staff/staff-error.tsx';
import { IntegrationsScreen } from '#app/components/staff/webhooks/integrations-screen.tsx';
import { webhooksText } from '#app/content/webhooks.ts';
import { WEBHOOK_API, type IntegrationsPage } from '#contracts/staff/webhooks-contract.ts';
import type { Route } from './+types/integrations';

/**
 * `/equipe/integrations` (ADR 0024): the CRM webhook's endpoint, its failures and its latest
 * deliveries.
 */
export const meta: Route.MetaFunction = () => [
  { title: webhooksText.metaTitle },
  { name: 'robots', content: 'noindex, nofollow' },
];

export function clientLoader() {
  return signedIn(async () => ({ page: await getJson<IntegrationsPage>(WEBHOOK_API.overview) }));
}

export default function StaffIntegrationsRoute({ loaderData }: Route.ComponentProps) {
  return <IntegrationsScreen page={loaderData.page} />;
}

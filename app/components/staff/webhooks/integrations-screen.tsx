import type { ReactNode } from 'react';
import { Link, useRevalidator } from 'react-router';

import { formatDateTime, formatDateTimeSeconds } from '#app/content/staff.ts';
import {
  attemptSucceeded,
  endpointStatePlain,
  eventInWords,
  integrationsSummary,
  webhooksText as text,
} from '#app/content/webhooks.ts';
import {
  WEBHOOK_API,
  type IntegrationsPage,
  type WebhookActionResult,
  type PersonNamed,
  type WebhookEndpointState,
  type WebhookEventView,
} from '#contracts/staff/webhooks-contract.ts';
import { cn } from '#app/components/ui/class-names.ts';
import { StaffButton, StaffSection } from '#app/components/staff/controls.tsx';
import { postJson } from '#app/components/staff/staff-api.ts';
import { ScrollTable } from '#app/components/staff/scroll-table.tsx';
import { useAction } from './parts.tsx';
import { ConfiguredDetails, Settings, TechnicalDetails } from './technical-details.tsx';

type Configured = Extract<IntegrationsPage, { configured: true }>;

const c = text.columns;

const stateTones: Record<WebhookEndpointState, string> = {
  active: 'border-success-700 bg-success-50 text-success-700',
  disabled: 'border-danger-600 bg-danger-50 text-danger-700',
  failing: 'border-accent-700 bg-accent-50 text-accent-900',
};

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="py-2 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="font-medium text-slate-700">{label}</dt>
      <dd className="text-slate-900 sm:col-span-2">{children}</dd>
    </div>
  );
}

/**
 * What a delivery was about, in words, the person's name linking to the request's page (unless
 * the person was erased, or it is a test).
 */
function EventCell({ event }: { event: Pick<WebhookEventView, 'leadId' | 'type'> & PersonNamed }) {
  const words = eventInWords(event.type, event.person);
  if (event.leadId === null || event.person === null || event.type === 'lead.erased') {
    return <>{words}</>;
  }
  const name = event.person;
  const before = words.slice(0, words.lastIndexOf(name));
  return (
    <>
      {before}
      <Link to={`/equipe/demandes/${event.leadId}`} className="text-brand-800 underline">
        {name}
      </Link>
    </>
  );
}

type Act = (path: string, say: (count: number) => string) => void;

function Endpoint({ page, busy, act }: { page: Configured; busy: boolean; act: Act }) {
  const { endpoint } = page;
  return (
    <StaffSection id="endpoint-title" title={text.endpointTitle}>
      <dl className="divide-y divide-slate-100">
        <Fact label={text.endpointState}>
          <span
            className={cn(
              'inline-block rounded-control border px-2 py-0.5 font-semibold',
              stateTones[endpoint.state],
            )}
          >
            {endpointStatePlain(page)}
          </span>
        </Fact>
        <Fact label={text.pendingCount}>
          <span className="tabular-nums">{page.pending.toLocaleString('fr-FR')}</span>
        </Fact>
      </dl>
      {endpoint.state === 'disabled' ? (
        <p className="mt-4 max-w-prose text-slate-800">{text.disabledHelp}</p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-3">
        {endpoint.state === 'disabled' ? (
          <StaffButton disabled={busy} onClick={() => act(WEBHOOK_API.enable, text.enabled)}>
            {text.enable}
          </StaffButton>
        ) : null}
        <StaffButton
          tone="outline"
          disabled={busy}
          onClick={() => act(WEBHOOK_API.test, () => text.testQueued)}
        >
          {text.sendTest}
        </StaffButton>
      </div>
    </StaffSection>
  );
}

/** One failed delivery: what it was about and when, whether it arrived, « Renvoyer ». */
function FailureRow({
  event,
  busy,
  act,
}: {
  event: Configured['failed'][number];
  busy: boolean;
  act: Act;
}) {
  const last = event.attempts.at(-1);
  const created = formatDateTime(event.createdAt);
  return (
    <tr className="align-top">
      <th scope="row" className="px-3 py-2 font-medium">
        <EventCell event={event} />
        <span className="block font-normal text-slate-700">{text.createdAt(created)}</span>
      </th>
      <td className="px-3 py-2 text-danger-700">
        {last ? text.failedAt(formatDateTimeSeconds(last.at)) : text.noAttempt}
      </td>
      <td className="px-3 py-2">
        <StaffButton
          tone="outline"
          disabled={busy}
          onClick={() => act(WEBHOOK_API.resend(event.webhookId), text.resent)}
          aria-label={text.resendNamed(eventInWords(event.type, event.person), created)}
        >
          {text.resend}
        </StaffButton>
      </td>
    </tr>
  );
}

function Failures({ page, busy, act }: { page: Configured; busy: boolean; act: Act }) {
  return (
    <StaffSection id="failures-title" title={text.failuresTitle}>
      {page.failed.length === 0 ? (
        <p className="text-slate-700">{text.failuresNone}</p>
      ) : (
        <>
          <p className="mb-4 max-w-prose text-slate-800">{text.failuresHelp}</p>
          <StaffButton disabled={busy} onClick={() => act(WEBHOOK_API.resendAll, text.resent)}>
            {text.resendAll}
          </StaffButton>
          {page.failedTotal > page.failed.length ? (
            <p className="mt-3 text-sm text-slate-700">
              {text.failuresShown(page.failed.length, page.failedTotal)}
            </p>
          ) : null}
          <ScrollTable
            caption={text.failuresCaption}
            columns={[{ label: c.delivery }, { label: c.result }, { label: c.action }]}
          >
            {page.failed.map((event) => (
              <FailureRow key={event.webhookId} event={event} busy={busy} act={act} />
            ))}
          </ScrollTable>
        </>
      )}
    </StaffSection>
  );
}

function Recent({ page }: { page: Configured }) {
  return (
    <StaffSection id="recent-title" title={text.recentTitle}>
      {page.recent.length === 0 ? (
        <p className="text-slate-700">{text.recentNone}</p>
      ) : (
        <ScrollTable
          caption={text.recentCaption}
          columns={[{ label: c.at }, { label: c.delivery }, { label: c.result }]}
        >
          {page.recent.map((attempt) => (
            <tr key={`${attempt.webhookId}-${attempt.at}`} className="align-top">
              <th scope="row" className="px-3 py-2 font-medium tabular-nums">
                {formatDateTimeSeconds(attempt.at)}
              </th>
              <td className="px-3 py-2">
                <EventCell event={attempt} />
              </td>
              <td className="px-3 py-2">
                {attemptSucceeded(attempt) ? (
                  <span className="font-medium text-success-700">{text.received}</span>
                ) : (
                  <span className="font-medium text-danger-700">{text.failed}</span>
                )}
              </td>
            </tr>
          ))}
        </ScrollTable>
      )}
    </StaffSection>
  );
}

/** `/equipe/integrations`: what the CRM webhook does and whether it works, then the details. */
export function IntegrationsScreen({ page }: { page: IntegrationsPage }) {
  const revalidator = useRevalidator();
  const { busy, run, messages } = useAction();
  const reloading = revalidator.state !== 'idle';

  // Every action answers a count; the page is loaded again to show what it changed.
  const act: Act = (path, say) =>
    void run(async () => {
      const result = await postJson<WebhookActionResult>(path);
      await revalidator.revalidate();
      return say(result.count);
    });

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-brand-950">{text.title}</h1>
        <p className="mt-3 max-w-prose text-lg text-slate-800">{integrationsSummary(page)}</p>
      </div>
      {page.configured ? (
        <>
          <div className="flex flex-wrap items-center gap-3">
            <StaffButton
              tone="outline"
              disabled={busy || reloading}
              onClick={() => void revalidator.revalidate()}
            >
              {text.refresh}
            </StaffButton>
            <p className="text-sm text-slate-700">
              {text.updatedAt(formatDateTimeSeconds(page.now))}
            </p>
          </div>
          {messages}
          <Endpoint page={page} busy={busy} act={act} />
          <Failures page={page} busy={busy} act={act} />
          <Recent page={page} />
          <ConfiguredDetails page={page} />
        </>
      ) : (
        <>
          <StaffSection id="endpoint-title" title={text.notConfiguredTitle}>
            <p className="max-w-prose text-slate-800">{text.notConfiguredPlain}</p>
          </StaffSection>
          <TechnicalDetails>
            <Settings />
          </TechnicalDetails>
        </>
      )}
    </div>
  );
}

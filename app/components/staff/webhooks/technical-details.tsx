import type { ReactNode } from 'react';

import { formatDateTimeSeconds } from '#app/content/staff.ts';
import {
  attemptOutcome,
  endpointStateLabel,
  formatDurationMs,
  WEBHOOK_EVENT_LABELS,
  webhooksText as text,
} from '#app/content/webhooks.ts';
import type { IntegrationsPage } from '#contracts/staff/webhooks-contract.ts';
import { ScrollTable } from '#app/components/staff/scroll-table.tsx';
import { Outcome } from './parts.tsx';

type Configured = Extract<IntegrationsPage, { configured: true }>;
const c = text.columns;

/** The settings that turn the webhook on: named, for the person who runs the server. */
export function Settings() {
  return (
    <p className="max-w-prose text-slate-800">
      {text.notConfigured.before}
      <code className="font-mono text-sm">WEBHOOK_URL</code>
      {text.notConfigured.between}
      <code className="font-mono text-sm">WEBHOOK_SECRET</code>
      {text.notConfigured.after}
    </p>
  );
}

/** « Détails techniques », folded: what a developer or the CRM's provider needs. */
export function TechnicalDetails({ children }: { children: ReactNode }) {
  return (
    <details className="rounded-card border border-slate-200 bg-white p-4 sm:p-6">
      <summary className="min-h-11 cursor-pointer py-2 text-lg font-semibold text-brand-950">
        {text.technicalTitle}
      </summary>
      <div className="mt-4 space-y-6">{children}</div>
    </details>
  );
}

/** The endpoint's address and state, the ids, responses and durations of the deliveries. */
export function ConfiguredDetails({ page }: { page: Configured }) {
  return (
    <TechnicalDetails>
      <dl className="space-y-2">
        <div>
          <dt className="font-medium text-slate-700">{text.endpointUrl}</dt>
          <dd className="font-mono text-sm break-all text-slate-900">{page.endpoint.url}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-700">{text.endpointTechnicalState}</dt>
          <dd className="text-slate-900">
            {endpointStateLabel(page.endpoint.state, page.endpoint.disabledAt)}
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-700">{text.settings}</dt>
          <dd>
            <Settings />
          </dd>
        </div>
      </dl>
      <p className="max-w-prose text-slate-800">{text.technicalRetries}</p>
      {page.failed.length > 0 ? (
        <ScrollTable
          caption={text.technicalFailedCaption}
          minWidth="min-w-[40rem]"
          columns={[
            { label: c.webhookId },
            { label: c.event },
            { label: c.attempts, numeric: true },
            { label: c.outcome },
          ]}
        >
          {page.failed.map((event) => {
            const last = event.attempts.at(-1);
            return (
              <tr key={event.webhookId} className="align-top">
                <th scope="row" className="px-3 py-2 font-mono text-xs font-normal break-all">
                  {event.webhookId}
                </th>
                <td className="px-3 py-2">{WEBHOOK_EVENT_LABELS[event.type]}</td>
                <td className="px-3 py-2 text-right tabular-nums">{event.attempts.length}</td>
                <td className="px-3 py-2">{last ? attemptOutcome(last) : text.noAttempt}</td>
              </tr>
            );
          })}
        </ScrollTable>
      ) : null}
      {page.recent.length > 0 ? (
        <ScrollTable
          caption={text.technicalRecentCaption}
          minWidth="min-w-[44rem]"
          columns={[
            { label: c.at },
            { label: c.webhookId },
            { label: c.outcome },
            { label: c.duration, numeric: true },
          ]}
        >
          {page.recent.map((attempt) => (
            <tr key={`${attempt.webhookId}-${attempt.at}`} className="align-top">
              <th scope="row" className="px-3 py-2 font-medium whitespace-nowrap tabular-nums">
                {formatDateTimeSeconds(attempt.at)}
              </th>
              <td className="px-3 py-2 font-mono text-xs break-all">{attempt.webhookId}</td>
              <td className="px-3 py-2">
                <Outcome attempt={attempt} />
              </td>
              <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                {formatDurationMs(attempt.durationMs)}
              </td>
            </tr>
          ))}
        </ScrollTable>
      ) : null}
    </TechnicalDetails>
  );
}

import { useEffect, useRef, useState } from 'react';

import { formatDateTimeSeconds } from '#app/content/staff.ts';
import {
  formatDurationMs,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_STATUS_LABELS,
  webhooksText,
} from '#app/content/webhooks.ts';
import {
  WEBHOOK_API,
  type LeadWebhooks,
  type WebhookActionResult,
  type WebhookEventStatus,
  type WebhookEventView,
} from '#contracts/staff/webhooks-contract.ts';
import { cn } from '#app/components/ui/class-names.ts';
import { StaffButton, StaffSection } from '#app/components/staff/controls.tsx';
import { getJson, postJson } from '#app/components/staff/staff-api.ts';
import { Outcome, useAction } from './parts.tsx';

const text = webhooksText.lead;
const c = webhooksText.columns;

const statusTones: Record<WebhookEventStatus, string> = {
  pending: 'border-accent-700 bg-accent-50 text-accent-900',
  delivered: 'border-success-700 bg-success-50 text-success-700',
  failed: 'border-danger-600 bg-danger-50 text-danger-700',
  cancelled: 'border-slate-400 bg-slate-50 text-slate-800',
};

/** « Livré le … », « En attente, prochain essai le … », « Échec », « Annulé (effacement) ». */
function statusLine(event: WebhookEventView): string {
  const label = WEBHOOK_STATUS_LABELS[event.status];
  if (event.status === 'delivered' && event.deliveredAt !== null) {
    return `${label} ${text.deliveredAt(event.deliveredAt)}`;
  }
  if (event.status === 'pending' && event.nextAttemptAt !== null) {
    return `${label}, ${text.nextAttempt(event.nextAttemptAt)}`;
  }
  return label;
}

function Attempts({ event }: { event: WebhookEventView }) {
  if (event.attempts.length === 0) {
    return <p className="mt-2 text-sm text-slate-700">{webhooksText.noAttempt}</p>;
  }
  return (
    <table className="mt-2 w-full text-left text-sm sm:table-fixed">
      <caption className="sr-only">
        {text.attemptsCaption(WEBHOOK_EVENT_LABELS[event.type], event.webhookId)}
      </caption>
      <thead className="text-slate-700">
        <tr>
          <th scope="col" className="py-1 pr-3 font-medium sm:w-52">
            {c.at}
          </th>
          <th scope="col" className="py-1 pr-3 font-medium">
            {c.outcome}
          </th>
          <th scope="col" className="py-1 text-right font-medium sm:w-28">
            {c.duration}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {event.attempts.map((attempt, index) => (
          <tr key={index} className="align-top">
            <td className="py-1 pr-3 tabular-nums">{formatDateTimeSeconds(attempt.at)}</td>
            <td className="py-1 pr-3">
              <Outcome attempt={attempt} />
            </td>
            <td className="py-1 text-right whitespace-nowrap tabular-nums">
              {formatDurationMs(attempt.durationMs)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * A request's « Envois au CRM »: each event it caused (oldest first), its state and its attempts,
 * « Renvoyer » on a failed one. Nothing without a webhook. `initial` is null when the route could
 * not load it (the rest of the page still shows); `refreshKey` changes when the request changed
 * (a new status is a new event), and the list is loaded again.
 */
export function LeadDeliveries({
  leadId,
  initial,
  refreshKey,
}: {
  leadId: string;
  initial: LeadWebhooks | null;
  refreshKey: number;
}) {
  const [deliveries, setDeliveries] = useState(initial);
  const { busy, run, messages } = useAction();
  const shownKey = useRef(refreshKey);

  const reload = async () => setDeliveries(await getJson<LeadWebhooks>(WEBHOOK_API.lead(leadId)));

  const refresh = () =>
    void run(async () => {
      await reload();
      return undefined;
    });

  const resend = (webhookId: string) =>
    void run(async () => {
      const result = await postJson<WebhookActionResult>(WEBHOOK_API.resend(webhookId));
      await reload();
      return webhooksText.resent(result.count);
    });

  useEffect(() => {
    if (shownKey.current === refreshKey) return;
    shownKey.current = refreshKey;
    refresh();
    // `run` and `reload` are new on every render; only a change of the request matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refreshKey]);

  if (deliveries?.configured === false) return null;

  return (
    <StaffSection id="webhooks-title" title={text.title}>
      <div className="space-y-4">
        {messages}
        {deliveries === null ? (
          <p className="text-slate-700">{text.loadFailed}</p>
        ) : deliveries.events.length === 0 ? (
          <p className="text-slate-700">{text.none}</p>
        ) : (
          <ol className="space-y-5">
            {deliveries.events.map((event) => (
              <li key={event.webhookId} className="border-l-4 border-slate-200 pl-3">
                <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                  <h3 className="font-semibold text-slate-900">
                    {WEBHOOK_EVENT_LABELS[event.type]}
                  </h3>
                  <span
                    className={cn(
                      'rounded-control border px-2 py-0.5 text-sm font-semibold',
                      statusTones[event.status],
                    )}
                  >
                    {statusLine(event)}
                  </span>
                </div>
                <p className="mt-1 font-mono text-xs break-all text-slate-700">{event.webhookId}</p>
                <Attempts event={event} />
                {event.status === 'failed' ? (
                  <StaffButton
                    className="mt-3"
                    tone="outline"
                    disabled={busy}
                    onClick={() => resend(event.webhookId)}
                    aria-label={webhooksText.resendLabel(event.webhookId)}
                  >
                    {webhooksText.resend}
                  </StaffButton>
                ) : null}
              </li>
            ))}
          </ol>
        )}
        <StaffButton tone="outline" disabled={busy} onClick={refresh}>
          {webhooksText.refresh}
        </StaffButton>
      </div>
    </StaffSection>
  );
}

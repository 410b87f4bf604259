import { callbackText } from '#app/content/callback.ts';
import { formatDateTime } from '#app/content/staff.ts';
import { slotsSummary, STORED_CHANNEL_LABELS } from '#contracts/contact/choice-records.ts';
import { formatSlotStart, formatWindowStart } from '#contracts/staff/callback-format.ts';
import type { LeadPage } from '#contracts/staff/contract.ts';

const text = callbackText.contact;

/**
 * How and when the person asked to be contacted (ADR 0029), at the top of the call panel: the
 * channel, the chosen days and slots, whether now is inside one of them (else the next one),
 * a change made by the person on the visitor's page and the phone consent's withdrawal.
 */
export function ContactFacts({ lead }: { lead: LeadPage }) {
  const { contact, chosenSlot, timeZone } = lead;
  const { choice } = contact;
  return (
    <div className="space-y-3">
      <dl className="grid gap-3 sm:grid-cols-2">
        <div>
          <dt className="font-medium text-slate-700">{text.channelLabel}</dt>
          <dd className="text-slate-900">{STORED_CHANNEL_LABELS[choice.channel]}</dd>
        </div>
        {choice.channel === 'telephone' ? (
          <div>
            <dt className="font-medium text-slate-700">{text.slotsLabel}</dt>
            <dd className="text-slate-900">{slotsSummary(choice)}</dd>
          </div>
        ) : null}
      </dl>
      {contact.phoneWithdrawnAt !== null ? (
        <p className="rounded-control border border-danger-600 bg-danger-50 px-4 py-3 font-medium text-danger-700">
          {text.withdrawn(formatDateTime(contact.phoneWithdrawnAt))}
        </p>
      ) : null}
      {chosenSlot === null ? null : chosenSlot.inside ? (
        <p className="rounded-control border border-success-700 bg-success-50 px-4 py-3 text-slate-900">
          <strong>{text.inSlot}</strong> (
          {text.inSlotUntil(formatWindowStart(chosenSlot.endsAt, timeZone).split(' à ')[1] ?? '')})
        </p>
      ) : (
        <p className="rounded-control border border-accent-700 bg-accent-50 px-4 py-3 text-slate-900">
          <strong>{text.outOfSlot}</strong> —{' '}
          {chosenSlot.nextStartsAt === null
            ? text.noNextSlot
            : text.nextSlot(formatSlotStart(chosenSlot.nextStartsAt, timeZone))}
        </p>
      )}
      {contact.changedAt !== null ? (
        <p className="text-slate-900">{text.changed(formatDateTime(contact.changedAt))}</p>
      ) : null}
    </div>
  );
}

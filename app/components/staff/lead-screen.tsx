import { useState } from 'react';
import { Link, useNavigate } from 'react-router';

import { staffText } from '#app/content/staff.ts';
import { ownerText } from '#app/content/owners.ts';
import { STAFF_API, STAFF_PAGE_PREFIX, type LeadPage } from '#contracts/staff/contract.ts';
import type { LeadWebhooks } from '#contracts/staff/webhooks-contract.ts';
import { CallPanel } from './callback/call-panel.tsx';
import { EraseSection, MailsSection, StatusSection, useLeadWork } from './lead-actions.tsx';
import { ConsentSection, LeadFields, LeadHeading, RelatedSection } from './lead-facts.tsx';
import { LeadHistory } from './lead-history.tsx';
import { OwnerActions, useMe } from './owner-parts.tsx';
import { getJson, StaffApiError } from './staff-api.ts';
import { LeadDeliveries } from './webhooks/lead-deliveries.tsx';

/**
 * « Qui s’en occupe »: the owner, « Je la prends », « Confier à … » (ADR 0046). After a change
 * the page is read again; a request the person may no longer see leads back to the list.
 */
function OwnerSection({ lead, onChange }: { lead: LeadPage; onChange: (lead: LeadPage) => void }) {
  const navigate = useNavigate();
  const reload = async () => {
    try {
      onChange(await getJson<LeadPage>(STAFF_API.lead(lead.id)));
    } catch (failure) {
      if (failure instanceof StaffApiError && failure.status === 404) {
        await navigate(STAFF_PAGE_PREFIX);
        return;
      }
      throw failure;
    }
  };
  return (
    <div
      role="group"
      aria-label={ownerText.pageTitle}
      className="flex flex-wrap items-start gap-2 rounded-card border border-slate-200 bg-white p-4"
    >
      <span className="font-semibold text-slate-800">{ownerText.line}</span>
      <OwnerActions lead={lead} people={lead.people} onChanged={reload} />
    </div>
  );
}

/**
 * `/equipe/demandes/:id`: every field, the consent, related requests, e-mails, the CRM's
 * deliveries (`webhooks`: null when they could not be loaded), status, the one history (calls,
 * notes, status changes, the person's own changes), erase.
 */
export function LeadScreen({
  initial,
  webhooks,
}: {
  initial: LeadPage;
  webhooks: LeadWebhooks | null;
}) {
  const [lead, setLead] = useState(initial);
  // A save's outcome is shown next to what was saved: the status form, the e-mails, the erasure.
  const work = useLeadWork();
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <Link to={STAFF_PAGE_PREFIX} className="text-brand-800 underline">
        {staffText.backToInbox}
      </Link>
      <LeadHeading lead={lead} />
      {/* Who it is, then the call form: side by side on a wide screen, one after the other on a
          phone. */}
      <div className="grid items-start gap-6 lg:grid-cols-2">
        {/* Who handles it under who it is: the number stays in the first screen of a phone. */}
        <div className="space-y-4">
          <LeadFields lead={lead} />
          <OwnerSection lead={lead} onChange={setLead} />
        </div>
        <CallPanel lead={lead} onChange={setLead} />
      </div>
      <StatusSection lead={lead} onChange={setLead} work={work} />
      <LeadHistory history={lead.history} />
      <div className="grid gap-6 lg:grid-cols-2">
        <ConsentSection lead={lead} />
        <RelatedSection related={lead.related} />
        <MailsSection lead={lead} onChange={setLead} work={work} />
      </div>
      <LeadDeliveries leadId={lead.id} initial={webhooks} refreshKey={lead.audit.length} />
      {/* Erasure: responsables only (ADR 0046). */}
      {useMe()?.role === 'responsable' ? <EraseSection lead={lead} work={work} /> : null}
    </div>
  );
}

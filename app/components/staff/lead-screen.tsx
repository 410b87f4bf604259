import { useState } from 'react';
import { Link } from 'react-router';

import { staffText } from '#app/content/staff.ts';
import { STAFF_PAGE_PREFIX, type LeadPage } from '#contracts/staff/contract.ts';
import type { LeadWebhooks } from '#contracts/staff/webhooks-contract.ts';
import { CallPanel } from './callback/call-panel.tsx';
import { EraseSection, MailsSection, StatusSection, useLeadWork } from './lead-actions.tsx';
import { ConsentSection, LeadFields, LeadHeading, RelatedSection } from './lead-facts.tsx';
import { LeadHistory } from './lead-history.tsx';
import { LeadDeliveries } from './webhooks/lead-deliveries.tsx';

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
        <LeadFields lead={lead} />
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
      <EraseSection lead={lead} work={work} />
    </div>
  );
}

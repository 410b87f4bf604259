import { Link } from 'react-router';

import { formatDateTime, STATUS_LABELS, staffText } from '#app/content/staff.ts';
import { callbackText } from '#app/content/callback.ts';
import { callsAllowed } from '#contracts/contact/choice-records.ts';
import type { LeadPage } from '#contracts/staff/contract.ts';
import { StaffSection } from './controls.tsx';
import { telHref } from './inbox-table.tsx';
import { Fact } from './lead-parts.tsx';
import { startCallMark } from './calling/call-marks.ts';

/** The read-only sections of a request's page: who it is, the consents, related requests. */
const text = staffText.lead;

export function LeadHeading({ lead }: { lead: LeadPage }) {
  return (
    <div>
      <h1 className="text-3xl font-bold tracking-tight break-words text-brand-950">
        {`${lead.prenom} ${lead.nom}`}
      </h1>
      <p className="mt-2 text-slate-700">
        {text.received} {formatDateTime(lead.createdAt)} · {STATUS_LABELS[lead.status]}
      </p>
    </div>
  );
}

/** The number: a `tel:` link, but as text when the person asked for the e-mail only. */
function Telephone({ lead }: { lead: LeadPage }) {
  return callsAllowed(lead.contact) ? (
    <a
      href={telHref(lead.telephone)}
      onClick={() => startCallMark(lead.id)}
      className="inline-flex min-h-11 items-center text-xl font-semibold whitespace-nowrap text-brand-800 tabular-nums underline"
    >
      {lead.telephone}
    </a>
  ) : (
    <span className="whitespace-nowrap tabular-nums">{lead.telephone}</span>
  );
}

export function LeadFields({ lead }: { lead: LeadPage }) {
  return (
    <StaffSection id="fields-title" title={text.fieldsTitle}>
      <dl className="divide-y divide-slate-100">
        <Fact label={text.fields.telephone}>
          <Telephone lead={lead} />
        </Fact>
        <Fact label={text.fields.email}>
          <a href={`mailto:${lead.email}`} className="text-brand-800 underline">
            {lead.email}
          </a>
        </Fact>
        <Fact label={text.fields.produit}>{lead.produit || text.none}</Fact>
        <Fact label={text.fields.clientType}>
          {staffText.clientTypes[lead.clientType] ?? lead.clientType}
        </Fact>
        <Fact label={text.fields.message}>{lead.message || text.none}</Fact>
        <Fact label={text.fields.adresse}>{lead.adresse}</Fact>
      </dl>
    </StaffSection>
  );
}

/** The wording of the contact choice the person made, when they made one. */
function ContactWording({ contact }: { contact: LeadPage['contact'] }) {
  if (!contact.text) return null;
  return (
    <>
      <h3 className="mt-4 font-semibold text-slate-900">{callbackText.contact.wordingTitle}</h3>
      <blockquote className="mt-2 border-l-4 border-brand-200 pl-4 text-slate-900">
        {contact.text}
      </blockquote>
      <dl className="mt-3 divide-y divide-slate-100">
        <Fact label={text.consentVersion}>{contact.version}</Fact>
        <Fact label={text.consentAt}>{formatDateTime(contact.givenAt)}</Fact>
      </dl>
    </>
  );
}

export function ConsentSection({ lead }: { lead: LeadPage }) {
  const campaign = [lead.campaign.source, lead.campaign.medium, lead.campaign.campaign]
    .filter(Boolean)
    .join(' / ');
  return (
    <StaffSection id="consent-title" title={text.consentTitle}>
      <p className="text-sm text-slate-700">{text.consentIntro}</p>
      <blockquote className="mt-3 border-l-4 border-brand-200 pl-4 text-slate-900">
        {lead.consent.text}
      </blockquote>
      <dl className="mt-3 divide-y divide-slate-100">
        <Fact label={text.consentVersion}>{lead.consent.version}</Fact>
        <Fact label={text.consentAt}>{formatDateTime(lead.consent.givenAt)}</Fact>
        <Fact label={text.consentPage}>{lead.sourcePage ?? text.none}</Fact>
        {campaign ? <Fact label={text.fields.campaign}>{campaign}</Fact> : null}
      </dl>
      <ContactWording contact={lead.contact} />
    </StaffSection>
  );
}

export function RelatedSection({ related }: { related: LeadPage['related'] }) {
  return (
    <StaffSection id="related-title" title={text.relatedTitle}>
      {related.length === 0 ? (
        <p className="text-slate-700">{text.relatedNone}</p>
      ) : (
        <ul className="space-y-2">
          {related.map((other) => (
            <li key={other.id}>
              <Link to={`/equipe/demandes/${other.id}`} className="text-brand-800 underline">
                {formatDateTime(other.createdAt)} · {other.produit || text.none}
              </Link>{' '}
              · {STATUS_LABELS[other.status]}
            </li>
          ))}
        </ul>
      )}
    </StaffSection>
  );
}

import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';

import {
  deliveryLabel,
  formatDateTime,
  isFailing,
  STATUS_LABELS,
  staffText,
} from '#app/content/staff.ts';
import {
  LEAD_STATUS_VALUES,
  STAFF_API,
  STAFF_PAGE_PREFIX,
  type LeadPage,
  type LeadStatus,
} from '#contracts/staff/contract.ts';
import type { LeadWebhooks } from '#contracts/staff/webhooks-contract.ts';
import { callsAllowed } from '#contracts/contact/choice-records.ts';
import { callbackText } from '#app/content/callback.ts';
import { StaffButton, StaffSection, StaffSelect, StaffTextArea } from './controls.tsx';
import { setFlash } from './flash.ts';
import { Fact, NoticeAt, type Notice, type NoticePlace } from './lead-parts.tsx';
import { postJson } from './staff-api.ts';
import { CallPanel } from './callback/call-panel.tsx';
import { telHref } from './inbox-table.tsx';
import { LeadHistory } from './lead-history.tsx';
import { LeadDeliveries } from './webhooks/lead-deliveries.tsx';

const text = staffText.lead;

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
  const navigate = useNavigate();
  const [lead, setLead] = useState(initial);
  const [busy, setBusy] = useState(false);
  // A save's outcome is shown next to what was saved: the status form, the e-mails, the erasure.
  const [notice, setNotice] = useState<Notice>();
  const dialog = useRef<HTMLDialogElement>(null);
  const name = `${lead.prenom} ${lead.nom}`;
  const personCount = lead.related.length + 1;
  const campaign = [lead.campaign.source, lead.campaign.medium, lead.campaign.campaign]
    .filter(Boolean)
    .join(' / ');

  const act = async (place: NoticePlace, work: () => Promise<void>) => {
    setBusy(true);
    setNotice(undefined);
    try {
      await work();
    } catch (failure) {
      setNotice({ place, tone: 'error', text: (failure as Error).message });
    } finally {
      setBusy(false);
    }
  };

  const saveStatus = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = new FormData(form);
    const note = String(values.get('note') ?? '').trim();
    void act('status', async () => {
      setLead(
        await postJson<LeadPage>(STAFF_API.status(lead.id), {
          status: values.get('status') as LeadStatus,
          ...(note ? { note } : {}),
        }),
      );
      form.reset();
      setNotice({ place: 'status', tone: 'info', text: text.saved });
    });
  };

  const retry = () =>
    void act('mails', async () => {
      setLead(await postJson<LeadPage>(STAFF_API.retry(lead.id)));
      setNotice({ place: 'mails', tone: 'info', text: text.retried });
    });

  const erase = () =>
    void act('erase', async () => {
      const answer = await postJson<{ erased: number }>(STAFF_API.erase(lead.id));
      dialog.current?.close();
      setFlash(text.erased(answer.erased));
      await navigate(STAFF_PAGE_PREFIX, { replace: true });
    });

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <Link to={STAFF_PAGE_PREFIX} className="text-brand-800 underline">
        {staffText.backToInbox}
      </Link>
      <div>
        <h1 className="text-3xl font-bold tracking-tight break-words text-brand-950">{name}</h1>
        <p className="mt-2 text-slate-700">
          {text.received} {formatDateTime(lead.createdAt)} · {STATUS_LABELS[lead.status]}
        </p>
      </div>
      {/* Who it is, then the call form: side by side on a wide screen, one after the other on a
          phone. */}
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <StaffSection id="fields-title" title={text.fieldsTitle}>
          <dl className="divide-y divide-slate-100">
            <Fact label={text.fields.telephone}>
              {/* No `tel:` link when the person asked for the e-mail only (issue 37). */}
              {callsAllowed(lead.contact) ? (
                <a
                  href={telHref(lead.telephone)}
                  className="inline-flex min-h-11 items-center text-xl font-semibold whitespace-nowrap text-brand-800 tabular-nums underline"
                >
                  {lead.telephone}
                </a>
              ) : (
                <span className="whitespace-nowrap tabular-nums">{lead.telephone}</span>
              )}
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

        <CallPanel lead={lead} onChange={setLead} />
      </div>

      <StaffSection id="status-title" title={text.statusTitle}>
        <form onSubmit={saveStatus} className="grid gap-4 sm:grid-cols-2">
          <StaffSelect
            key={lead.status}
            label={text.statusLabel}
            name="status"
            defaultValue={lead.status}
          >
            {LEAD_STATUS_VALUES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </StaffSelect>
          <div className="sm:col-span-2">
            <StaffTextArea label={text.noteLabel} name="note" maxLength={4000} />
          </div>
          <div>
            <StaffButton type="submit" disabled={busy}>
              {text.save}
            </StaffButton>
          </div>
        </form>
        <NoticeAt place="status" notice={notice} />
      </StaffSection>

      <LeadHistory history={lead.history} />

      <div className="grid gap-6 lg:grid-cols-2">
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
          {lead.contact.text ? (
            <>
              <h3 className="mt-4 font-semibold text-slate-900">
                {callbackText.contact.wordingTitle}
              </h3>
              <blockquote className="mt-2 border-l-4 border-brand-200 pl-4 text-slate-900">
                {lead.contact.text}
              </blockquote>
              <dl className="mt-3 divide-y divide-slate-100">
                <Fact label={text.consentVersion}>{lead.contact.version}</Fact>
                <Fact label={text.consentAt}>{formatDateTime(lead.contact.givenAt)}</Fact>
              </dl>
            </>
          ) : null}
        </StaffSection>

        <StaffSection id="related-title" title={text.relatedTitle}>
          {lead.related.length === 0 ? (
            <p className="text-slate-700">{text.relatedNone}</p>
          ) : (
            <ul className="space-y-2">
              {lead.related.map((other) => (
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

        <StaffSection id="mails-title" title={text.mailsTitle}>
          {lead.mails.length === 0 ? <p className="text-slate-700">{text.mailsNone}</p> : null}
          <ul className="space-y-3 empty:hidden">
            {lead.mails.map((mail) => (
              <li key={mail.kind}>
                <p className="font-medium text-slate-900">
                  {text.mailKind[mail.kind]} : {deliveryLabel(mail)}
                </p>
                <p className="text-sm text-slate-700">
                  {text.mailAttempts(mail.attempts)}
                  {mail.sentAt ? ` · ${formatDateTime(mail.sentAt)}` : ''}
                  {mail.lastError ? ` · ${text.mailLastError} : ${mail.lastError}` : ''}
                </p>
              </li>
            ))}
          </ul>
          {lead.mails.some(isFailing) ? (
            <StaffButton className="mt-4" tone="outline" disabled={busy} onClick={retry}>
              {text.retry}
            </StaffButton>
          ) : null}
          <NoticeAt place="mails" notice={notice} />
        </StaffSection>
      </div>

      <LeadDeliveries leadId={lead.id} initial={webhooks} refreshKey={lead.audit.length} />

      <StaffSection id="erase-title" title={text.eraseTitle}>
        <p className="text-slate-700">{text.eraseIntro}</p>
        <StaffButton className="mt-4" tone="danger" onClick={() => dialog.current?.showModal()}>
          {text.erase}
        </StaffButton>
        <dialog
          ref={dialog}
          aria-labelledby="erase-confirm-title"
          className="m-auto max-w-md rounded-card p-6 backdrop:bg-slate-900/50"
        >
          <h2 id="erase-confirm-title" className="text-xl font-semibold text-brand-950">
            {text.eraseConfirmTitle}
          </h2>
          <p className="mt-3 text-slate-800">{text.eraseConfirm(personCount)}</p>
          <NoticeAt place="erase" notice={notice} />
          <div className="mt-6 flex flex-wrap gap-3">
            <StaffButton tone="danger" disabled={busy} onClick={erase}>
              {text.eraseYes}
            </StaffButton>
            <StaffButton tone="outline" onClick={() => dialog.current?.close()}>
              {text.eraseNo}
            </StaffButton>
          </div>
        </dialog>
      </StaffSection>
    </div>
  );
}

import { type FormEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';

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
import { StaffButton, StaffSection, StaffSelect, StaffTextArea } from './controls.tsx';
import { setFlash } from './flash.ts';
import { NoticeAt, type Notice, type NoticePlace } from './lead-parts.tsx';
import { postJson } from './staff-api.ts';

/** The sections of a request's page that save something: status, e-mails, erasure. */
const text = staffText.lead;

/** One save at a time; its outcome is shown next to what was saved. */
interface LeadWork {
  busy: boolean;
  notice: Notice | undefined;
  act: (place: NoticePlace, work: () => Promise<void>) => void;
  say: (notice: Notice) => void;
}

export function useLeadWork(): LeadWork {
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>();
  const act = (place: NoticePlace, work: () => Promise<void>) => {
    setBusy(true);
    setNotice(undefined);
    void work()
      .catch((failure: unknown) => {
        setNotice({ place, tone: 'error', text: (failure as Error).message });
      })
      .finally(() => setBusy(false));
  };
  return { busy, notice, act, say: setNotice };
}

interface SectionProps {
  lead: LeadPage;
  onChange: (lead: LeadPage) => void;
  work: LeadWork;
}

export function StatusSection({ lead, onChange, work }: SectionProps) {
  const saveStatus = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = new FormData(form);
    const note = String(values.get('note') ?? '').trim();
    work.act('status', async () => {
      onChange(
        await postJson<LeadPage>(STAFF_API.status(lead.id), {
          status: values.get('status') as LeadStatus,
          ...(note ? { note } : {}),
        }),
      );
      form.reset();
      work.say({ place: 'status', tone: 'info', text: text.saved });
    });
  };
  return (
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
          <StaffButton type="submit" disabled={work.busy}>
            {text.save}
          </StaffButton>
        </div>
      </form>
      <NoticeAt place="status" notice={work.notice} />
    </StaffSection>
  );
}

export function MailsSection({ lead, onChange, work }: SectionProps) {
  const retry = () =>
    work.act('mails', async () => {
      onChange(await postJson<LeadPage>(STAFF_API.retry(lead.id)));
      work.say({ place: 'mails', tone: 'info', text: text.retried });
    });
  return (
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
        <StaffButton className="mt-4" tone="outline" disabled={work.busy} onClick={retry}>
          {text.retry}
        </StaffButton>
      ) : null}
      <NoticeAt place="mails" notice={work.notice} />
    </StaffSection>
  );
}

/** Erasing the person (every request of theirs), after a confirmation; then back to the list. */
export function EraseSection({ lead, work }: Omit<SectionProps, 'onChange'>) {
  const navigate = useNavigate();
  const dialog = useRef<HTMLDialogElement>(null);
  const erase = () =>
    work.act('erase', async () => {
      const answer = await postJson<{ erased: number }>(STAFF_API.erase(lead.id));
      dialog.current?.close();
      setFlash(text.erased(answer.erased));
      await navigate(STAFF_PAGE_PREFIX, { replace: true });
    });
  return (
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
        <p className="mt-3 text-slate-800">{text.eraseConfirm(lead.related.length + 1)}</p>
        <NoticeAt place="erase" notice={work.notice} />
        <div className="mt-6 flex flex-wrap gap-3">
          <StaffButton tone="danger" disabled={work.busy} onClick={erase}>
            {text.eraseYes}
          </StaffButton>
          <StaffButton tone="outline" onClick={() => dialog.current?.close()}>
            {text.eraseNo}
          </StaffButton>
        </div>
      </dialog>
    </StaffSection>
  );
}

import { type FormEvent, useState } from 'react';

import {
  CALL_OUTCOME_LABELS,
  callbackText,
  type DueWork,
  dueWorkOf,
  reachedWords,
} from '#app/content/callback.ts';
import { formatDateTime } from '#app/content/staff.ts';
import { formatDueTime, formatLeft, formatWindowStart } from '#contracts/staff/callback-format.ts';
import { CALL_OUTCOME_VALUES, type CallOutcome, type LeadPage } from '#contracts/staff/contract.ts';
import { StaffButton, StaffTextArea } from '#app/components/staff/controls.tsx';
import { SaveOutcome } from '#app/components/staff/lead-parts.tsx';
import { callsAllowed } from '#contracts/contact/choice-records.ts';
import { AttemptsLine } from './due-cell.tsx';
import { ContactFacts } from './contact-facts.tsx';
import { postCallLog, useCallConfirmation } from '#app/components/staff/calling/call-log.tsx';
import { useCallFormMark } from '#app/components/staff/calling/call-marks.ts';
import { CallMarkNotice } from '#app/components/staff/calling/call-mark-badge.tsx';

const text = callbackText.lead;

/** Décret 2022-1313: at most four calls in 30 days. */
const CALLS_LIMIT = 4;

function CallWindowNotice({ lead }: { lead: LeadPage }) {
  const { window, timeZone } = lead;
  const time = (ms: number) => formatWindowStart(ms, timeZone).split(' à ')[1] ?? '';
  return window.open ? (
    <p className="rounded-control border border-success-700 bg-success-50 px-4 py-3 text-slate-900">
      <strong>{text.windowOpen}</strong> ({text.windowUntil(time(window.closesAt))})
    </p>
  ) : (
    <p className="rounded-control border border-accent-700 bg-accent-50 px-4 py-3 text-slate-900">
      <strong>{text.windowClosed}</strong> –{' '}
      {text.nextWindow(formatWindowStart(window.nextOpensAt, timeZone))}
    </p>
  );
}

/**
 * Where the clock stands: reached (when, how long it took), closed without reaching the person
 * (no countdown), or the due time and what is left, in the words of the work owed (« À rappeler
 * avant », « À répondre avant »).
 */
function ClockState({ lead, work }: { lead: LeadPage; work: DueWork }) {
  const { clock, now, timeZone } = lead;
  if (clock.reachedAfterMs !== null && clock.reachedBy !== null) {
    const reached = reachedWords(clock.reachedBy, clock.reachedAfterMs);
    return (
      <div>
        <dt className="font-medium text-slate-700">{text.calledLabel}</dt>
        <dd className="text-slate-900">
          {formatDateTime(clock.reachedAt ?? 0)} ·{' '}
          <span aria-hidden="true" className="whitespace-nowrap">
            {reached.short}
          </span>
          <span className="sr-only">{reached.spoken}</span>
        </dd>
      </div>
    );
  }
  if (clock.closed) {
    return (
      <div>
        <dt className="font-medium text-slate-700">{text.closedLabel}</dt>
        <dd className="text-slate-900">{text.closed[work]}</dd>
      </div>
    );
  }
  const left = formatLeft(clock.dueAt, now);
  return (
    <div>
      <dt className="font-medium text-slate-700">{callbackText.dueBefore[work]}</dt>
      <dd className="text-slate-900">
        {formatDueTime(clock.dueAt, timeZone)} ·{' '}
        <span className={clock.dueAt <= now ? 'font-semibold text-danger-700' : ''}>
          <span aria-hidden="true" className="whitespace-nowrap">
            {left.short}
          </span>
          <span className="sr-only">{left.spoken}</span>
        </span>
      </dd>
    </div>
  );
}

/** The outcome radios of the call form: every outcome, none preselected. */
function OutcomeChoice() {
  return (
    <fieldset aria-describedby="call-outcome-help">
      <legend className="font-semibold text-slate-900">{text.outcomeLegend}</legend>
      <p id="call-outcome-help" className="text-sm text-slate-700">
        {text.outcomeHelp}
      </p>
      <p className="text-sm text-slate-700">{text.consentReminder}</p>
      <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
        {CALL_OUTCOME_VALUES.map((outcome) => (
          <label key={outcome} className="inline-flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name="outcome"
              value={outcome}
              required
              className="size-5 accent-brand-700"
            />
            {CALL_OUTCOME_LABELS[outcome]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The clock's state, the attempts while the person is not reached, the calls of 30 days. */
function ClockFacts({
  lead,
  work,
  emailOnly,
}: {
  lead: LeadPage;
  work: DueWork;
  emailOnly: boolean;
}) {
  const { clock, now, timeZone } = lead;
  return (
    <dl className="mt-4 grid gap-3 sm:grid-cols-2">
      <ClockState lead={lead} work={work} />
      {clock.reachedAt === null && clock.attempts > 0 ? (
        <div>
          <dt className="font-medium text-slate-700">{text.attemptsLabel}</dt>
          <dd className="text-slate-900">
            <AttemptsLine clock={clock} now={now} timeZone={timeZone} />
          </dd>
        </div>
      ) : null}
      {emailOnly && lead.callsLast30Days === 0 ? null : (
        <div>
          <dt className="sr-only">{text.callsLabel}</dt>
          <dd className="text-slate-900">{text.callsLast30Days(lead.callsLast30Days)}</dd>
        </div>
      )}
    </dl>
  );
}

/** The e-mail only notice or the call window now, and the warning from the fourth call. */
function CallNotices({ lead, emailOnly }: { lead: LeadPage; emailOnly: boolean }) {
  return (
    <div className="mt-4 space-y-3">
      {emailOnly ? (
        <p className="rounded-control border border-accent-700 bg-accent-50 px-4 py-3 text-slate-900">
          {callbackText.contact.emailOnly}
        </p>
      ) : (
        <CallWindowNotice lead={lead} />
      )}
      {lead.callsLast30Days >= CALLS_LIMIT ? (
        <p className="rounded-control border border-danger-600 bg-danger-50 px-4 py-3 font-medium text-danger-700">
          {text.tooManyCalls}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The form that records a call (no outcome preselected), or for a person who asked for the
 * e-mail only, an answer by e-mail; says what the server answered.
 */
function CallForm({
  lead,
  emailOnly,
  onChange,
}: {
  lead: LeadPage;
  emailOnly: boolean;
  onChange: (lead: LeadPage) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [info, setInfo] = useState<string>();
  const [error, setError] = useState<string>();
  // A colleague calling the person: the server asks, the dialog puts it (ADR 0047).
  const confirm = useCallConfirmation();
  // Opening the call form marks the request « … appelle » for colleagues.
  const formRef = useCallFormMark(lead.id);

  const record = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = new FormData(form);
    const note = String(values.get('callNote') ?? '').trim();
    const outcome = values.get('outcome');
    setBusy(true);
    setInfo(undefined);
    setError(undefined);
    // Nothing is preselected: without a choice the server refuses, and its words are shown.
    const body = {
      ...(typeof outcome === 'string' ? { outcome: outcome as CallOutcome } : {}),
      ...(note ? { note } : {}),
    };
    postCallLog(lead.id, body, confirm.ask)
      .then((next) => {
        if (!next) return;
        onChange(next);
        form.reset();
        setInfo(outcome === 'repondu_email' ? text.answerRecorded : text.recorded);
      })
      .catch((failure: unknown) => setError((failure as Error).message))
      .finally(() => setBusy(false));
  };

  return (
    <form ref={formRef} onSubmit={record} noValidate className="mt-6 space-y-4">
      {emailOnly ? <input type="hidden" name="outcome" value="repondu_email" /> : <OutcomeChoice />}
      <StaffTextArea
        label={emailOnly ? callbackText.contact.answerNoteLabel : text.noteLabel}
        name="callNote"
        maxLength={4000}
      />
      <StaffButton type="submit" disabled={busy}>
        {emailOnly ? callbackText.contact.recordAnswer : text.record}
      </StaffButton>
      <div aria-live="polite">
        {info ? <SaveOutcome tone="info" text={info} /> : null}
        {error ? <SaveOutcome tone="error" text={error} /> : null}
      </div>
      {confirm.dialog}
    </form>
  );
}

/**
 * A request's call-back clock on its page: how and when the person asked to be contacted, due
 * time or time to reach the person, the attempts, the call window now, the calls of the last 30
 * days (a warning from the fourth) and the form that records a call (no outcome preselected); the
 * calls are listed in the request's history. A person who asked for the e-mail only gets no call
 * form: only « Répondu par e-mail » (the server refuses a call anyway, 409), and the panel in
 * e-mail words (« Réponse par e-mail », « À répondre avant », « Aucune réponse enregistrée. »;
 * ADR 0036).
 */
export function CallPanel({
  lead,
  onChange,
}: {
  lead: LeadPage;
  onChange: (lead: LeadPage) => void;
}) {
  const emailOnly = !callsAllowed(lead.contact);
  const work = dueWorkOf(lead.contact.choice.channel);

  return (
    <section
      aria-labelledby="callback-title"
      className="rounded-card border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id="callback-title" className="text-xl font-semibold text-brand-950">
        {text.title[work]}
      </h2>
      <div className="mt-4">
        <ContactFacts lead={lead} />
      </div>
      <ClockFacts lead={lead} work={work} emailOnly={emailOnly} />
      <CallNotices lead={lead} emailOnly={emailOnly} />
      <CallMarkNotice leadId={lead.id} timeZone={lead.timeZone} />
      <CallForm lead={lead} emailOnly={emailOnly} onChange={onChange} />

      {/* The calls themselves are in the request's history (lead-history.tsx). */}
      {lead.calls.length === 0 ? <p className="mt-6 text-slate-700">{text.logNone[work]}</p> : null}
    </section>
  );
}

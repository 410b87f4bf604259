import { useCallback, useEffect, useRef, useState } from 'react';

import type { DayName } from '#contracts/contact/contact-choice.ts';
import { PHONE_CONSENT_VERSION } from '#contracts/contact/phone-consent.ts';
import { VISITOR_FRAGMENT_KEY } from '#contracts/contact/visitor-page.ts';
import { VISITOR_API, type VisitorView } from '#contracts/contact/visitor-api.ts';
import { PageHeader } from '#app/components/page-header.tsx';
import { Button, ButtonLink } from '#app/components/ui/button.tsx';
import { Container } from '#app/components/ui/container.tsx';
import { visitorText as text } from '#app/content/visitor.ts';
import { ConfirmStep } from './confirm-step.tsx';
import { ReachUs } from './reach-us.tsx';
import { Actions, Message, type VisitorStep } from './visitor-parts.tsx';
import { RequestSummary } from './request-summary.tsx';
import { SlotsForm } from './slots-form.tsx';
import { VisitorNotice, type VisitorNoticeValue } from './visitor-notice.tsx';
import { callVisitorApi, type VisitorAnswer } from './visitor-api.ts';

type Phase =
  | { kind: 'opening' }
  | { kind: 'no-token' }
  | { kind: 'unknown'; message: string }
  | { kind: 'failure' }
  | { kind: 'ready'; view: VisitorView }
  | { kind: 'erased' };
type Mode = 'view' | VisitorStep;

/** The link's token, read from the fragment (never sent to a server), then taken out of the bar. */
function takeToken(): string | undefined {
  if (!window.location.hash) return undefined;
  const token = new URLSearchParams(window.location.hash.slice(1)).get(VISITOR_FRAGMENT_KEY);
  window.history.replaceState(window.history.state, '', window.location.pathname);
  return token ?? undefined;
}

let noticeId = 0;

/**
 * `/ma-demande` once the scripts run: opens the request of the link's token, shows it, and lets
 * the visitor change the days and slots, stop the calls, allow them again or erase the request
 * (each of the last three after a confirmation step). The token stays in memory only.
 */
export function VisitorScreen() {
  const token = useRef<string | undefined>(undefined);
  const [phase, setPhase] = useState<Phase>({ kind: 'opening' });
  const [mode, setMode] = useState<Mode>('view');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<VisitorNoticeValue | null>(null);
  const [fieldErrors, setFieldErrors] = useState<{ jours?: string; creneaux?: string }>();
  const noticeBox = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const load = useCallback(async () => {
    if (!token.current) return setPhase({ kind: 'no-token' });
    setPhase({ kind: 'opening' });
    const answer = await callVisitorApi<VisitorView>(VISITOR_API.read, { jeton: token.current });
    if (answer.status === 'ok') return setPhase({ kind: 'ready', view: answer.data });
    if (answer.status === 'refused' && answer.httpStatus === 404) {
      return setPhase({ kind: 'unknown', message: answer.error });
    }
    setPhase({ kind: 'failure' });
  }, []);

  useEffect(() => {
    token.current = takeToken();
    void load();
    // A link opened in the tab that already shows this page changes only the fragment.
    const onHashChange = () => {
      const found = takeToken();
      if (found) {
        token.current = found;
        setMode('view');
        setNotice(null);
        void load();
      }
    };
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, [load]);

  useEffect(() => {
    if (notice) noticeBox.current?.focus();
  }, [notice]);
  useEffect(() => {
    if (phase.kind === 'erased' || phase.kind === 'unknown') headingRef.current?.focus();
  }, [phase.kind]);

  const closeStep = (from: VisitorStep) => {
    setMode('view');
    setFieldErrors(undefined);
    // Back to the button that opened the step.
    window.requestAnimationFrame(() =>
      document.querySelector<HTMLButtonElement>(`[data-visitor-action="${from}"]`)?.focus(),
    );
  };

  const act = async <T,>(
    run: () => Promise<VisitorAnswer<T>>,
    done: (data: T) => void,
  ): Promise<void> => {
    setBusy(true);
    setNotice(null);
    const answer = await run();
    setBusy(false);
    if (answer.status === 'ok') return done(answer.data);
    if (answer.status === 'refused' && answer.httpStatus === 404) {
      return setPhase({ kind: 'unknown', message: answer.error });
    }
    if (answer.status === 'refused' && answer.fields) setFieldErrors(answer.fields);
    noticeId += 1;
    setNotice({
      id: noticeId,
      tone: 'error',
      title: text.errorTitle,
      description: answer.status === 'refused' ? answer.error : text.failure.body,
    });
  };

  const succeeded = (view: VisitorView, title: string, description: string) => {
    setPhase({ kind: 'ready', view });
    setMode('view');
    setFieldErrors(undefined);
    noticeId += 1;
    setNotice({ id: noticeId, tone: 'success', title, description });
  };

  const saveSlots = (days: DayName[], slots: string[]) =>
    act(
      () =>
        callVisitorApi<VisitorView>(VISITOR_API.slots, {
          jeton: token.current,
          jours: days,
          creneaux: slots,
        }),
      (view) => succeeded(view, text.slots.saved, text.slots.savedDetail),
    );
  const stopCalls = () =>
    act(
      () => callVisitorApi<VisitorView>(VISITOR_API.stopCalls, { jeton: token.current }),
      (view) => succeeded(view, text.stopCalls.done, text.stopCalls.doneDetail),
    );
  const allowCalls = () =>
    act(
      () =>
        callVisitorApi<VisitorView>(VISITOR_API.allowCalls, {
          jeton: token.current,
          accord: true,
          version: PHONE_CONSENT_VERSION,
        }),
      (view) => succeeded(view, text.allowCalls.done, text.allowCalls.doneDetail),
    );
  const erase = () =>
    act(
      () => callVisitorApi(VISITOR_API.erase, { jeton: token.current, confirmer: true }),
      () => {
        token.current = undefined;
        setPhase({ kind: 'erased' });
      },
    );

  return (
    <>
      <PageHeader title={text.title} lead={text.lead} />
      <Container className="py-10 sm:py-14">
        {/* The card's look, without importing ui/card.tsx: sharing it would split it out of the
            contact page's chunk into one more chunk that page loads (e2e/budget.spec.ts). */}
        <div className="max-w-3xl space-y-6 rounded-card border border-slate-200 bg-white p-5 shadow-card sm:p-8">
          <noscript>
            <h2 className="mb-3 text-xl font-bold text-brand-950">{text.noScript.title}</h2>
            <ReachUs intro={text.noScript.body} />
          </noscript>
          {phase.kind === 'opening' ? (
            <p role="status" className="text-slate-700 noscript:hidden">
              {text.opening}
            </p>
          ) : null}
          {phase.kind === 'no-token' ? (
            <Message title={text.noToken.title} body={text.noToken.body} />
          ) : null}
          {phase.kind === 'unknown' ? (
            <Message title={text.unknownTitle} body={phase.message} headingRef={headingRef} />
          ) : null}
          {phase.kind === 'failure' ? (
            <div className="space-y-4">
              <Message title={text.failure.title} body={text.failure.body} />
              <Button variant="primary" onClick={() => void load()}>
                {text.failure.retry}
              </Button>
            </div>
          ) : null}
          {phase.kind === 'erased' ? (
            <div className="space-y-4">
              <h2
                ref={headingRef}
                tabIndex={-1}
                className="text-xl font-bold text-brand-950 outline-none"
              >
                {text.erase.doneTitle}
              </h2>
              <p className="text-slate-700">{text.erase.doneBody}</p>
              <ButtonLink to="/" variant="outline">
                {text.erase.home}
              </ButtonLink>
            </div>
          ) : null}
          {phase.kind === 'ready' ? (
            <>
              <div>
                <div
                  ref={noticeBox}
                  tabIndex={-1}
                  className={notice ? 'mb-6 outline-none' : 'outline-none'}
                >
                  <VisitorNotice
                    notice={notice}
                    onDismiss={() => setNotice(null)}
                    dismissLabel={text.dismiss}
                  />
                </div>
                <section aria-labelledby="visitor-summary-title">
                  <h2 id="visitor-summary-title" className="mb-2 text-xl font-bold text-brand-950">
                    {text.summary.title}
                  </h2>
                  <RequestSummary view={phase.view} />
                </section>
              </div>
              <section aria-labelledby="visitor-actions-title" className="space-y-4">
                <h2 id="visitor-actions-title" className="text-xl font-bold text-brand-950">
                  {text.actionsTitle}
                </h2>
                {mode === 'slots' ? (
                  <SlotsForm
                    view={phase.view}
                    busy={busy}
                    errors={fieldErrors}
                    onSave={(days, slots) => void saveSlots(days, slots)}
                    onCancel={() => closeStep('slots')}
                  />
                ) : null}
                {mode === 'stop' ? (
                  <ConfirmStep
                    title={text.stopCalls.title}
                    body={text.stopCalls.confirmText}
                    confirm={text.stopCalls.confirm}
                    cancel={text.stopCalls.cancel}
                    busy={busy}
                    onConfirm={() => void stopCalls()}
                    onCancel={() => closeStep('stop')}
                  />
                ) : null}
                {mode === 'calls' ? (
                  <ConfirmStep
                    title={text.allowCalls.title}
                    body={text.allowCalls.confirmText}
                    confirm={text.allowCalls.confirm}
                    cancel={text.allowCalls.cancel}
                    busy={busy}
                    onConfirm={() => void allowCalls()}
                    onCancel={() => closeStep('calls')}
                  />
                ) : null}
                {mode === 'erase' ? (
                  <ConfirmStep
                    title={text.erase.title}
                    body={text.erase.confirmText}
                    confirm={text.erase.confirm}
                    cancel={text.erase.cancel}
                    danger
                    busy={busy}
                    onConfirm={() => void erase()}
                    onCancel={() => closeStep('erase')}
                  />
                ) : null}
                {mode === 'view' ? (
                  <Actions
                    view={phase.view}
                    onOpen={(next) => {
                      setNotice(null);
                      setMode(next);
                    }}
                  />
                ) : null}
              </section>
              <ReachUs />
            </>
          ) : null}
        </div>
      </Container>
    </>
  );
}

import { useCallback, useEffect, useRef, useState } from 'react';

import type { DayName } from '#contracts/contact/contact-choice.ts';
import { PHONE_CONSENT_VERSION } from '#contracts/contact/phone-consent.ts';
import { VISITOR_FRAGMENT_KEY } from '#contracts/contact/visitor-page.ts';
import {
  VISITOR_API,
  type VisitorErased,
  type VisitorPersonView,
  type VisitorView,
} from '#contracts/contact/visitor-api.ts';
import { PageHeader } from '#app/components/page-header.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Container } from '#app/components/ui/container.tsx';
import { visitorText as text } from '#app/content/visitor.ts';
import { ErasedMessage, EraseSection } from './erase-section.tsx';
import { ReachUs } from './reach-us.tsx';
import { RequestSection } from './request-section.tsx';
import { Message, type RequestStep } from './visitor-parts.tsx';
import { VisitorNotice, type VisitorNoticeValue } from './visitor-notice.tsx';
import { callVisitorApi, type VisitorAnswer } from './visitor-api.ts';

type Phase =
  | { kind: 'opening' }
  | { kind: 'no-token' }
  | { kind: 'unknown'; message: string }
  | { kind: 'failure' }
  | { kind: 'ready'; person: VisitorPersonView }
  | { kind: 'erased'; count: number };
/** The step open: on one request (its id), or the person's erasure; null: none. */
type Mode = { step: RequestStep; requestId: string } | { step: 'erase' } | null;

/** The link's token, read from the fragment (never sent to a server), then taken out of the bar. */
function takeToken(): string | undefined {
  if (!window.location.hash) return undefined;
  const token = new URLSearchParams(window.location.hash.slice(1)).get(VISITOR_FRAGMENT_KEY);
  window.history.replaceState(window.history.state, '', window.location.pathname);
  return token ?? undefined;
}

/** The focus target of a step's button, when the step closes. */
const stepButton = (mode: NonNullable<Mode>) =>
  mode.step === 'erase'
    ? '[data-visitor-action="erase"]'
    : `[data-visitor-action="${mode.step}"][data-visitor-request="${CSS.escape(mode.requestId)}"]`;

/** The step open on the request `requestId`, if any. */
const stepOn = (mode: Mode, requestId: string): RequestStep | undefined =>
  mode && mode.step !== 'erase' && mode.requestId === requestId ? mode.step : undefined;

/**
 * `/ma-demande` once the scripts run: opens the person of the link's token (ADR 0031), shows
 * each of their open requests, and lets the visitor change a request's days and slots, stop its
 * calls or allow them again, or erase the person (each of the last three after a confirmation
 * step). The token stays in memory only.
 */
export function VisitorScreen() {
  const token = useRef<string | undefined>(undefined);
  const [phase, setPhase] = useState<Phase>({ kind: 'opening' });
  const [mode, setMode] = useState<Mode>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<VisitorNoticeValue | null>(null);
  const [fieldErrors, setFieldErrors] = useState<{ jours?: string; creneaux?: string }>();
  const noticeBox = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  /** Each notice's id: the same text shown twice is announced twice. */
  const noticeCount = useRef(0);

  const load = useCallback(async () => {
    if (!token.current) return setPhase({ kind: 'no-token' });
    setPhase({ kind: 'opening' });
    const answer = await callVisitorApi<VisitorPersonView>(VISITOR_API.read, {
      jeton: token.current,
    });
    if (answer.status === 'ok') return setPhase({ kind: 'ready', person: answer.data });
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
        setMode(null);
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

  const closeStep = (from: NonNullable<Mode>) => {
    setMode(null);
    setFieldErrors(undefined);
    // Back to the button that opened the step.
    window.requestAnimationFrame(() =>
      document.querySelector<HTMLButtonElement>(stepButton(from))?.focus(),
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
    noticeCount.current += 1;
    setNotice({
      id: noticeCount.current,
      tone: 'error',
      title: text.errorTitle,
      description: answer.status === 'refused' ? answer.error : text.failure.body,
    });
  };

  /** One request's new state, in its place among the person's. */
  const succeeded = (view: VisitorView, title: string, description: string) => {
    setPhase((current) =>
      current.kind === 'ready'
        ? {
            kind: 'ready',
            person: {
              ...current.person,
              requests: current.person.requests.map((one) => (one.id === view.id ? view : one)),
            },
          }
        : current,
    );
    setMode(null);
    setFieldErrors(undefined);
    noticeCount.current += 1;
    setNotice({ id: noticeCount.current, tone: 'success', title, description });
  };

  // Each act on a request names it (`demande`); the server checks it has the link's address.
  const saveSlots = (demande: string, days: DayName[], slots: string[]) =>
    act(
      () =>
        callVisitorApi<VisitorView>(VISITOR_API.slots, {
          jeton: token.current,
          demande,
          jours: days,
          creneaux: slots,
        }),
      (view) => succeeded(view, text.slots.saved, text.slots.savedDetail),
    );
  const stopCalls = (demande: string) =>
    act(
      () => callVisitorApi<VisitorView>(VISITOR_API.stopCalls, { jeton: token.current, demande }),
      (view) => succeeded(view, text.stopCalls.done, text.stopCalls.doneDetail),
    );
  const allowCalls = (demande: string) =>
    act(
      () =>
        callVisitorApi<VisitorView>(VISITOR_API.allowCalls, {
          jeton: token.current,
          demande,
          accord: true,
          version: PHONE_CONSENT_VERSION,
        }),
      (view) => succeeded(view, text.allowCalls.done, text.allowCalls.doneDetail),
    );
  const erase = () =>
    act(
      () =>
        callVisitorApi<VisitorErased>(VISITOR_API.erase, { jeton: token.current, confirmer: true }),
      (answer) => {
        token.current = undefined;
        setPhase({ kind: 'erased', count: answer.erased });
      },
    );
  const open = (next: NonNullable<Mode>) => {
    setNotice(null);
    setMode(next);
  };

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
            <ErasedMessage count={phase.count} headingRef={headingRef} />
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
                <div className="space-y-8">
                  {phase.person.requests.length > 1 ? (
                    <p className="text-slate-700">{text.person.intro}</p>
                  ) : null}
                  {phase.person.requests.map((view, index, all) => (
                    <RequestSection
                      key={view.id}
                      view={view}
                      title={
                        all.length > 1 ? text.person.requestTitle(index + 1) : text.summary.title
                      }
                      separated={all.length > 1}
                      step={stepOn(mode, view.id)}
                      busy={busy}
                      errors={fieldErrors}
                      onOpen={(step) => open({ step, requestId: view.id })}
                      onClose={(step) => closeStep({ step, requestId: view.id })}
                      onSaveSlots={(days, slots) => void saveSlots(view.id, days, slots)}
                      onStopCalls={() => void stopCalls(view.id)}
                      onAllowCalls={() => void allowCalls(view.id)}
                    />
                  ))}
                </div>
              </div>
              <EraseSection
                count={phase.person.requestCount}
                hidden={phase.person.requestCount - phase.person.requests.length}
                open={mode?.step === 'erase'}
                busy={busy}
                onOpen={() => open({ step: 'erase' })}
                onCancel={() => closeStep({ step: 'erase' })}
                onConfirm={() => void erase()}
              />
              <ReachUs />
            </>
          ) : null}
        </div>
      </Container>
    </>
  );
}

import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

import type { DayName } from '#contracts/contact/contact-choice.ts';
import { PHONE_CONSENT_VERSION } from '#contracts/contact/phone-consent.ts';
import { VISITOR_FRAGMENT_KEY } from '#contracts/contact/visitor-page.ts';
import {
  VISITOR_API,
  type VisitorErased,
  type VisitorPersonView,
  type VisitorView,
} from '#contracts/contact/visitor-api.ts';
import { visitorText as text } from '#app/content/visitor.ts';
import type { RequestStep } from './visitor-parts.tsx';
import type { VisitorNoticeValue } from './visitor-notice.tsx';
import { callVisitorApi, type VisitorAnswer } from './visitor-api.ts';

export type Phase =
  | { kind: 'opening' }
  | { kind: 'no-token' }
  | { kind: 'unknown'; message: string }
  | { kind: 'failure' }
  | { kind: 'ready'; person: VisitorPersonView }
  | { kind: 'erased'; count: number };
/** The step open: on one request (its id), or the person's erasure; null: none. */
export type Mode = { step: RequestStep; requestId: string } | { step: 'erase' } | null;

type FieldErrors = { jours?: string; creneaux?: string } | undefined;

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

/**
 * Opens the person of the link's token (`load`, again for a retry), and again when a link opened
 * in the tab that already shows the page changes only the fragment (`onNewLink` first).
 */
function usePersonLoader(
  token: RefObject<string | undefined>,
  setPhase: (phase: Phase) => void,
  onNewLink: () => void,
) {
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
    const onHashChange = () => {
      const found = takeToken();
      if (found) {
        token.current = found;
        onNewLink();
        void load();
      }
    };
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, [load]);
  return load;
}

/** The person's requests with `view` in place of the request it is a new state of. */
function withRequest(current: Phase, view: VisitorView): Phase {
  return current.kind === 'ready'
    ? {
        kind: 'ready',
        person: {
          ...current.person,
          requests: current.person.requests.map((one) => (one.id === view.id ? view : one)),
        },
      }
    : current;
}

/**
 * The state of the visitor page (visitor-screen.tsx): the phase (opening, a message, the person,
 * erased), the step open, the notice after an act, and the acts themselves. The token stays in
 * memory only.
 */
export function useVisitorScreen() {
  const token = useRef<string | undefined>(undefined);
  const [phase, setPhase] = useState<Phase>({ kind: 'opening' });
  const [mode, setMode] = useState<Mode>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<VisitorNoticeValue | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>();
  const noticeBox = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  /** Each notice's id: the same text shown twice is announced twice. */
  const noticeCount = useRef(0);

  const load = usePersonLoader(token, setPhase, () => {
    setMode(null);
    setNotice(null);
  });

  useEffect(() => {
    if (notice) noticeBox.current?.focus();
  }, [notice]);
  useEffect(() => {
    if (phase.kind === 'erased' || phase.kind === 'unknown') headingRef.current?.focus();
  }, [phase.kind]);

  const say = (tone: VisitorNoticeValue['tone'], title: string, description: string) => {
    noticeCount.current += 1;
    setNotice({ id: noticeCount.current, tone, title, description });
  };

  const closeStep = (from: NonNullable<Mode>) => {
    setMode(null);
    setFieldErrors(undefined);
    // Back to the button that opened the step.
    window.requestAnimationFrame(() =>
      document.querySelector<HTMLButtonElement>(stepButton(from))?.focus(),
    );
  };

  const act = async <T>(
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
    say('error', text.errorTitle, answer.status === 'refused' ? answer.error : text.failure.body);
  };

  /** One request's new state, in its place among the person's. */
  const succeeded = (view: VisitorView, title: string, description: string) => {
    setPhase((current) => withRequest(current, view));
    setMode(null);
    setFieldErrors(undefined);
    say('success', title, description);
  };

  return {
    phase,
    mode,
    busy,
    notice,
    fieldErrors,
    noticeBox,
    headingRef,
    load,
    closeStep,
    open: (next: NonNullable<Mode>) => {
      setNotice(null);
      setMode(next);
    },
    dismissNotice: () => setNotice(null),
    ...visitorActs(token, act, succeeded, setPhase),
  };
}

/**
 * The acts on the person: each act on a request names it (`demande`); the server checks it has
 * the link's address.
 */
function visitorActs(
  token: RefObject<string | undefined>,
  act: <T>(run: () => Promise<VisitorAnswer<T>>, done: (data: T) => void) => Promise<void>,
  succeeded: (view: VisitorView, title: string, description: string) => void,
  setPhase: (phase: Phase) => void,
) {
  return {
    saveSlots: (demande: string, days: DayName[], slots: string[]) =>
      act(
        () =>
          callVisitorApi<VisitorView>(VISITOR_API.slots, {
            jeton: token.current,
            demande,
            jours: days,
            creneaux: slots,
          }),
        (view) => succeeded(view, text.slots.saved, text.slots.savedDetail),
      ),
    stopCalls: (demande: string) =>
      act(
        () => callVisitorApi<VisitorView>(VISITOR_API.stopCalls, { jeton: token.current, demande }),
        (view) => succeeded(view, text.stopCalls.done, text.stopCalls.doneDetail),
      ),
    allowCalls: (demande: string) =>
      act(
        () =>
          callVisitorApi<VisitorView>(VISITOR_API.allowCalls, {
            jeton: token.current,
            demande,
            accord: true,
            version: PHONE_CONSENT_VERSION,
          }),
        (view) => succeeded(view, text.allowCalls.done, text.allowCalls.doneDetail),
      ),
    erase: () =>
      act(
        () =>
          callVisitorApi<VisitorErased>(VISITOR_API.erase, {
            jeton: token.current,
            confirmer: true,
          }),
        (answer) => {
          token.current = undefined;
          setPhase({ kind: 'erased', count: answer.erased });
        },
      ),
  };
}

import type { VisitorView } from '#contracts/contact/visitor-api.ts';
import { PageHeader } from '#app/components/page-header.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Container } from '#app/components/ui/container.tsx';
import { visitorText as text } from '#app/content/visitor.ts';
import { ErasedMessage, EraseSection } from './erase-section.tsx';
import { ReachUs } from './reach-us.tsx';
import { RequestSection } from './request-section.tsx';
import { Message, type RequestStep } from './visitor-parts.tsx';
import { VisitorNotice } from './visitor-notice.tsx';
import { type Mode, useVisitorScreen } from './use-visitor-screen.ts';

/** The step open on the request `requestId`, if any. */
const stepOn = (mode: Mode, requestId: string): RequestStep | undefined =>
  mode && mode.step !== 'erase' && mode.requestId === requestId ? mode.step : undefined;

type Screen = ReturnType<typeof useVisitorScreen>;

/** What the page says while it has no person to show: opening, a message, erased. */
function PhaseMessage({ screen }: { screen: Screen }) {
  const { phase, headingRef, load } = screen;
  switch (phase.kind) {
    case 'opening':
      return (
        <p role="status" className="text-slate-700 noscript:hidden">
          {text.opening}
        </p>
      );
    case 'no-token':
      return <Message title={text.noToken.title} body={text.noToken.body} />;
    case 'unknown':
      return <Message title={text.unknownTitle} body={phase.message} headingRef={headingRef} />;
    case 'failure':
      return (
        <div className="space-y-4">
          <Message title={text.failure.title} body={text.failure.body} />
          <Button variant="primary" onClick={() => void load()}>
            {text.failure.retry}
          </Button>
        </div>
      );
    case 'erased':
      return <ErasedMessage count={phase.count} headingRef={headingRef} />;
    default:
      return null;
  }
}

/** The notice after an act, then each of the person's open requests. */
function PersonRequests({ screen, requests }: { screen: Screen; requests: VisitorView[] }) {
  const { mode, busy, notice, fieldErrors, noticeBox } = screen;
  return (
    <div>
      <div ref={noticeBox} tabIndex={-1} className={notice ? 'mb-6 outline-none' : 'outline-none'}>
        <VisitorNotice
          notice={notice}
          onDismiss={screen.dismissNotice}
          dismissLabel={text.dismiss}
        />
      </div>
      <div className="space-y-8">
        {requests.length > 1 ? <p className="text-slate-700">{text.person.intro}</p> : null}
        {requests.map((view, index, all) => (
          <RequestSection
            key={view.id}
            view={view}
            title={all.length > 1 ? text.person.requestTitle(index + 1) : text.summary.title}
            separated={all.length > 1}
            step={stepOn(mode, view.id)}
            busy={busy}
            errors={fieldErrors}
            onOpen={(step) => screen.open({ step, requestId: view.id })}
            onClose={(step) => screen.closeStep({ step, requestId: view.id })}
            onSaveSlots={(days, slots) => void screen.saveSlots(view.id, days, slots)}
            onStopCalls={() => void screen.stopCalls(view.id)}
            onAllowCalls={() => void screen.allowCalls(view.id)}
          />
        ))}
      </div>
    </div>
  );
}

/**
 * `/ma-demande` once the scripts run: opens the person of the link's token (ADR 0031), shows
 * each of their open requests, and lets the visitor change a request's days and slots, stop its
 * calls or allow them again, or erase the person (each of the last three after a confirmation
 * step). The token stays in memory only.
 */
export function VisitorScreen() {
  const screen = useVisitorScreen();
  const { phase, mode, busy } = screen;

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
          <PhaseMessage screen={screen} />
          {phase.kind === 'ready' ? (
            <>
              <PersonRequests screen={screen} requests={phase.person.requests} />
              <EraseSection
                count={phase.person.requestCount}
                hidden={phase.person.requestCount - phase.person.requests.length}
                open={mode?.step === 'erase'}
                busy={busy}
                onOpen={() => screen.open({ step: 'erase' })}
                onCancel={() => screen.closeStep({ step: 'erase' })}
                onConfirm={() => void screen.erase()}
              />
              <ReachUs />
            </>
          ) : null}
        </div>
      </Container>
    </>
  );
}

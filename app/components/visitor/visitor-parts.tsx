import type { ReactNode, Ref } from 'react';

import type { VisitorView } from '#contracts/contact/visitor-api.ts';
import { Button } from '#app/components/ui/button.tsx';
import { visitorText as text } from '#app/content/visitor.ts';
import { ReachUs } from './reach-us.tsx';

/** What the visitor may open on one request: a form, or a confirmation step. */
export type RequestStep = 'slots' | 'stop' | 'calls';

/** A message instead of the request (no token, an unknown one, a failure), with the company's contacts. */
export function Message({
  title,
  body,
  headingRef,
}: {
  title: string;
  body: string;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  return (
    <div className="space-y-4">
      <h2 ref={headingRef} tabIndex={-1} className="text-xl font-bold text-brand-950 outline-none">
        {title}
      </h2>
      <p className="text-slate-700">{body}</p>
      <ReachUs />
    </div>
  );
}

/**
 * The button that opens `step` on the request `view`: it carries `data-visitor-action` and the
 * request's id (`data-visitor-request`), where the focus returns when its step is cancelled.
 */
function StepButton({
  view,
  step,
  variant,
  onOpen,
  children,
}: {
  view: VisitorView;
  step: RequestStep;
  variant: 'primary' | 'outline';
  onOpen: (step: RequestStep) => void;
  children: ReactNode;
}) {
  return (
    <Button
      data-visitor-action={step}
      data-visitor-request={view.id}
      variant={variant}
      size="lg"
      onClick={() => onOpen(step)}
    >
      {children}
    </Button>
  );
}

/** The buttons that open each step on one request. */
export function Actions({
  view,
  onOpen,
}: {
  view: VisitorView;
  onOpen: (step: RequestStep) => void;
}) {
  return (
    <div className="space-y-3">
      {view.channel === 'email' ? <p className="text-slate-700">{text.emailOnlyHint}</p> : null}
      {view.stage === 'cloturee' ? <p className="text-slate-700">{text.closedHint}</p> : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {view.canChangeSlots ? (
          <StepButton view={view} step="slots" variant="primary" onOpen={onOpen}>
            {text.slots.open}
          </StepButton>
        ) : null}
        {view.canAllowCalls ? (
          <StepButton view={view} step="calls" variant="outline" onOpen={onOpen}>
            {text.allowCalls.open}
          </StepButton>
        ) : null}
        {view.channel === 'email' ? null : (
          <StepButton view={view} step="stop" variant="outline" onOpen={onOpen}>
            {text.stopCalls.open}
          </StepButton>
        )}
      </div>
    </div>
  );
}

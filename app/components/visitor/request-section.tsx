import type { DayName } from '#contracts/contact/contact-choice.ts';
import type { VisitorView } from '#contracts/contact/visitor-api.ts';
import { cn } from '#app/components/ui/class-names.ts';
import { visitorText as text } from '#app/content/visitor.ts';
import { ConfirmStep } from './confirm-step.tsx';
import { RequestSummary } from './request-summary.tsx';
import { SlotsForm } from './slots-form.tsx';
import { Actions, type RequestStep } from './visitor-parts.tsx';

/**
 * One request of the person on `/ma-demande` (ADR 0031): its summary, then what can be done on
 * it (change the days and slots, stop the calls or allow them again), each opened in place.
 */
export function RequestSection({
  view,
  title,
  separated,
  step,
  busy,
  errors,
  onOpen,
  onClose,
  onSaveSlots,
  onStopCalls,
  onAllowCalls,
}: {
  view: VisitorView;
  title: string;
  /** Drawn apart from what comes before (one of several requests). */
  separated?: boolean;
  /** The step open on this request, if any. */
  step: RequestStep | undefined;
  busy: boolean;
  errors?: { jours?: string; creneaux?: string };
  onOpen: (step: RequestStep) => void;
  onClose: (step: RequestStep) => void;
  onSaveSlots: (days: DayName[], slots: string[]) => void;
  onStopCalls: () => void;
  onAllowCalls: () => void;
}) {
  const titleId = `visitor-request-${view.id}`;
  return (
    <section
      aria-labelledby={titleId}
      className={cn('space-y-4', separated && 'border-t border-slate-200 pt-6')}
    >
      <div>
        <h2 id={titleId} className="mb-2 text-xl font-bold text-brand-950">
          {title}
        </h2>
        <RequestSummary view={view} />
      </div>
      {step === 'slots' ? (
        <SlotsForm
          view={view}
          busy={busy}
          errors={errors}
          onSave={onSaveSlots}
          onCancel={() => onClose('slots')}
        />
      ) : null}
      {step === 'stop' ? (
        <ConfirmStep
          title={text.stopCalls.title}
          body={text.stopCalls.confirmText}
          confirm={text.stopCalls.confirm}
          cancel={text.stopCalls.cancel}
          busy={busy}
          onConfirm={onStopCalls}
          onCancel={() => onClose('stop')}
        />
      ) : null}
      {step === 'calls' ? (
        <ConfirmStep
          title={text.allowCalls.title}
          body={text.allowCalls.confirmText}
          confirm={text.allowCalls.confirm}
          cancel={text.allowCalls.cancel}
          busy={busy}
          onConfirm={onAllowCalls}
          onCancel={() => onClose('calls')}
        />
      ) : null}
      {step === undefined ? <Actions view={view} onOpen={onOpen} /> : null}
    </section>
  );
}

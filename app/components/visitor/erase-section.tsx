import type { Ref } from 'react';

import { Button, ButtonLink } from '#app/components/ui/button.tsx';
import { visitorText as text } from '#app/content/visitor.ts';
import { ConfirmStep } from './confirm-step.tsx';

/**
 * « Supprimer ma demande » (ADR 0031): the link proves the e-mail address, so it erases the
 * person, every request of the address (`count`, `hidden` of them not listed on the page), as
 * staff's erasure does; after a confirmation that says how many.
 */
export function EraseSection({
  count,
  hidden,
  open,
  busy,
  onOpen,
  onCancel,
  onConfirm,
}: {
  count: number;
  hidden: number;
  open: boolean;
  busy: boolean;
  onOpen: () => void;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <section
      aria-labelledby="visitor-erase-title"
      className="space-y-4 border-t border-slate-200 pt-6"
    >
      <h2 id="visitor-erase-title" className="text-xl font-bold text-brand-950">
        {text.erase.sectionTitle}
      </h2>
      {open ? (
        <ConfirmStep
          title={text.erase.open(count)}
          body={text.erase.confirmText(count, hidden)}
          confirm={text.erase.confirm}
          cancel={text.erase.cancel}
          danger
          busy={busy}
          onConfirm={onConfirm}
          onCancel={onCancel}
        />
      ) : (
        <>
          <p className="text-slate-700">{text.erase.sectionText}</p>
          <Button
            data-visitor-action="erase"
            variant="outline"
            size="lg"
            onClick={onOpen}
            className="border-danger-600 text-danger-700 hover:bg-danger-50"
          >
            {text.erase.open(count)}
          </Button>
        </>
      )}
    </section>
  );
}

/** After the erasure: how many requests went, the heading focused (`headingRef`). */
export function ErasedMessage({
  count,
  headingRef,
}: {
  count: number;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  return (
    <div className="space-y-4">
      <h2 ref={headingRef} tabIndex={-1} className="text-xl font-bold text-brand-950 outline-none">
        {text.erase.doneTitle(count)}
      </h2>
      <p className="text-slate-700">{text.erase.doneBody(count)}</p>
      <ButtonLink to="/" variant="outline">
        {text.erase.home}
      </ButtonLink>
    </div>
  );
}

import { type RefObject, useEffect, useRef } from 'react';

import { Button } from '#app/components/ui/button.tsx';
import { cn } from '#app/components/ui/class-names.ts';

/**
 * A confirmation step: what the act does, then confirm or cancel. Its heading takes the focus
 * when it opens, so a screen reader reads what is being confirmed.
 */
export function ConfirmStep({
  title,
  body,
  confirm,
  cancel,
  danger,
  busy,
  onConfirm,
  onCancel,
}: {
  title: string;
  body: string;
  confirm: string;
  cancel: string;
  danger?: boolean;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      aria-labelledby="visitor-confirm-title"
      className={cn(
        'space-y-4 rounded-control border p-4 sm:p-5',
        danger ? 'border-danger-600/40 bg-danger-50' : 'border-brand-100 bg-brand-50',
      )}
    >
      <h3
        id="visitor-confirm-title"
        ref={heading as RefObject<HTMLHeadingElement>}
        tabIndex={-1}
        className="text-lg font-bold text-brand-950 outline-none"
      >
        {title}
      </h3>
      <p className="text-slate-800">{body}</p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button
          variant="primary"
          size="lg"
          onClick={onConfirm}
          disabled={busy}
          className={danger ? 'bg-danger-700 hover:bg-danger-600' : undefined}
        >
          {confirm}
        </Button>
        <Button variant="outline" size="lg" onClick={onCancel} disabled={busy}>
          {cancel}
        </Button>
      </div>
    </section>
  );
}

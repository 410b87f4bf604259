import { type ReactNode, type Ref, useEffect, useState } from 'react';

import { cn } from './class-names.ts';
import { CircleAlert, CircleCheck, X } from './icons.tsx';

type NoticeTone = 'success' | 'error';

export interface Notice {
  /** Changes with every new notice, so the same text shown twice is announced twice. */
  id: number;
  tone: NoticeTone;
  title: string;
  description: string;
  /** A second line (e.g. when the call-back will come). */
  detail?: string;
  /** More under the text (e.g. the fields to fix, as links to each). */
  more?: ReactNode;
}

/** How long a success notice stays unless its close button has focus. Errors stay until dismissed. */
export const SUCCESS_NOTICE_MS = 10_000;

const toneClasses: Record<NoticeTone, string> = {
  success: 'border-success-700/30 bg-success-50 text-success-700',
  error: 'border-danger-600/40 bg-danger-50 text-danger-700',
};

function NoticeCard({ notice, descriptionId }: { notice: Notice; descriptionId?: string }) {
  const Icon = notice.tone === 'success' ? CircleCheck : CircleAlert;
  return (
    <div
      className={cn(
        'flex gap-3 rounded-control border py-3 pr-14 pl-4 motion-safe:animate-fade-in',
        toneClasses[notice.tone],
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div>
        <p className="font-semibold">{notice.title}</p>
        <p id={descriptionId} className="mt-0.5 text-sm text-slate-800">
          {notice.description}
        </p>
        {notice.detail ? (
          <p className="mt-1 text-sm font-semibold text-slate-900">{notice.detail}</p>
        ) : null}
        {notice.more}
      </div>
    </div>
  );
}

/**
 * Shows one notice in live regions that exist from the first render (empty until needed), so
 * screen readers announce what appears: errors assertively (`role="alert"`), the rest politely
 * (`role="status"`). The close button sits outside the regions so it is not read with the text.
 */
export function NoticeArea({
  notice,
  onDismiss,
  dismissLabel,
  className,
  descriptionId,
  ref,
}: {
  notice: Notice | null;
  onDismiss: () => void;
  dismissLabel: string;
  className?: string;
  /** The id of the notice's description, for a control that it describes. */
  descriptionId?: string;
  ref?: Ref<HTMLDivElement>;
}) {
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (!notice || notice.tone !== 'success' || paused) return undefined;
    const timer = window.setTimeout(onDismiss, SUCCESS_NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [notice, paused, onDismiss]);

  return (
    <div ref={ref} className={cn('relative scroll-mt-24 scroll-mb-28', className)}>
      <div role="status" aria-live="polite" aria-atomic="true">
        {notice && notice.tone !== 'error' ? (
          <NoticeCard key={notice.id} notice={notice} descriptionId={descriptionId} />
        ) : null}
      </div>
      <div role="alert" aria-live="assertive" aria-atomic="true">
        {notice && notice.tone === 'error' ? (
          <NoticeCard key={notice.id} notice={notice} descriptionId={descriptionId} />
        ) : null}
      </div>
      {notice ? (
        <button
          type="button"
          onClick={onDismiss}
          onFocus={() => setPaused(true)}
          onBlur={() => setPaused(false)}
          aria-label={dismissLabel}
          className="absolute top-1 right-1 inline-flex size-11 items-center justify-center rounded-control text-slate-700 hover:bg-slate-900/5"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      ) : null}
    </div>
  );
}

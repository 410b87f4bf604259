import { type ReactNode, useEffect, useRef } from 'react';

import { StaffMessage } from './controls.tsx';

/** Where a request's page shows the outcome of a save: next to the control that was used. */
export type NoticePlace = 'status' | 'mails' | 'erase';
export interface Notice {
  place: NoticePlace;
  tone: 'info' | 'error';
  text: string;
}

/** The outcome of the last save made at `place`, read out when it appears. */
export function NoticeAt({ place, notice }: { place: NoticePlace; notice: Notice | undefined }) {
  return (
    <div aria-live="polite">
      {notice?.place === place ? <SaveOutcome tone={notice.tone} text={notice.text} /> : null}
    </div>
  );
}

/**
 * A save's outcome (role `status`, or `alert` for an error), brought into view when it appears:
 * on a phone the button pressed may be the last thing on the screen, its confirmation below it.
 */
export function SaveOutcome({ tone, text }: { tone: 'info' | 'error'; text: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.scrollIntoView?.({ block: 'nearest' });
  }, [text]);
  return (
    <div ref={box} className="mt-4 scroll-mb-4">
      <StaffMessage tone={tone}>{text}</StaffMessage>
    </div>
  );
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="py-2 sm:grid sm:grid-cols-3 sm:items-baseline sm:gap-4">
      <dt className="font-medium text-slate-700">{label}</dt>
      <dd className="break-words whitespace-pre-line text-slate-900 sm:col-span-2">{children}</dd>
    </div>
  );
}

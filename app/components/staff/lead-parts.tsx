import type { ReactNode } from 'react';

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
      {notice?.place === place ? (
        <div className="mt-4">
          <StaffMessage tone={notice.tone}>{notice.text}</StaffMessage>
        </div>
      ) : null}
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

import { CircleAlert, CircleCheck, X } from '#app/components/ui/icons.tsx';
import { cn } from '#app/components/ui/class-names.ts';

/**
 * The page's notice after an act, in live regions present from the first render (errors
 * assertive, the rest polite). Its own small component rather than the contact form's
 * `NoticeArea`: sharing that module would split it out of the contact page's chunk into one
 * more chunk the contact page loads (e2e/budget.spec.ts).
 */
export interface VisitorNoticeValue {
  id: number;
  tone: 'success' | 'error';
  title: string;
  description: string;
}

const toneClasses = {
  success: 'border-success-700/30 bg-success-50 text-success-700',
  error: 'border-danger-600/40 bg-danger-50 text-danger-700',
} as const;

function Card({ notice }: { notice: VisitorNoticeValue }) {
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
        <p className="mt-0.5 text-sm text-slate-800">{notice.description}</p>
      </div>
    </div>
  );
}

export function VisitorNotice({
  notice,
  dismissLabel,
  onDismiss,
}: {
  notice: VisitorNoticeValue | null;
  dismissLabel: string;
  onDismiss: () => void;
}) {
  return (
    <div className="relative">
      <div role="status" aria-live="polite" aria-atomic="true">
        {notice?.tone === 'success' ? <Card key={notice.id} notice={notice} /> : null}
      </div>
      <div role="alert" aria-live="assertive" aria-atomic="true">
        {notice?.tone === 'error' ? <Card key={notice.id} notice={notice} /> : null}
      </div>
      {notice ? (
        <button
          type="button"
          onClick={onDismiss}
          aria-label={dismissLabel}
          className="absolute top-1 right-1 inline-flex size-11 items-center justify-center rounded-control text-slate-700 hover:bg-slate-900/5"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      ) : null}
    </div>
  );
}

import { callbackText } from '#app/content/callback.ts';
import { INBOX_VIEWS, type InboxView } from '#contracts/staff/contract.ts';

const text = callbackText.views;

/**
 * The inbox's views as toggle buttons: « Mes demandes » (a commercial's default, ADR 0046),
 * « À rappeler » (a responsable's, soonest due first), « En retard (n) », « À attribuer » and
 * « Toutes les demandes »; smaller type on a phone, so that they take two lines.
 */
export function InboxViews({
  current,
  overdue,
  disabled,
  onChoose,
}: {
  current: InboxView;
  overdue: number;
  disabled: boolean;
  onChoose: (view: InboxView) => void;
}) {
  return (
    <div role="group" aria-label={text.label} className="mt-2 flex flex-wrap gap-2">
      {INBOX_VIEWS.map((view) => {
        const pressed = view === current;
        return (
          <button
            key={view}
            type="button"
            aria-pressed={pressed}
            disabled={disabled}
            onClick={() => onChoose(view)}
            className={`inline-flex min-h-11 items-center rounded-control border px-3 text-sm font-semibold sm:px-4 sm:text-base disabled:cursor-not-allowed disabled:opacity-60 ${
              pressed
                ? 'border-brand-700 bg-brand-700 text-white'
                : 'border-brand-700 bg-white text-brand-800 hover:bg-brand-50'
            }`}
          >
            <span>
              {text.names[view]}
              {view === 'en-retard' ? (
                <span className="tabular-nums"> {text.overdueCount(overdue)}</span>
              ) : null}
            </span>
          </button>
        );
      })}
    </div>
  );
}

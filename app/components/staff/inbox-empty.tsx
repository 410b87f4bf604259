import { staffText } from '#app/content/staff.ts';
import { callbackText } from '#app/content/callback.ts';
import type { InboxFilter, InboxView } from '#contracts/staff/contract.ts';
import { StaffButton } from './controls.tsx';

const text = staffText.inbox;

/** Whether the list is narrowed by the search box or a filter (the view and the page aside). */
function isNarrowed(filter: InboxFilter): boolean {
  return Object.entries(filter).some(
    ([key, value]) => key !== 'vue' && key !== 'page' && value !== undefined && value !== '',
  );
}

/**
 * An empty list says what the view holds and offers the way on: every request, or the list
 * without the search and filters.
 */
export function InboxEmpty({
  view,
  filter,
  busy,
  onShowAll,
  onClear,
}: {
  view: InboxView;
  filter: InboxFilter;
  busy: boolean;
  onShowAll: () => void;
  onClear: () => void;
}) {
  const narrowed = isNarrowed(filter);
  return (
    <div className="mt-4 rounded-card border border-slate-200 bg-white p-4 sm:p-6">
      <p className="text-slate-900">
        {narrowed
          ? text.emptyFiltered(view === 'toutes' ? undefined : callbackText.views.names[view])
          : text.empty[view]}
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        {view !== 'toutes' ? (
          <StaffButton tone="outline" disabled={busy} onClick={onShowAll}>
            {text.showAll}
          </StaffButton>
        ) : null}
        {narrowed ? (
          <StaffButton tone="outline" disabled={busy} onClick={onClear}>
            {text.clearFilters}
          </StaffButton>
        ) : null}
      </div>
    </div>
  );
}

import { useState } from 'react';

import { staffText } from '../../content/staff';
import {
  STAFF_API,
  type Counters,
  type InboxFilter,
  type InboxPage,
  type InboxView,
} from '../../../contracts/staff/contract';
import { StaffButton, StaffMessage } from './controls';
import { rememberFilter } from './filter-memory';
import { postJson } from './staff-api';
import { consumeFlash } from './flash';
import { InboxViews } from './callback/inbox-views';
import { InboxCounters } from './inbox-counters';
import { InboxExport } from './inbox-export';
import { InboxFilterForm } from './inbox-filter-form';
import { InboxTable } from './inbox-table';

const text = staffText.inbox;

export interface InboxData {
  page: InboxPage;
  counters: Counters;
  filter: InboxFilter;
}

/** The view the inbox opens on: the requests to call back, soonest due first. */
export const DEFAULT_VIEW: InboxView = 'a-rappeler';

/** `/equipe`: counters, search and filters, the list (paginated), then the CSV export. */
export function InboxScreen({ initial }: { initial: InboxData }) {
  const [page, setPage] = useState(initial.page);
  const [filter, setFilter] = useState(initial.filter);
  const [busy, setBusy] = useState(false);
  // The filter form keeps what was typed while a search loads; only a reset remounts it, once
  // the unfiltered list is in, so that its fields show no filter.
  const [formKey, setFormKey] = useState(0);
  const [error, setError] = useState<string>();
  const [flash] = useState(consumeFlash);
  // The moment the ages are counted from: when the list was loaded.
  const [now, setNow] = useState(() => Date.now());
  const view = filter.vue ?? DEFAULT_VIEW;
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize));

  const load = async (next: InboxFilter) => {
    setBusy(true);
    setError(undefined);
    try {
      setPage(await postJson<InboxPage>(STAFF_API.search, next));
      setNow(Date.now());
      setFilter(next);
      rememberFilter(next);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-brand-950">{text.title}</h1>
      {flash ? (
        <div className="mt-4">
          <StaffMessage tone="info">{flash}</StaffMessage>
        </div>
      ) : null}
      <InboxCounters counters={initial.counters} />

      <InboxFilterForm
        key={formKey}
        filter={filter}
        view={view}
        products={page.products}
        busy={busy}
        onApply={(next) => void load(next)}
        onReset={() => void load({ vue: DEFAULT_VIEW }).then(() => setFormKey((key) => key + 1))}
      />

      <section aria-labelledby="results-title" className="mt-8">
        <h2 id="results-title" className="text-xl font-semibold text-brand-950" aria-live="polite">
          {text.results(page.total)}
        </h2>
        <InboxViews
          current={view}
          overdue={page.overdue}
          disabled={busy}
          onChoose={(vue) => void load({ ...filter, vue, page: 1 })}
        />
        {error ? (
          <div className="mt-4">
            <StaffMessage tone="error">{error}</StaffMessage>
          </div>
        ) : null}
        {page.rows.length > 0 ? <InboxTable page={page} view={view} now={now} /> : null}
        {pages > 1 ? (
          <nav aria-label="Pagination" className="mt-4 flex flex-wrap items-center gap-3">
            <StaffButton
              tone="outline"
              disabled={busy || page.page <= 1}
              onClick={() => void load({ ...filter, page: page.page - 1 })}
            >
              {text.previous}
            </StaffButton>
            <span className="text-slate-800">{text.pageOf(page.page, pages)}</span>
            <StaffButton
              tone="outline"
              disabled={busy || page.page >= pages}
              onClick={() => void load({ ...filter, page: page.page + 1 })}
            >
              {text.next}
            </StaffButton>
          </nav>
        ) : null}
      </section>
      <InboxExport filter={filter} view={view} total={page.total} />
    </div>
  );
}

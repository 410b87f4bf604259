import { useRef, useState } from 'react';

import { staffText } from '#app/content/staff.ts';
import {
  STAFF_API,
  type Counters,
  type InboxFilter,
  type InboxPage,
} from '#contracts/staff/contract.ts';
import { StaffButton, StaffMessage } from './controls.tsx';
import { rememberFilter } from './filter-memory.ts';
import { postJson } from './staff-api.ts';
import { consumeFlash } from './flash.ts';
import { InboxViews } from './callback/inbox-views.tsx';
import { InboxCounters } from './inbox-counters.tsx';
import { InboxEmpty } from './inbox-empty.tsx';
import { InboxExport } from './inbox-export.tsx';
import { filterFrom, InboxFilterForm } from './inbox-filter-form.tsx';
import { InboxTable } from './inbox-table.tsx';
import { defaultViewFor, useMe } from './owner-parts.tsx';

const text = staffText.inbox;

export interface InboxData {
  page: InboxPage;
  counters: Counters;
  filter: InboxFilter;
}

/** The list shown, the filter it was loaded with, and loading another (remembered once in). */
function useInboxList(initial: InboxData) {
  const [page, setPage] = useState(initial.page);
  const [filter, setFilter] = useState(initial.filter);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  // The moment the ages are counted from: when the list was loaded.
  const [now, setNow] = useState(() => Date.now());
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
  return { page, filter, busy, error, now, load };
}

/** A one-time message from the screen before (e.g. after erasing a person). */
function InboxFlash() {
  const [flash] = useState(consumeFlash);
  return flash ? (
    <div className="mt-4">
      <StaffMessage tone="info">{flash}</StaffMessage>
    </div>
  ) : null;
}

function InboxPagination({
  page,
  pages,
  busy,
  onGo,
}: {
  page: number;
  pages: number;
  busy: boolean;
  onGo: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pagination" className="mt-4 flex flex-wrap items-center gap-3">
      <StaffButton tone="outline" disabled={busy || page <= 1} onClick={() => onGo(page - 1)}>
        {text.previous}
      </StaffButton>
      <span className="text-slate-800">{text.pageOf(page, pages)}</span>
      <StaffButton tone="outline" disabled={busy || page >= pages} onClick={() => onGo(page + 1)}>
        {text.next}
      </StaffButton>
    </nav>
  );
}

function InboxError({ error }: { error: string | undefined }) {
  return error ? (
    <div className="mt-4">
      <StaffMessage tone="error">{error}</StaffMessage>
    </div>
  ) : null;
}

/**
 * `/equipe`: the search box, the list in its view (paginated) right under it, the other filters
 * folded, then the CSV export and the counters: the first request is in view on a phone as on a
 * desktop.
 */
export function InboxScreen({ initial }: { initial: InboxData }) {
  const { page, filter, busy, error, now, load } = useInboxList(initial);
  // The filter form keeps what was typed while a search loads; only a reset remounts it, once
  // the unfiltered list is in, so that its fields show no filter.
  const [formKey, setFormKey] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const remountForm = () => setFormKey((key) => key + 1);
  // The view it opens on (ADR 0046): « Mes demandes » for a commercial, else « À traiter ».
  const me = useMe();
  const defaultView = defaultViewFor(me);
  const view = filter.vue ?? defaultView;
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize));

  const reset = () => void load({ vue: defaultView }).then(remountForm);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
      <h1 className="text-2xl font-bold tracking-tight text-brand-950 sm:text-3xl">{text.title}</h1>
      <InboxFlash />

      <InboxFilterForm
        key={formKey}
        filter={filter}
        view={view}
        products={page.products}
        people={page.people}
        busy={busy}
        onApply={(next) => void load(next)}
        formRef={formRef}
        onReset={reset}
      />

      <section aria-labelledby="results-title" className="mt-4">
        <div className="flex flex-wrap items-center justify-between gap-x-4">
          <h2
            id="results-title"
            className="text-xl font-semibold text-brand-950"
            aria-live="polite"
          >
            {text.results(page.total)}
          </h2>
          <InboxViews
            current={view}
            overdue={page.overdue}
            disabled={busy}
            onChoose={(vue) =>
              void load(formRef.current ? filterFrom(formRef.current, vue) : { ...filter, vue })
            }
          />
        </div>
        <InboxError error={error} />
        {page.rows.length > 0 ? (
          <InboxTable
            page={page}
            view={view}
            now={now}
            searching={filter.q !== undefined}
            onOwnerChanged={() => load(filter)}
          />
        ) : (
          <InboxEmpty
            view={view}
            filter={filter}
            busy={busy}
            onShowAll={() => void load({ ...filter, vue: 'toutes', page: 1 })}
            onClear={reset}
          />
        )}
        <InboxPagination
          page={page.page}
          pages={pages}
          busy={busy}
          onGo={(number) => void load({ ...filter, page: number }).then(remountForm)}
        />
      </section>

      <InboxExport
        filter={filter}
        view={view}
        total={page.total}
        all={me?.role === 'responsable'}
      />

      <InboxCounters counters={initial.counters} />
    </div>
  );
}

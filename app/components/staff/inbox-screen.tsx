import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';

import {
  deliveryLabel,
  formatAge,
  formatDateTime,
  formatShare,
  STATUS_LABELS,
  staffText,
} from '../../content/staff';
import {
  LEAD_STATUS_VALUES,
  STAFF_API,
  type Counters,
  type InboxFilter,
  type InboxPage,
  type InboxView,
  type LeadStatus,
} from '../../../contracts/staff/contract';
import { StaffButton, StaffInput, StaffMessage, StaffSelect } from './controls';
import { rememberFilter } from './filter-memory';
import { download, postJson } from './staff-api';
import { consumeFlash } from './flash';
import { DueCell } from './callback/due-cell';
import { FirstCallCounters } from './callback/first-call-counters';
import { InboxViews } from './callback/inbox-views';
import { callbackText } from '../../content/callback';

const text = staffText.inbox;

/** The list's columns, in the order the table shows them. */
const COLUMN_ORDER = [
  'person',
  'due',
  'received',
  'contact',
  'product',
  'status',
  'mails',
] as const satisfies ReadonlyArray<keyof typeof text.columns>;

export interface InboxData {
  page: InboxPage;
  counters: Counters;
  filter: InboxFilter;
}

/** The view the inbox opens on: the requests to call back, soonest due first. */
export const DEFAULT_VIEW: InboxView = 'a-rappeler';

/** The form's values as the API's filter: empty fields left out. */
function filterFrom(form: HTMLFormElement, vue: InboxView, page = 1): InboxFilter {
  const values = new FormData(form);
  const read = (name: string) => {
    const value = values.get(name);
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  };
  const filter: InboxFilter = {
    q: read('q'),
    status: read('status') as LeadStatus | undefined,
    produit: read('produit'),
    clientType: read('clientType') as InboxFilter['clientType'],
    from: read('from'),
    to: read('to'),
    sourcePage: read('sourcePage'),
    vue,
    page,
  };
  return Object.fromEntries(
    Object.entries(filter).filter(([, value]) => value !== undefined),
  ) as InboxFilter;
}

function CountersPanel({ counters }: { counters: Counters }) {
  return (
    <section aria-labelledby="counters-title" className="mt-8">
      <h2 id="counters-title" className="text-xl font-semibold text-brand-950">
        {text.countersTitle}
      </h2>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        {counters.windows.map((window) => (
          <div key={window.days} className="rounded-card border border-slate-200 bg-white p-4">
            <h3 className="font-semibold text-slate-900">{text.countersWindow(window.days)}</h3>
            <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
              <div>
                <dt className="text-slate-700">{text.total}</dt>
                <dd className="text-lg font-semibold tabular-nums">{window.total}</dd>
              </div>
              {LEAD_STATUS_VALUES.map((status) => (
                <div key={status}>
                  <dt className="text-slate-700">{STATUS_LABELS[status]}</dt>
                  <dd className="text-lg font-semibold tabular-nums">{window.byStatus[status]}</dd>
                </div>
              ))}
              <div>
                <dt className="text-slate-700">{text.converted}</dt>
                <dd className="text-lg font-semibold tabular-nums">
                  {formatShare(window.convertedShare)}
                </dd>
              </div>
            </dl>
            {window.byProduct.length > 0 ? (
              <>
                <h4 className="mt-3 text-sm font-semibold text-slate-800">{text.byProduct}</h4>
                <ul className="mt-1 text-sm text-slate-800">
                  {window.byProduct.map((entry) => (
                    <li key={entry.produit}>
                      {entry.produit || text.noProduct} :{' '}
                      <span className="tabular-nums">{entry.count}</span>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </div>
        ))}
      </div>
      <FirstCallCounters counters={counters} />
    </section>
  );
}

/** `/equipe`: counters, search and filters, the list (newest first, paginated), CSV export. */
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

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void load(filterFrom(event.currentTarget, view));
  };

  const exportCsv = async () => {
    setError(undefined);
    try {
      const { page: _page, ...rest } = filter;
      await download(STAFF_API.exportCsv, rest, 'demandes.csv');
    } catch (failure) {
      setError((failure as Error).message);
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
      <CountersPanel counters={initial.counters} />

      <section aria-labelledby="filters-title" className="mt-8">
        <h2 id="filters-title" className="text-xl font-semibold text-brand-950">
          {text.filtersTitle}
        </h2>
        <form
          key={formKey}
          onSubmit={submit}
          onReset={() => void load({ vue: DEFAULT_VIEW }).then(() => setFormKey((key) => key + 1))}
          className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
        >
          <div className="sm:col-span-2">
            <StaffInput
              label={text.search}
              name="q"
              type="search"
              maxLength={100}
              defaultValue={filter.q}
            />
          </div>
          <StaffSelect label={text.status} name="status" defaultValue={filter.status ?? ''}>
            <option value="">{text.any}</option>
            {LEAD_STATUS_VALUES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </StaffSelect>
          <StaffSelect label={text.product} name="produit" defaultValue={filter.produit ?? ''}>
            <option value="">{text.any}</option>
            {page.products.map((product) => (
              <option key={product} value={product}>
                {product}
              </option>
            ))}
          </StaffSelect>
          <StaffSelect
            label={text.clientType}
            name="clientType"
            defaultValue={filter.clientType ?? ''}
          >
            <option value="">{text.any}</option>
            {Object.entries(staffText.clientTypes).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </StaffSelect>
          <StaffInput label={text.from} name="from" type="date" defaultValue={filter.from} />
          <StaffInput label={text.to} name="to" type="date" defaultValue={filter.to} />
          <StaffInput
            label={text.sourcePage}
            name="sourcePage"
            maxLength={200}
            defaultValue={filter.sourcePage}
          />
          <div className="flex flex-wrap items-end gap-3 sm:col-span-2 lg:col-span-4">
            <StaffButton type="submit" disabled={busy}>
              {text.apply}
            </StaffButton>
            <StaffButton type="reset" tone="outline" disabled={busy}>
              {text.reset}
            </StaffButton>
            <StaffButton tone="outline" onClick={() => void exportCsv()}>
              {text.exportCsv}
            </StaffButton>
          </div>
        </form>
      </section>

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
        {page.rows.length > 0 ? (
          <div className="mt-4 overflow-x-auto rounded-card border border-slate-200 bg-white">
            <table className="w-full min-w-[44rem] text-left text-sm">
              <caption className="sr-only">{callbackText.captions[view]}</caption>
              <thead className="bg-slate-50 text-slate-800">
                <tr>
                  {COLUMN_ORDER.map((column) => (
                    <th key={column} scope="col" className="px-3 py-2">
                      {text.columns[column]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {page.rows.map((row) => {
                  const name = `${row.prenom} ${row.nom}`;
                  return (
                    <tr key={row.id} className="border-t border-slate-200 align-top">
                      <th scope="row" className="px-3 py-2 font-medium">
                        <Link
                          to={`/equipe/demandes/${row.id}`}
                          className="text-brand-800 underline"
                          aria-label={text.open(name)}
                        >
                          {name}
                        </Link>
                      </th>
                      <td className="px-3 py-2">
                        <DueCell clock={row.clock} now={page.now} timeZone={page.timeZone} />
                      </td>
                      <td className="px-3 py-2">
                        <span title={formatDateTime(row.createdAt)}>
                          {formatAge(row.createdAt, now)}
                        </span>
                        <span className="block text-slate-700">
                          {formatDateTime(row.createdAt)}
                        </span>
                      </td>
                      <td className="px-3 py-2 break-all">
                        {row.email}
                        <span className="block whitespace-nowrap">{row.telephone}</span>
                      </td>
                      <td className="px-3 py-2">{row.produit || '—'}</td>
                      <td className="px-3 py-2">{STATUS_LABELS[row.status]}</td>
                      <td className="px-3 py-2">
                        <ul>
                          {row.delivery.map((mail) => (
                            <li key={mail.kind}>
                              {staffText.lead.mailKind[mail.kind]} : {deliveryLabel(mail)}
                            </li>
                          ))}
                        </ul>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        ) : null}
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
    </div>
  );
}

import type { FormEvent, Ref } from 'react';

import { STATUS_LABELS, staffText } from '#app/content/staff.ts';
import {
  LEAD_STATUS_VALUES,
  type InboxFilter,
  type InboxView,
  type LeadOwner,
  type LeadStatus,
  OWNER_ME,
  OWNER_NOBODY,
} from '#contracts/staff/contract.ts';
import { ownerText } from '#app/content/owners.ts';
import { StaffButton, StaffInput, StaffSelect } from './controls.tsx';

const text = staffText.inbox;

/** The filters folded under « Plus de filtres »: the search box stays in view. */
const ADVANCED_FIELDS = [
  'owner',
  'status',
  'produit',
  'clientType',
  'from',
  'to',
  'sourcePage',
] as const satisfies ReadonlyArray<keyof InboxFilter>;

/** The form's values as the API's filter: empty fields left out. */
export function filterFrom(form: HTMLFormElement, vue: InboxView, page = 1): InboxFilter {
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
    owner: read('owner'),
    vue,
    page,
  };
  return Object.fromEntries(
    Object.entries(filter).filter(([, value]) => value !== undefined),
  ) as InboxFilter;
}

export interface InboxFilterFormProps {
  /** The form itself: choosing a view applies what its fields show (inbox-screen.tsx). */
  formRef?: Ref<HTMLFormElement>;
  /** The filter the list shows: the fields' initial values. */
  filter: InboxFilter;
  /** The view the search runs in (the tabs above the list choose it). */
  view: InboxView;
  /** The products the "Produit" list offers. */
  products: readonly string[];
  /** The team's people the owner filter offers. */
  people?: readonly LeadOwner[];
  busy: boolean;
  onApply: (filter: InboxFilter) => void;
  onReset: () => void;
}

/** The owner filter (ADR 0046): anyone, me, nobody, or one person of the team. */
function OwnerSelect({ filter, people }: { filter: InboxFilter; people: readonly LeadOwner[] }) {
  return (
    <StaffSelect label={ownerText.filter.label} name="owner" defaultValue={filter.owner ?? ''}>
      <option value="">{ownerText.filter.anyone}</option>
      <option value={OWNER_ME}>{ownerText.filter.me}</option>
      <option value={OWNER_NOBODY}>{ownerText.filter.nobody}</option>
      {people.map((person) => (
        <option key={person.id} value={person.id}>
          {person.name}
        </option>
      ))}
    </StaffSelect>
  );
}

/** The selects of the folded filters: status, product, kind of client. */
function FilterSelects({ filter, products }: { filter: InboxFilter; products: readonly string[] }) {
  return (
    <>
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
        {products.map((product) => (
          <option key={product} value={product}>
            {product}
          </option>
        ))}
      </StaffSelect>
      <StaffSelect label={text.clientType} name="clientType" defaultValue={filter.clientType ?? ''}>
        <option value="">{text.any}</option>
        {Object.entries(staffText.clientTypes).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </StaffSelect>
    </>
  );
}

/** « Plus de filtres »: a native `<details>`, open when one of its filters is set. */
function MoreFilters({
  filter,
  products,
  people,
  busy,
}: {
  filter: InboxFilter;
  products: readonly string[];
  people: readonly LeadOwner[];
  busy: boolean;
}) {
  // The filters beyond the search box stay folded unless one of them is in use.
  const narrowed = ADVANCED_FIELDS.some((field) => filter[field] !== undefined);
  return (
    <details open={narrowed} className="group mt-3">
      <summary className="inline-flex min-h-11 cursor-pointer list-none items-center gap-2 font-semibold text-brand-800 underline-offset-4 hover:underline [&::-webkit-details-marker]:hidden">
        <span
          aria-hidden="true"
          className="inline-block transition-transform group-open:rotate-90 motion-reduce:transition-none"
        >
          ▸
        </span>
        {text.moreFilters}
      </summary>
      <div className="mt-3 grid gap-4 rounded-card border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-3">
        <OwnerSelect filter={filter} people={people} />
        <FilterSelects filter={filter} products={products} />
        <StaffInput label={text.from} name="from" type="date" defaultValue={filter.from} />
        <StaffInput label={text.to} name="to" type="date" defaultValue={filter.to} />
        <StaffInput
          label={text.sourcePage}
          name="sourcePage"
          maxLength={200}
          defaultValue={filter.sourcePage}
        />
        <div className="flex flex-wrap items-end gap-3 sm:col-span-2 lg:col-span-3">
          <StaffButton type="reset" tone="outline" disabled={busy}>
            {text.reset}
          </StaffButton>
        </div>
      </div>
    </details>
  );
}

/**
 * The search box and « Filtrer » (which applies every field) in view; the other filters and
 * « Effacer les filtres » folded under « Plus de filtres » (a native `<details>`, open when one
 * of them is set). A new search term runs in « Toutes les demandes ». The CSV export is below
 * the list (inbox-export.tsx).
 */
export function InboxFilterForm({
  filter,
  view,
  formRef,
  products,
  people = [],
  busy,
  onApply,
  onReset,
}: InboxFilterFormProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = filterFrom(event.currentTarget, view);
    // A new search term looks in every request: a person already called, or whose request was
    // closed, is found too (each result says where it stands); a view then narrows it.
    onApply(next.q !== undefined && next.q !== filter.q ? { ...next, vue: 'toutes' } : next);
  };

  return (
    <section aria-labelledby="filters-title" className="mt-4">
      <h2 id="filters-title" className="sr-only">
        {text.filtersTitle}
      </h2>
      <form ref={formRef} onSubmit={submit} onReset={onReset}>
        <div className="flex items-end gap-3">
          <div className="min-w-0 flex-1">
            <StaffInput
              label={text.search}
              name="q"
              type="search"
              maxLength={100}
              defaultValue={filter.q}
            />
          </div>
          <StaffButton type="submit" disabled={busy}>
            {text.apply}
          </StaffButton>
        </div>
        <MoreFilters filter={filter} products={products} people={people} busy={busy} />
      </form>
    </section>
  );
}

import type { FormEvent } from 'react';

import { STATUS_LABELS, staffText } from '../../content/staff';
import {
  LEAD_STATUS_VALUES,
  type InboxFilter,
  type InboxView,
  type LeadStatus,
} from '../../../contracts/staff/contract';
import { StaffButton, StaffInput, StaffSelect } from './controls';

const text = staffText.inbox;

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

export interface InboxFilterFormProps {
  /** The filter the list shows: the fields' initial values. */
  filter: InboxFilter;
  /** The view the search runs in (the tabs above the list choose it). */
  view: InboxView;
  /** The products the "Produit" list offers. */
  products: readonly string[];
  busy: boolean;
  onApply: (filter: InboxFilter) => void;
  onReset: () => void;
}

/** Search and filters, with "Appliquer" and "Réinitialiser" (the CSV export is below the list). */
export function InboxFilterForm({
  filter,
  view,
  products,
  busy,
  onApply,
  onReset,
}: InboxFilterFormProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply(filterFrom(event.currentTarget, view));
  };

  return (
    <section aria-labelledby="filters-title" className="mt-8">
      <h2 id="filters-title" className="text-xl font-semibold text-brand-950">
        {text.filtersTitle}
      </h2>
      <form
        onSubmit={submit}
        onReset={onReset}
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
          {products.map((product) => (
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
        </div>
      </form>
    </section>
  );
}
